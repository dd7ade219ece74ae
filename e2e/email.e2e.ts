import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMailgunStandIn, STANDIN_MAILGUN, type MailgunStandIn } from '../server/testing/standins/mailgun';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, logIn, openBrowser, registerTenant, reportFailure, settled, toast, type Browser } from './browser';

// Issue 17, sending: a company with Mailgun set up (against the stand-in, which posts its signed
// events to the company's webhook address at once) sends an email to a segment from the compose
// dialog, sees the preview, then sees delivered, opened and bounced figures arrive on
// Email/Overview, the bounce with its reason in Email/Transactions, and the bounced contact left
// out of the next send's preview.

const demo = () => inject('demoLogin') ?? { email: 'demo@kazi.test', password: 'password' };

/** 100 credits for the signed-in company: a bank-transfer purchase that the platform operator (the demo login) approves. */
async function fundCompany(page: Page) {
  const made = await apiCall(page, 'POST', '/wallet/credits/purchase', { credits: '100' });
  expect(made.status).toBe(201);
  const paid = await apiCall(page, 'POST', '/wallet/complete-payment', { purchase_id: made.json.data!.id, driver: 'offline' });
  expect(paid.status).toBe(200);
  const { reference } = (paid.json.data as unknown as { action: { reference: string } }).action;
  const operator = await openBrowser();
  try {
    await logIn(operator.page, demo().email, demo().password);
    const found = await apiCall(operator.page, 'GET', `/operator/payments/json?search=${encodeURIComponent(reference)}`);
    const [payment] = (found.json as unknown as { data: { tenant_id: number; id: number }[] }).data;
    expect((await apiCall(operator.page, 'POST', `/operator/payments/${payment.tenant_id}/${payment.id}/approve`, {})).status).toBe(200);
  } finally {
    await operator.close();
  }
}

describe('email sending (issue 17)', () => {
  let browser: Browser;
  let page: Page;
  let mg: MailgunStandIn;
  const tag = Date.now().toString(36);
  const domain = `mg-${tag}.kilima.test`;
  const segmentName = `Newsletter ${tag}`;
  const people = { amina: `amina-${tag}@kilima.test`, brian: `brian-${tag}@kilima.test`, chep: `chep-${tag}@kilima.test` };

  beforeAll(async () => {
    mg = await startMailgunStandIn({
      port: inject('emailStandIns').mailgunPort,
      domains: [{ name: domain, state: 'active' }],
      autoEvents: true,
      recipients: { [people.amina]: { events: ['delivered', 'opened'] }, [people.brian]: { events: ['delivered'] }, [people.chep]: { events: ['failed-permanent'] } },
    });
    browser = await openBrowser();
    page = browser.page;
    await registerTenant(page);
    await fundCompany(page);
    const saved = await apiCall(page, 'POST', '/email/settings/update', {
      driver: 'mailgun',
      mailgun_key: STANDIN_MAILGUN.apiKey,
      mailgun_region: 'eu',
      mailgun_domain: domain,
      mailgun_from: `news@${domain}`,
      default_from_name: 'Kilima Traders',
      email_footer: 'Kilima Traders, Moi Avenue, Nairobi',
      webhook_signing_key: STANDIN_MAILGUN.signingKey,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const ids: number[] = [];
    for (const [name, email] of Object.entries(people)) {
      const made = await apiCall(page, 'POST', '/contacts/store', { first_name: name[0].toUpperCase() + name.slice(1), email, consent_email: 'granted' });
      expect(made.status, JSON.stringify(made.json)).toBe(201);
      ids.push(made.json.data!.id);
    }
    const segment = await apiCall(page, 'POST', '/segments/store', { name: segmentName, type: 'static' });
    expect(segment.status).toBe(201);
    expect((await apiCall(page, 'POST', `/segments/add-contacts/${segment.json.data!.id}`, { contact_ids: ids })).status).toBe(200);
  });
  afterEach((context) => reportFailure(context, browser, 'email'));
  afterAll(async () => {
    await browser?.close();
    await mg?.close();
  });

  it('shows the webhook address to give Mailgun, and Mailgun is told it', async () => {
    await page.goto('/email');
    await page.getByRole('heading', { name: 'Email', level: 1 }).waitFor();
    const address = page.getByLabel('Webhook address');
    await expect.poll(() => address.inputValue()).toMatch(/\/webhooks\/mailgun\/\d+\/[\w-]+$/);
    // the company pastes it in Mailgun › Webhooks
    mg.configure({ webhookUrl: await address.inputValue() });
    await settled(page);
    await expectNoSeriousViolations(page, 'Email/Overview');
  });

  it('composes an email to the segment, previews who gets it and how it looks, and sends it', async () => {
    await page.getByRole('button', { name: 'Send email' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Send email' });
    await dialog.getByRole('checkbox', { name: new RegExp(segmentName) }).check();
    await dialog.getByLabel(/^Subject/).fill('Our new season, {{ first_name }}');
    await dialog.getByLabel(/^Message \(HTML\)/).fill('<p>Hello {{ first_name }},</p><p>The new season is in the shop.</p>');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await preview.getByText(/^3 recipients/).waitFor();
    await preview.getByText(/^Subject: Our new season, Amina$/).waitFor();
    const frame = dialog.frameLocator('iframe[title="Email preview"]');
    await frame.getByText('Kilima Traders, Moi Avenue, Nairobi').waitFor();
    await expectNoSeriousViolations(page, 'Email compose');
    await dialog.getByRole('button', { name: 'Send email' }).click();
    await toast(page, 'Send Successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('sees delivered, opened and bounced arrive, the bounce with its reason, and the bounced contact left out next time', async () => {
    const card = (label: string) => page.locator('dl').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd').first();
    // the figures refresh by themselves while the page is open
    await expect.poll(() => card('Delivered').textContent(), { timeout: 30_000 }).toBe('2');
    await expect.poll(() => card('Opened').textContent(), { timeout: 30_000 }).toBe('1');
    await expect.poll(() => card('Bounced').textContent(), { timeout: 30_000 }).toBe('1');
    expect(mg.received().every((m) => m.headers['List-Unsubscribe-Post'] === 'List-Unsubscribe=One-Click')).toBe(true);

    await page.goto('/email/transactions?status=FAILED');
    const table = page.getByRole('table', { name: 'Email transactions' });
    const row = table.getByRole('row').filter({ hasText: people.chep });
    await row.getByText('Bounced', { exact: true }).waitFor();
    await row.getByText(/does not exist/).waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Email/Transactions');

    await page.goto('/email');
    await page.getByRole('button', { name: 'Send email' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Send email' });
    await dialog.getByRole('checkbox', { name: new RegExp(segmentName) }).check();
    await dialog.getByLabel(/^Subject/).fill('Second');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await preview.getByText(/^2 recipients/).waitFor();
    await preview.getByText(/1 unsubscribed or bounced/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/email/group-transactions');
    await page.getByRole('table', { name: 'Email sends' }).getByRole('row').filter({ hasText: 'Our new season' }).getByText('Completed').waitFor();
  });

  it('reads in dark mode and right to left, the compose dialog too', async () => {
    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await page.goto('/email');
    await page.getByText('Emails over time').waitFor();
    await page.getByRole('table', { name: 'Email sends' }).getByRole('row').filter({ hasText: 'Our new season' }).waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Email/Overview (dark)');
    await page.getByRole('button', { name: 'Send email' }).first().click();
    await page.getByRole('dialog', { name: 'Send email' }).getByLabel(/^Subject/).fill('Dark');
    await settled(page);
    await expectNoSeriousViolations(page, 'Email compose (dark)');
    await browser.screenshot('email-compose-dark');
    await page.keyboard.press('Escape');
    await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    await settled(page);
    await browser.screenshot('email-overview-rtl-dark');
    await page.goto('/email/group-transactions');
    await page.getByRole('table', { name: 'Email sends' }).getByRole('row').filter({ hasText: 'Our new season' }).waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Email/GroupTransactions (dark)');
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
  });
});
