import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, openBrowser, registerTenant, reportFailure, toast, type Browser } from './browser';

// Issue 16, SMS templates: write a template with a variable, watch the part counter switch to
// UCS-2 when an emoji is typed, preview it as one of the company's contacts, edit it, delete it.

const SHOTS = '/tmp/kazi-sms-templates';

describe('SMS templates', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    await registerTenant(page, { country: 'KE' });
    // the company's own field, and a contact who has a value for it
    expect((await apiCall(page, 'POST', '/contacts/fields/store', { key: 'region', label: 'Region', type: 'text' })).status).toBe(201);
    const contact = await apiCall(page, 'POST', '/contacts/store', { first_name: 'Wanjiku', last_name: 'Kamau', phone: '0712 345678', custom: { region: 'Nakuru' } });
    expect(contact.status).toBe(201);
  });
  afterEach((context) => reportFailure(context, browser, 'sms-templates'));
  afterAll(async () => browser?.close());

  const dialog = () => page.getByRole('dialog');
  const counter = () => dialog().getByTestId('parts-counter');
  const previewText = () => dialog().getByTestId('preview-text');

  it('starts empty and offers to make the first template', async () => {
    await page.goto('/sms/templates');
    await page.getByRole('heading', { name: 'SMS templates', level: 1 }).waitFor();
    await page.getByText('No SMS templates yet').waitFor();
    await expectNoSeriousViolations(page, 'the empty templates page');
  });

  it('creates a template with a variable; the counter turns UCS-2 with an emoji', async () => {
    await page.getByRole('button', { name: 'New template' }).first().click();
    await dialog().getByRole('heading', { name: 'New SMS template' }).waitFor();
    await dialog().getByLabel(/^Name/).fill('Welcome');
    const body = dialog().getByLabel(/^Message/);
    await body.fill('Karibu ');
    // the variable goes where the caret is
    await dialog().getByRole('button', { name: 'Insert First name' }).click();
    await expect.poll(() => body.inputValue()).toBe('Karibu {{ first_name }}');
    await body.press('End');
    await body.pressSequentially(' from ');
    await dialog().getByRole('button', { name: 'Insert Region' }).click();
    await expect.poll(() => body.inputValue()).toBe('Karibu {{ first_name }} from {{ custom.region }}');
    await expect.poll(() => counter().textContent()).toMatch(/GSM-7\s*1 part·147 characters left in this part/);

    // the sample contact's preview, then one emoji: 70 characters a part
    await expect.poll(() => previewText().textContent()).toBe('Karibu Amina from Region');
    await body.press('End');
    await body.pressSequentially(' 🎉');
    await expect.poll(() => counter().textContent()).toMatch(/UCS-2\s*1 part·54 characters left in this part/);
    await dialog().getByText(/is not in the GSM alphabet/).waitFor();
    await expectNoSeriousViolations(page, 'the template dialog');

    await dialog().getByRole('button', { name: 'Create template' }).click();
    await toast(page, 'SMS template created successfully.').waitFor();
    await dialog().waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Welcome/ });
    await row.waitFor();
    await row.getByText('UCS-2').waitFor();
    await row.getByText('first_name, custom.region').waitFor();
  });

  it('refuses a variable that is not a contact field, in words, on the field', async () => {
    await page.getByRole('button', { name: 'New template' }).first().click();
    await dialog().getByLabel(/^Name/).fill('Typo');
    await dialog().getByLabel(/^Message/).fill('Hi {{ frist_name }}');
    // the preview says so as soon as typing pauses
    await dialog().getByTestId('template-preview').getByRole('alert').filter({ hasText: 'The message uses {{ frist_name }}, which is not a contact field.' }).waitFor();
    await dialog().getByRole('button', { name: 'Create template' }).click();
    // the server's refusal lands on the message field itself
    const message = dialog().getByLabel(/^Message/);
    await expect.poll(() => message.getAttribute('aria-invalid')).toBe('true');
    const described = (await message.getAttribute('aria-describedby'))!.split(' ');
    const texts = await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(texts).toContain('The message uses {{ frist_name }}, which is not a contact field.');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('previews for a chosen contact, then saves an edit', async () => {
    await page.getByRole('button', { name: 'Edit Welcome' }).click();
    await dialog().getByRole('heading', { name: 'Edit Welcome' }).waitFor();
    const picker = dialog().getByRole('combobox', { name: /^As received by/ });
    await picker.click();
    await picker.fill('Wanjiku');
    await page.getByRole('option', { name: /^Wanjiku Kamau/ }).click();
    await expect.poll(() => previewText().textContent()).toBe('Karibu Wanjiku from Nakuru 🎉');

    const body = dialog().getByLabel(/^Message/);
    await body.fill('Habari {{ name | upcase }}, see you in {{ custom.region }}.');
    await expect.poll(() => counter().textContent()).toMatch(/^GSM-7/);
    await expect.poll(() => previewText().textContent()).toBe('Habari WANJIKU KAMAU, see you in Nakuru.');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await toast(page, 'SMS template updated successfully.').waitFor();
    await dialog().waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Welcome/ });
    await row.getByText('GSM-7').waitFor();
    await row.getByText('name, custom.region').waitFor();

    // what was saved survives a reload
    await page.reload();
    await page.getByRole('row', { name: /Habari \{\{ name \| upcase \}\}/ }).waitFor();
  });

  it('reads well in dark mode and right to left, list and dialog (axe on each, screenshots in /tmp)', async () => {
    for (const mode of ['dark', 'rtl'] as const) {
      await page.evaluate((m) => {
        localStorage.setItem('darkMode', String(m === 'dark'));
        localStorage.setItem('direction', m === 'rtl' ? 'rtl' : 'ltr');
      }, mode);
      await page.goto('/sms/templates');
      await page.getByRole('row', { name: /Welcome/ }).waitFor();
      await expectNoSeriousViolations(page, `the templates list (${mode})`);
      await page.screenshot({ path: `${SHOTS}/list-${mode}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Edit Welcome' }).click();
      await expect.poll(() => previewText().textContent()).toBe('Habari AMINA OTIENO, see you in Region.');
      await expectNoSeriousViolations(page, `the template dialog (${mode})`);
      await page.screenshot({ path: `${SHOTS}/dialog-${mode}.png`, fullPage: true });
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
    }
    await page.evaluate(() => {
      localStorage.setItem('darkMode', 'false');
      localStorage.setItem('direction', 'ltr');
    });
    expect(browser.pageErrors).toEqual([]);
  });

  it('deletes a template after asking', async () => {
    await page.getByRole('button', { name: 'Delete Welcome' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Welcome', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'SMS template deleted successfully.').waitFor();
    await page.getByText('No SMS templates yet').waitFor();
    const list = await apiCall(page, 'GET', '/sms/templates/json');
    expect(list.json.total).toBe(0);
  });
});
