import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSmtp } from '../server/testing/smtp';
import { startMailgunStandIn, STANDIN_MAILGUN, type MailgunStandIn } from '../server/testing/standins/mailgun';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, openBrowser, registerTenant, reportFailure, settled, toast, type Browser } from './browser';

// Issue 17, email settings: a company sets up Mailgun (key, region, from name, reply-to, footer),
// tests the connection against the Mailgun stand-in, adds two sending domains, reads the DNS
// records to create, verifies one (first while its records are missing, then in place), makes it
// the default, creates a sending key shown once, and deletes the other domain. The server runs
// with MAILGUN_API_URL on the stand-in's port (e2e/global-setup.ts); the stand-in runs here.

describe('email settings and domains (issue 17)', () => {
  let browser: Browser;
  let page: Page;
  let mg: MailgunStandIn;
  const tag = Date.now().toString(36);
  const first = `mg-${tag}.kilima.test`;
  const second = `news-${tag}.kilima.test`;

  beforeAll(async () => {
    mg = await startMailgunStandIn({ port: inject('emailStandIns').mailgunPort, dnsReady: false });
    browser = await openBrowser();
    page = browser.page;
    await registerTenant(page);
  });
  afterEach((context) => reportFailure(context, browser, 'email-settings'));
  afterAll(async () => {
    await browser?.close();
    await mg?.close();
  });

  const domainRow = (name: string) => page.getByRole('table', { name: 'Email domains' }).getByRole('row').filter({ hasText: name });

  it('refuses a wrong key on the connection test, then saves the settings with the key kept secret', async () => {
    await page.goto('/email/settings');
    await page.getByRole('heading', { name: 'Email settings', level: 1 }).waitFor();
    await page.getByText('Save your Mailgun API key above to add sending domains.').waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Email/Settings (empty)');

    // saving Mailgun without a key: the field says why
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The Mailgun API key is required to send through Mailgun.').waitFor();

    await page.getByLabel(/^API key/).fill('key-that-is-wrong-000');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.getByTestId('connection-result').textContent()).toMatch(/^Connection test failed: Mailgun refused the API key \(401\)/);

    await page.getByLabel(/^API key/).fill(STANDIN_MAILGUN.apiKey);
    await page.getByLabel(/^Region/).selectOption('eu');
    await page.getByLabel(/^Webhook signing key/).fill(STANDIN_MAILGUN.signingKey);
    await page.getByLabel(/^From name/).fill('Kilima Traders');
    await page.getByLabel(/^Reply-to address/).fill('help@kilima.test');
    await page.getByLabel(/^Footer/).fill('Kilima Traders, Moi Avenue, Nairobi');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.getByTestId('connection-result').textContent()).toMatch(/Connected to Mailgun/);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Email settings saved').waitFor();

    // after a reload the key is masked, never shown whole
    await page.reload();
    await page.getByRole('heading', { name: 'Email settings', level: 1 }).waitFor();
    expect(await page.getByLabel(/^API key/).inputValue()).toBe(`••••••••${STANDIN_MAILGUN.apiKey.slice(-4)}`);
    expect(await page.content()).not.toContain(STANDIN_MAILGUN.apiKey);
    expect(await page.getByLabel(/^From name/).inputValue()).toBe('Kilima Traders');
  });

  it('adds two domains, each with the DNS records to create', async () => {
    const add = page.getByLabel(/^Add a domain/);
    await add.fill('not a domain');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByText('Enter a domain name such as mg.example.org.').waitFor();

    await add.fill(first);
    await page.getByRole('button', { name: 'Add domain' }).click();
    const dialog = page.getByRole('dialog', { name: `DNS records for ${first}` });
    // the dialog's own box has no size (its panel is fixed): wait for what it shows
    const records = dialog.getByTestId('dns-records');
    await records.waitFor();
    for (const purpose of ['SPF', 'DKIM', 'Tracking', 'MX (receiving)']) await records.getByRole('row').filter({ hasText: purpose }).first().waitFor();
    expect(await records.getByText('Not checked').count()).toBe(5);
    await records.getByText('v=spf1 include:mailgun.org ~all').waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Email/Settings, DNS records');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    await add.fill(second);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('dialog', { name: `DNS records for ${second}` }).getByRole('button', { name: 'Close' }).first().click();
    // the first domain is the sending domain until another is chosen
    await domainRow(first).getByText('Default').waitFor();
    expect(await domainRow(second).getByText('Default').count()).toBe(0);
    expect(mg.domain(first)).toBeDefined();
    expect(mg.domain(second)).toBeDefined();
  });

  it('verifies a domain: not yet while its records are missing, then verified', async () => {
    await domainRow(second).getByRole('button', { name: `DNS records and verification of ${second}` }).click();
    const dialog = page.getByRole('dialog', { name: `DNS records for ${second}` });
    await dialog.getByRole('button', { name: 'Verify now' }).click();
    await expect.poll(() => dialog.getByTestId('verify-result').textContent()).toMatch(/is not verified yet: 3 DNS records are not in place/);
    expect(await dialog.getByText('Not found').count()).toBe(5);

    mg.configure({ dnsReady: true });
    await dialog.getByRole('button', { name: 'Verify now' }).click();
    await expect.poll(() => dialog.getByTestId('verify-result').textContent()).toBe(`${second} is verified`);
    expect(await dialog.getByText('In place').count()).toBe(5);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await domainRow(second).getByText('Verified').waitFor();
    await domainRow(second).getByText('3 of 3 in place').waitFor();
  });

  it('makes the verified domain the default: one default at a time, the sending domain follows', async () => {
    await domainRow(second).getByRole('button', { name: `Make ${second} the default` }).click();
    await toast(page, `${second} is now the sending domain`).waitFor();
    await domainRow(second).getByText('Default').waitFor();
    await expect.poll(() => domainRow(first).getByText('Default').count()).toBe(0);
    await page.getByText(`Sending domain: ${second}`).waitFor();
    const settings = await apiCall(page, 'GET', '/email/settings/json');
    expect((settings.json.data as unknown as { mailgun_domain: string }).mailgun_domain).toBe(second);
  });

  it('creates a sending key shown once, then deletes it', async () => {
    await domainRow(second).getByRole('button', { name: `Sending keys of ${second}` }).click();
    const dialog = page.getByRole('dialog', { name: `Sending keys for ${second}` });
    await dialog.getByText('No sending keys for this domain yet.').waitFor();
    await dialog.getByLabel('Description').fill('Website forms');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = dialog.getByTestId('new-key');
    await shown.getByText('Copy this key now: it is not shown again.').waitFor();
    const secret = (await shown.locator('code').textContent())!;
    expect(secret.length).toBeGreaterThan(20);
    await dialog.getByRole('list', { name: 'Sending keys' }).getByText('Website forms').waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Email/Settings, sending keys');
    await dialog.getByRole('button', { name: 'Delete key Website forms' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('No sending keys for this domain yet.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
  });

  it('deletes the other domain here and on Mailgun', async () => {
    await domainRow(first).getByRole('button', { name: `Delete ${first}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Domain deleted').waitFor();
    await expect.poll(() => domainRow(first).count()).toBe(0);
    expect(mg.domain(first)).toBeUndefined();
  });

  it('chooses an SMTP server instead, tested before it is saved, and back to Mailgun with its key kept', async () => {
    const smtp = await startSmtp({ auth: { user: 'relay', pass: 'relay-password' } });
    try {
      await page.goto('/email/settings');
      await page.getByRole('radio', { name: /SMTP server/ }).check();
      await page.getByLabel(/^Host/).fill('127.0.0.1');
      await page.getByLabel(/^Port/).fill(new URL(smtp.url).port);
      await page.getByLabel(/^Security/).selectOption('none');
      await page.getByLabel(/^From address/).fill('news@kilima.test');
      await page.getByLabel(/^User name/).fill('relay');
      await page.getByLabel(/^Password/).fill('not-the-password');
      await page.getByRole('button', { name: 'Test connection' }).click();
      await expect.poll(() => page.getByTestId('connection-result').textContent()).toMatch(/^Connection test failed: The SMTP server at 127\.0\.0\.1:\d+ refused the user name or password/);
      await page.getByLabel(/^Password/).fill('relay-password');
      await page.getByRole('button', { name: 'Test connection' }).click();
      await expect.poll(() => page.getByTestId('connection-result').textContent()).toBe('Connected to the SMTP server and logged in.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, 'Email settings saved').waitFor();
      await page.getByText('Domains are managed through Mailgun; with an SMTP server your mail host handles them.').waitFor();

      await page.reload();
      expect(await page.getByRole('radio', { name: /SMTP server/ }).isChecked()).toBe(true);
      // a 14-character password shows its last 2 characters at most
      expect(await page.getByLabel(/^Password/).inputValue()).toBe('••••••••rd');
      expect(await page.content()).not.toContain('relay-password');
      await page.getByRole('radio', { name: /Mailgun/ }).check();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, 'Email settings saved').waitFor();
      await domainRow(second).waitFor();
    } finally {
      await smtp.close();
    }
  });

  it('reads in dark mode and right to left', async () => {
    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await page.goto('/email/settings');
    await domainRow(second).waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Email/Settings (dark)');
    await browser.screenshot('email-settings-dark');
    await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    await settled(page);
    await browser.screenshot('email-settings-rtl-dark');
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
  });
});
