import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { CallbackSecrets } from '../server/providers/sms/callbacks';
import { startAfricasTalkingStandIn, type AfricasTalkingStandIn } from '../server/testing/standins/africastalking';
import { expectNoSeriousViolations } from './a11y';
import { E2E_APP_KEY } from './app-key';
import { apiCall, fundCompany, openBrowser, registerTenant, reportFailure, settled, toast, type Browser } from './browser';

// Issue 16, "Done means": compose an SMS to a segment, see the cost preview, send, watch the
// progress, see the delivery reports arrive from the Africa's Talking stand-in in
// Sms/Transactions, and the wallet debited. The server runs with SMS_DRIVERS=africastalking on
// the stand-in's port (e2e/global-setup.ts); the stand-in runs here, posting its delivery reports
// to the company's secret address (server/providers/sms/callbacks.ts), as the dashboard of the
// company's Africa's Talking app would be set up.


/** the figure of a stat card ("Balance") as the page shows it */
const statValue = (page: Page, label: string) => page.locator('dl').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd').first();

const balanceOf = async (page: Page) => Number(((await apiCall(page, 'GET', '/wallet/metrics')).json.data as unknown as { balance: string }).balance);

describe('bulk SMS (issue 16)', () => {
  let browser: Browser;
  let page: Page;
  let at: AfricasTalkingStandIn;
  const segmentName = `Nairobi members ${Date.now().toString(36)}`;
  // Kenyan numbers: the last digit chooses the stand-in's answer (9: the network fails it)
  const phones = { amina: '+254712000101', brian: '+254712000102', chep: '+254712000109', dan: '+254712000103' };
  let messageId = 0;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    await registerTenant(page, { country: 'KE' });
    // the page object of a first visit (Inertia's script[data-page]) names the company
    await page.goto('/sms');
    const tenantId = await page.evaluate(() => JSON.parse(document.querySelector('script[data-page="app"]')!.textContent!).props.tenant.id as number);
    const deliveryReportUrl = new CallbackSecrets(E2E_APP_KEY).url(`${inject('baseURL')}/webhooks/sms/delivery`, 'sms-delivery', String(tenantId));
    at = await startAfricasTalkingStandIn({
      port: inject('smsStandIns').africastalkingPort,
      deliveryReportUrl,
      numbers: { '9': { report: 'Failed', failureReason: 'UserInBlacklist' } },
    });
    await fundCompany(page);

    // three contacts who agreed to SMS, one who did not, all in one segment
    const ids: number[] = [];
    for (const [name, phone] of Object.entries(phones)) {
      const made = await apiCall(page, 'POST', '/contacts/store', { first_name: name[0].toUpperCase() + name.slice(1), phone, ...(name === 'dan' ? {} : { consent_sms: 'granted' }) });
      expect(made.status, JSON.stringify(made.json)).toBe(201);
      ids.push(made.json.data!.id);
    }
    expect((await apiCall(page, 'POST', '/sms/templates/store', { name: 'Friday meeting', body: 'Hello {{ first_name }}, the meeting is on Friday at 10.' })).status).toBe(201);
    const segment = await apiCall(page, 'POST', '/segments/store', { name: segmentName, type: 'static' });
    expect(segment.status).toBe(201);
    expect((await apiCall(page, 'POST', `/segments/add-contacts/${segment.json.data!.id}`, { contact_ids: ids })).status).toBe(200);
  });
  afterEach((context) => reportFailure(context, browser, 'sms'));
  afterAll(async () => {
    await browser?.close();
    await at?.close();
  });

  it('composes an SMS to a segment and shows what it will cost before sending', async () => {
    await page.goto('/sms');
    await page.getByRole('heading', { name: 'SMS', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New SMS' }).first().click();
    await page.waitForURL(/\/sms\/messages\/create$/);
    await page.getByRole('heading', { name: 'New SMS', level: 1 }).waitFor();

    // the send button waits for a valid preview
    const send = page.getByRole('button', { name: 'Send', exact: true });
    expect(await send.isDisabled()).toBe(true);

    await page.getByRole('combobox', { name: 'Segments' }).click();
    await page.getByRole('combobox', { name: 'Segments' }).fill(segmentName.slice(0, 12));
    await page.getByRole('option', { name: new RegExp(segmentName) }).click();
    await page.getByRole('button', { name: `Remove ${segmentName}`, exact: false }).waitFor();
    await page.keyboard.press('Escape');
    // the template fills the text
    await page.getByLabel('Template').selectOption({ label: 'Friday meeting' });
    await expect.poll(() => page.getByLabel(/^Text/).inputValue()).toBe('Hello {{ first_name }}, the meeting is on Friday at 10.');
    // whatever the hour of the run: quiet hours (20:00 to 08:00 in Nairobi) would hold the send until morning
    await page.getByLabel('Send even in quiet hours').check();

    const cost = page.getByTestId('sms-cost');
    await cost.getByText('without SMS consent').waitFor();
    await expect.poll(() => cost.locator('dt', { hasText: /^Recipients$/ }).locator('xpath=..').locator('dd').textContent()).toBe('3');
    expect(await cost.getByText('1 without SMS consent').count()).toBe(1);
    await cost.getByText(/^As the first recipient gets it$/).waitFor();
    expect(await page.getByTestId('sms-rendered').textContent()).toMatch(/^Hello (Amina|Brian|Chep), the meeting is on Friday at 10\.$/);
    expect(await page.getByTestId('sms-counter').textContent()).toMatch(/^\d+ characters · 1 part · \d+ left · GSM-7$/);
    await expect.poll(() => send.isDisabled()).toBe(false);
    await settled(page);
    await expectNoSeriousViolations(page, 'Sms/Messages/Create');

    // a character outside GSM-7 is named, and the message becomes UCS-2
    await page.getByLabel(/^Text/).fill('Habari {{ first_name }} 🎉 see you Friday');
    await page.getByTestId('ucs2-characters').getByText('🎉').waitFor();
    await expect.poll(() => page.getByTestId('sms-counter').textContent()).toMatch(/UCS-2$/);
    await page.getByLabel(/^Text/).fill('Hello {{ first_name }}, the meeting is on Friday at 10.');
    await expect.poll(() => page.getByTestId('sms-counter').textContent()).toMatch(/GSM-7$/);
    await expect.poll(() => send.isDisabled()).toBe(false);

    await send.click();
    await toast(page, 'SMS queued for sending').waitFor();
    await page.waitForURL(/\/sms\/messages$/);
  });

  it('shows the send moving to completed, then every recipient with its delivery report', async () => {
    await page.getByRole('heading', { name: 'SMS messages', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'SMS messages' });
    const row = table.getByRole('row').filter({ hasText: 'Hello {{ first_name }}' }).first();
    // the list asks again by itself while the send moves: no reload
    await row.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await settled(page);
    await expectNoSeriousViolations(page, 'Sms/Messages/Index');

    const list = await apiCall(page, 'GET', '/sms/messages/json');
    messageId = (list.json as unknown as { data: { id: number }[] }).data[0].id;
    expect(at.received().map((m) => m.to).sort()).toEqual([phones.amina, phones.brian, phones.chep].sort());
    expect(at.duplicates()).toEqual([]);

    await row.getByRole('link', { name: /recipients: see their delivery/ }).click();
    await page.waitForURL(new RegExp(`/sms/transactions\\?message_id=${messageId}`));
    const recipients = page.getByRole('table', { name: 'SMS transactions' });
    // the reports came from the stand-in to the webhook; the list follows them by itself
    await recipients.getByRole('row').filter({ hasText: 'Amina' }).getByText('Delivered', { exact: true }).waitFor({ timeout: 30_000 });
    await recipients.getByRole('row').filter({ hasText: 'Brian' }).getByText('Delivered', { exact: true }).waitFor({ timeout: 30_000 });
    const chep = recipients.getByRole('row').filter({ hasText: 'Chep' });
    await chep.getByText('Failed', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await recipients.getByRole('row').filter({ hasText: 'Dan' }).count()).toBe(0);
    await settled(page);
    await expectNoSeriousViolations(page, 'Sms/Transactions');

    // the drawer tells a recipient's story
    await recipients.getByRole('row').filter({ hasText: 'Amina' }).getByRole('button', { name: /Details of the SMS to Amina/ }).click();
    const drawer = page.getByRole('dialog', { name: 'SMS recipient' });
    await drawer.getByRole('list', { name: 'History' }).getByText('Delivered').first().waitFor();
    await drawer.getByText(phones.amina).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('has taken the credits from the wallet and shows the send on the overview', async () => {
    await page.goto('/wallet');
    await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor();
    const balance = await balanceOf(page);
    expect(balance).toBeLessThan(1000);
    expect(balance).toBeGreaterThan(0);
    await statValue(page, 'Balance').filter({ hasNotText: /^1,000 credits$/ }).waitFor();

    await page.goto('/sms');
    await statValue(page, 'Total').filter({ hasText: /^1$/ }).waitFor();
    await statValue(page, 'Sent').filter({ hasText: /^1$/ }).waitFor();
    await page.getByRole('list', { name: 'Recent SMS transactions' }).getByText('Delivered').first().waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Sms/Overview');
  });

  it('schedules an SMS to a contact and pasted numbers, edits it while it waits, cancels it and deletes it', async () => {
    await page.goto('/sms/messages/create');
    await page.getByRole('combobox', { name: 'Contacts' }).click();
    await page.getByRole('combobox', { name: 'Contacts' }).fill('Amina');
    await page.getByRole('option', { name: /^Amina/ }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Phone numbers').fill('0733 000001\nnot a number');
    await page.getByLabel(/^Text/).fill('Reminder: the AGM is on Saturday.');
    await page.getByLabel('Schedule for later').check();
    // tomorrow at 10:00 in the company's time zone (Nairobi, outside quiet hours)
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
    await page.getByLabel(/^Date and time/).fill(`${tomorrow}T10:00`);

    const cost = page.getByTestId('sms-cost');
    await cost.getByText('1 number could not be read').waitFor();
    await cost.getByText('not a number').waitFor();
    await expect.poll(() => cost.locator('dt', { hasText: /^Recipients$/ }).locator('xpath=..').locator('dd').textContent()).toBe('2');
    // the server refuses numbers it cannot read: the form waits until they are gone
    const schedule = page.getByRole('button', { name: 'Schedule', exact: true });
    expect(await schedule.isDisabled()).toBe(true);
    await page.getByLabel('Phone numbers').fill('0733 000001');
    await expect.poll(() => cost.getByText('could not be read').count()).toBe(0);
    await expect.poll(() => schedule.isDisabled()).toBe(false);
    await schedule.click();
    await toast(page, 'SMS scheduled successfully').waitFor();
    await page.waitForURL(/\/sms\/messages$/);

    const table = page.getByRole('table', { name: 'SMS messages' });
    const row = table.getByRole('row').filter({ hasText: 'Reminder: the AGM' });
    await row.getByText('Scheduled', { exact: true }).waitFor();
    await row.getByRole('link', { name: /^Edit the SMS of/ }).click();
    await page.waitForURL(/\/sms\/messages\/\d+\/edit$/);
    const text = page.getByLabel(/^Text/);
    await expect.poll(() => text.inputValue()).toBe('Reminder: the AGM is on Saturday.');
    await page.getByRole('button', { name: /Remove Amina/ }).waitFor();
    expect(await page.getByLabel(/^Date and time/).inputValue()).toBe(`${tomorrow}T10:00`);
    await settled(page);
    await expectNoSeriousViolations(page, 'Sms/Messages/Edit');
    await text.fill('Reminder: the AGM is on Saturday at 9.');
    const save = page.getByRole('button', { name: 'Save changes' });
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await toast(page, 'SMS updated successfully').waitFor();
    await page.waitForURL(/\/sms\/messages$/);

    const edited = table.getByRole('row').filter({ hasText: 'Reminder: the AGM is on Saturday at 9.' });
    await edited.getByRole('button', { name: /^Cancel the SMS of/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this SMS?' });
    await confirm.getByRole('button', { name: 'Cancel the SMS' }).click();
    await toast(page, 'SMS cancelled').waitFor();
    await edited.getByText('Cancelled', { exact: true }).waitFor();

    // a cancelled SMS cannot be edited: its edit page sends back to the list, saying why (an update makes the send anew: its id is the row's)
    const href = await edited.getByRole('link', { name: /recipients: see their delivery/ }).getAttribute('href');
    await page.goto(`/sms/messages/${/message_id=(\d+)/.exec(href ?? '')![1]}/edit`);
    await page.waitForURL(/\/sms\/messages$/);
    await toast(page, 'This SMS can no longer be edited: it is cancelled. Only a scheduled SMS can be changed.').waitFor();

    await edited.getByRole('button', { name: /^Delete the SMS of/ }).click();
    await page.getByRole('alertdialog', { name: 'Delete this SMS?' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'SMS deleted successfully').waitFor();
    await expect.poll(() => edited.count()).toBe(0);
  });

  it('reads well in dark mode and right to left: overview, list, recipients and the compose form with its cost', async () => {
    for (const mode of ['dark', 'rtl'] as const) {
      await page.evaluate((m) => {
        localStorage.setItem('darkMode', String(m === 'dark'));
        localStorage.setItem('direction', m === 'rtl' ? 'rtl' : 'ltr');
      }, mode);
      await page.goto('/sms');
      await statValue(page, 'Total').waitFor();
      await expectNoSeriousViolations(page, `Sms/Overview (${mode})`);
      await page.goto('/sms/messages');
      await page.getByRole('table', { name: 'SMS messages' }).getByText('Completed', { exact: true }).waitFor();
      await expectNoSeriousViolations(page, `Sms/Messages/Index (${mode})`);
      await page.goto('/sms/transactions');
      await page.getByRole('table', { name: 'SMS transactions' }).getByText('Delivered', { exact: true }).first().waitFor();
      await expectNoSeriousViolations(page, `Sms/Transactions (${mode})`);
      await page.goto('/sms/messages/create');
      await page.getByRole('combobox', { name: 'Segments' }).fill(segmentName.slice(0, 12));
      await page.getByRole('option', { name: new RegExp(segmentName) }).click();
      await page.keyboard.press('Escape');
      await page.getByLabel(/^Text/).fill('Karibu {{ first_name }} 🎉');
      await page.getByTestId('ucs2-characters').waitFor();
      await page.getByTestId('sms-cost').getByText('without SMS consent').waitFor();
      await expectNoSeriousViolations(page, `Sms/Messages/Create (${mode})`);
    }
    await page.evaluate(() => {
      localStorage.setItem('darkMode', 'false');
      localStorage.setItem('direction', 'ltr');
    });
    expect(browser.pageErrors).toEqual([]);
  });

  it('keeps the sending rules, refusing a bad value on its field', async () => {
    await page.goto('/sms');
    await page.getByRole('button', { name: 'Sending rules' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sending rules' });
    await dialog.getByLabel(/^Error rate above/).fill('250');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByLabel(/^Error rate above/).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel(/^Error rate above/).fill('30');
    await dialog.getByLabel('Sender IDs').fill('KAZI');
    await dialog.getByLabel('Sender IDs').press('Enter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const saved = (await apiCall(page, 'GET', '/sms/settings')).json.data as unknown as { pause_error_rate: number; sender_ids: string[] };
    expect(saved.pause_error_rate).toBe(30);
    expect(saved.sender_ids).toEqual(['KAZI']);
  });
});
