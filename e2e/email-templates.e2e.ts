import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, startSmtp } from '../server/testing/smtp';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, openBrowser, registerTenant, reportFailure, settled, toast, type Browser } from './browser';
import { dragGrapesBlock, grapesBlock, grapesCanvas } from './grapes';

// Issue 17, e-mail templates: build a template in the visual editor by dragging a text block
// and a button, write in it with a variable, save, reload and find it again, preview it for a
// contact; a script in a text block or in a contact's name never runs, in the editor or the preview.

const SHOTS = '/tmp/kazi-email-templates';
const XSS = '<img src=x onerror="window.top.__xss=1">';

describe('Email templates', () => {
  let browser: Browser;
  let page: Page;
  let dialogs = 0;

  beforeAll(async () => {
    browser = await openBrowser({ viewport: { width: 1440, height: 1000 } });
    page = browser.page;
    page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    await registerTenant(page, { country: 'KE' });
    expect((await apiCall(page, 'POST', '/contacts/fields/store', { key: 'region', label: 'Region', type: 'text' })).status).toBe(201);
    const wanjiku = await apiCall(page, 'POST', '/contacts/store', { first_name: 'Wanjiku', last_name: 'Kamau', email: 'wanjiku@example.com', custom: { region: 'Nakuru' } });
    expect(wanjiku.status).toBe(201);
    const evil = await apiCall(page, 'POST', '/contacts/store', { first_name: XSS, last_name: 'Mallory', email: 'mallory@example.com', custom: { region: '<script>window.top.__xss=2</script>' } });
    expect(evil.status).toBe(201);
  });
  afterEach((context) => reportFailure(context, browser, 'email-templates'));
  afterAll(async () => browser?.close());

  const canvas = (): FrameLocator => grapesCanvas(page);
  const block = (name: string) => grapesBlock(page, name);
  const drag = (name: string, text: string) => dragGrapesBlock(page, name, text, `${SHOTS}/dropped-${name.toLowerCase()}.png`);
  const noScriptRan = async () => {
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toBe(0);
  };

  it('starts empty and offers to make the first template', async () => {
    await page.goto('/email/templates');
    await page.getByRole('heading', { name: 'Email templates', level: 1 }).waitFor();
    await page.getByText('No email templates yet').waitFor();
    await expectNoSeriousViolations(page, 'the empty templates page');
  });

  it('builds a template by dragging a text block and a button, with a variable, and saves it', async () => {
    await page.goto('/email/templates');
    await page.getByRole('link', { name: 'New template' }).first().click();
    await page.getByRole('heading', { name: 'New email template' }).waitFor();
    await block('Text').waitFor();
    await canvas().getByText('Write your message here.').waitFor();
    // our part of the page (GrapesJS's own panels are its own)
    await expectNoSeriousViolations(page, 'the template form', { include: 'main form > div:not(:last-child)' });
    await page.getByLabel(/^Name/).fill('Spring newsletter');
    await page.getByLabel(/^Subject/).fill('News for ');
    await page.getByRole('button', { name: 'Insert First name' }).click();
    await expect.poll(() => page.getByLabel(/^Subject/).inputValue()).toBe('News for {{ first_name }}');

    // drag a text block and a button under the starter text
    await drag('Text', 'Write your message here.');
    await canvas().getByText('Insert text here').waitFor();
    await drag('Button', 'Write your message here.');
    await canvas().getByText('Button', { exact: true }).waitFor();

    // write in the new text block, with a variable where the cursor is and a script as text
    await canvas().getByText('Insert text here').dblclick();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(`Dear `);
    // the variable goes at the end of the selected text block
    await page.getByRole('button', { name: 'Insert Region' }).click();
    await canvas().getByText('Dear {{ custom.region }}').waitFor();
    await canvas().getByText('Dear {{ custom.region }}').dblclick();
    await page.keyboard.press('End');
    await page.keyboard.type(` friend ${XSS}`);
    await canvas().getByText(/Dear\s\{\{ custom\.region \}\}\sfriend/).waitFor();
    await page.screenshot({ path: `${SHOTS}/built.png` });
    await noScriptRan();

    await page.getByRole('button', { name: 'Create template' }).click();
    await toast(page, 'Email template created successfully.').waitFor();
    await page.waitForURL(/\/email\/templates\/\d+\/edit$/);
    await page.getByRole('heading', { name: 'Spring newsletter', level: 1 }).waitFor();
  });

  it('finds the design again after a reload, and in the list', async () => {
    await page.reload();
    await canvas().getByText(/Dear\s\{\{ custom\.region \}\}\sfriend/).waitFor();
    await canvas().getByText('Button', { exact: true }).waitFor();
    await noScriptRan();
    expect(await page.getByLabel(/^Subject/).inputValue()).toBe('News for {{ first_name }}');
    await page.goto('/email/templates');
    const row = page.getByRole('row', { name: /Spring newsletter/ });
    await row.waitFor();
    await row.getByText('first_name, custom.region').waitFor();
    await expectNoSeriousViolations(page, 'the templates list');
    await noScriptRan();
  });

  it('previews for a chosen contact in a sandboxed frame, values escaped, nothing run', async () => {
    await page.getByRole('link', { name: 'Edit Spring newsletter' }).click();
    await canvas().getByText(/Dear\s\{\{ custom\.region \}\}\sfriend/).waitFor();
    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog');
    const frame = dialog.getByTestId('preview-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    // the sample contact first
    await page.frameLocator('[data-testid="preview-frame"]').getByText(/Dear\sRegion\sfriend/).waitFor();

    await dialog.getByRole('combobox', { name: 'As received by' }).fill('Wanjiku');
    await page.getByRole('option', { name: /Wanjiku Kamau/ }).click();
    await page.frameLocator('[data-testid="preview-frame"]').getByText(/Dear\sNakuru\sfriend\s<img src=x onerror="window\.top\.__xss=1">/).waitFor();
    expect(await dialog.getByTestId('preview-subject').textContent()).toBe('News for Wanjiku');

    await dialog.getByRole('combobox', { name: 'As received by' }).fill('Mallory');
    await page.getByRole('option', { name: /Mallory/ }).click();
    await page.frameLocator('[data-testid="preview-frame"]').getByText(/Dear\s<script>window\.top\.__xss=2<\/script>\sfriend/).waitFor();
    expect(await dialog.getByTestId('preview-subject').textContent()).toBe(`News for ${XSS}`);
    const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
    expect(srcdoc).not.toContain('<script>window.top');
    expect(srcdoc).not.toContain('<img src=x');
    await page.screenshot({ path: `${SHOTS}/preview.png` });
    await expectNoSeriousViolations(page, 'the preview dialog', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Plain text' }).click();
    expect(await dialog.getByTestId('preview-text').textContent()).toMatch(/Dear\s<script>window\.top\.__xss=2<\/script>\sfriend/);
    await noScriptRan();
    await page.keyboard.press('Escape');
  });

  it('sends a test of the saved template through the company’s SMTP server', async () => {
    const smtp = await startSmtp();
    try {
      const settings = await apiCall(page, 'POST', '/email/settings/update', { driver: 'smtp', smtp_host: '127.0.0.1', smtp_port: Number(new URL(smtp.url).port), smtp_security: 'none', smtp_from: 'news@kilima.test' });
      expect(settings.status).toBe(200);
      await page.getByRole('button', { name: 'Send test' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/^Send to/).fill('tester@example.org');
      await dialog.getByRole('button', { name: 'Send test' }).click();
      await toast(page, 'Send Successfully').waitFor();
      await dialog.waitFor({ state: 'detached' });
      const mail = decodeQuotedPrintable((await smtp.waitFor('tester@example.org')).raw);
      expect(mail).toContain('Subject: [Test] News for Amina');
      expect(mail).toMatch(/Dear\W+Region\W+friend/);
      // the HTML part carries the typed tag as text (the plain-text part shows it as typed)
      const html = mail.slice(mail.indexOf('Content-Type: text/html'));
      expect(html).toMatch(/&lt;img src=x onerror=(&quot;|")window\.top\.__xss=1(&quot;|")&gt;/);
      expect(html).not.toContain('<img src=x');
      // the template itself was not saved again by the dialog's submit
      expect(page.url()).toMatch(/\/email\/templates\/\d+\/edit$/);
    } finally {
      await smtp.close();
    }
  });

  it('refuses a script a template carries: stripped on save, never run in the editor', async () => {
    const mjml = `<mjml><mj-body><mj-section><mj-column><mj-text>Safe text<script>window.top.__xss=3</script><img src="https://x.example/a.png" onerror="window.top.__xss=4"></mj-text></mj-column></mj-section></mj-body></mjml>`;
    const stored = await apiCall(page, 'POST', '/email/templates/store', { name: 'Hostile', subject: 'S', mjml });
    expect(stored.status).toBe(201);
    await page.goto(`/email/templates/${stored.json.data!.id}/edit`);
    await canvas().getByText('Safe text').waitFor();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.frameLocator('[data-testid="preview-frame"]').getByText('Safe text').waitFor();
    const srcdoc = (await page.getByTestId('preview-frame').getAttribute('srcdoc')) ?? '';
    expect(srcdoc).not.toContain('<script');
    expect(srcdoc).not.toContain('onerror');
    await noScriptRan();
    // what the template carries is refused by the page's Content-Security-Policy too, should
    // anything let it through: its off-site image and its inline handler, nothing else
    const refused = browser.takeCspViolations(/\/email\/templates\/\d+\/edit: .*(x\.example\/a\.png|inline event handler)/);
    expect(browser.cspViolations).toEqual([]);
    expect(refused.length).toBeGreaterThan(0);
  });

  it('reads in dark mode and right to left, the editor too', async () => {
    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await page.goto('/email/templates');
    await page.getByRole('row', { name: /Spring newsletter/ }).waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Email/Templates/Index (dark)');
    await page.getByRole('link', { name: 'Edit Spring newsletter' }).click();
    await canvas().getByText(/Dear\s\{\{ custom\.region \}\}\sfriend/).waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'the template form (dark)', { include: 'main form > div:not(:last-child)' });
    await page.screenshot({ path: `${SHOTS}/edit-dark.png` });
    await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/edit-rtl-dark.png` });
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
  });
});
