import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { unsubscribeToken } from '../server/modules/outreach/unsubscribe';
import { E2E_APP_KEY } from './app-key';
import { listSummary, apiCall, openBrowser, registerTenant, reportFailure, settled, toast, type Browser } from './browser';

/** The list's visible "Showing 1 to 15 of 17 results" (a hidden live region repeats it for screen readers). */
const liveCount = (page: Page) => page.getByTestId('live-count');

describe('outreach contacts and segments', () => {
  let browser: Browser;
  let page: Page;
  let amina = 0;
  let segment = 0;
  let guests = 0;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    await registerTenant(page);
  });
  afterEach((context) => reportFailure(context, browser, 'outreach'));
  afterAll(() => browser.close());

  it('creates a contact with tags and consent, shows the phone as stored, and finds it in the list', async () => {
    await page.goto('/contacts');
    await page.getByText('No contacts yet').waitFor();
    await page.getByText('Contacts are the people you send messages to.').waitFor();
    await page.getByRole('link', { name: 'New contact' }).first().click();
    await page.waitForURL(/\/contacts\/create$/);

    // nobody to reach: the server's 422 lands on the phone field
    await page.getByLabel(/^First name/).fill('Amina');
    await page.getByRole('button', { name: 'Create contact' }).click();
    await page.getByRole('alert').filter({ hasText: 'A contact needs a phone number or an email address.' }).waitFor();

    // a new company has no country: the number is given in international form, spaced as people write it
    await page.getByLabel(/^Last name/).fill('Otieno');
    await page.getByLabel(/^Phone/).fill('+254 712 345 678');
    await page.getByLabel(/^Email/).fill('amina@example.test');
    await page.getByLabel(/^Tags/).fill('vip');
    await page.getByLabel(/^Tags/).press('Enter');
    await page.getByLabel(/^Tags/).fill('donor,');
    await page.getByRole('button', { name: 'Remove tag donor' }).waitFor();
    await page.getByRole('group', { name: 'SMS' }).getByLabel('Granted').check();
    await page.getByRole('button', { name: 'Create contact' }).click();
    await page.waitForURL(/\/contacts\/\d+$/);
    amina = Number(page.url().split('/').pop());
    await toast(page, 'Contact created successfully.').waitFor();
    await page.getByRole('heading', { name: 'Amina Otieno', level: 1 }).waitFor();
    await page.getByText('+254712345678').waitFor();
    await page.getByText('No activity yet').waitFor();
    const tags = page.locator('section', { has: page.getByRole('heading', { name: 'Tags', level: 2 }) });
    await tags.getByText('vip', { exact: true }).waitFor();
    await tags.getByText('donor', { exact: true }).waitFor();
    await page.locator('section', { has: page.getByRole('heading', { name: 'Consent', level: 2 }) }).locator('li', { hasText: 'SMS' }).getByText('Granted').waitFor();

    for (const body of [
      { first_name: 'Brian', last_name: 'Kamau', email: 'brian@example.test', tags: ['vip'], consent_sms: 'granted' },
      { first_name: 'Chep', last_name: 'Rono', phone: '+254722000111', consent_email: 'granted' },
    ]) {
      expect((await apiCall(page, 'POST', '/contacts/store', body)).status).toBe(201);
    }
    await page.goto('/contacts');
    await listSummary(page, 'Showing 1 to 3 of 3 results').waitFor();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('otieno');
    await listSummary(page, 'Showing 1 to 1 of 1 result').waitFor();
    await page.getByRole('link', { name: 'Amina Otieno', exact: true }).click();
    await page.waitForURL(new RegExp(`/contacts/${amina}$`));
    await page.getByRole('heading', { name: 'Amina Otieno', level: 1 }).waitFor();

    // Edit shows each channel's consent now; a withdrawal and a location are saved
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(new RegExp(`/contacts/${amina}/edit$`));
    const sms = page.getByRole('group', { name: 'SMS' });
    await sms.getByText('Granted', { exact: true }).first().waitFor();
    expect(await sms.getByLabel('Granted').isChecked()).toBe(true);
    await page.getByRole('group', { name: 'Email' }).getByLabel('Withdrawn').check();
    await page.getByLabel(/^Location/).fill('Nairobi');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(new RegExp(`/contacts/${amina}$`));
    await toast(page, 'Contact updated successfully.').waitFor();
    await page.getByText('Nairobi').first().waitFor();
    await page.locator('section', { has: page.getByRole('heading', { name: 'Consent', level: 2 }) }).locator('li', { hasText: 'Email' }).getByText('Withdrawn').waitFor();
  });

  it('builds a dynamic segment of AND and OR groups with a live count, saves it and opens its dashboard', async () => {
    await page.goto('/segments');
    await page.getByText('No segments yet').waitFor();
    await page.getByRole('link', { name: 'New segment' }).first().click();
    await page.waitForURL(/\/segments\/create$/);
    await page.getByLabel(/^Name/).fill('VIP Amina or Brian');
    // no rules yet: everyone, and how many of them may be sent to per channel
    await expect.poll(() => liveCount(page).textContent()).toBe('3');
    expect(await page.getByTestId('sendable-sms').textContent()).toBe('2');
    expect(await page.getByTestId('sendable-email').textContent()).toBe('1');

    // a condition without its value: the count's 422 shows beside it
    await page.getByRole('button', { name: 'Add condition', exact: true }).click();
    const first = page.getByTestId('rule-condition').first();
    await first.getByRole('alert').filter({ hasText: 'The value field is required.' }).waitFor();
    await first.getByLabel('Condition on').selectOption('tags');
    await first.getByLabel('Tags, separated by commas').fill('vip');
    await expect.poll(() => liveCount(page).textContent()).toBe('2');

    // AND (any of: first name contains Amina, first name contains Brian)
    await page.getByRole('button', { name: 'Add group', exact: true }).click();
    const group = page.getByRole('group', { name: 'Group at level 2' });
    expect(await group.getByLabel('Match of the group at level 2').inputValue()).toBe('any');
    await group.getByLabel('Value').fill('Amina');
    await expect.poll(() => liveCount(page).textContent()).toBe('1');
    await group.getByRole('button', { name: 'Add condition to group' }).click();
    await group.getByLabel('Value').nth(1).fill('Brian');
    await expect.poll(() => liveCount(page).textContent()).toBe('2');
    await settled(page);
    console.log(`[e2e] rule editor screenshot: ${await browser.screenshot('outreach-rule-editor')}`);

    await page.getByRole('button', { name: 'Create segment' }).click();
    await page.waitForURL(/\/segments\/\d+$/);
    segment = Number(page.url().split('/').pop());
    await page.getByRole('heading', { name: 'VIP Amina or Brian', level: 1 }).waitFor();
    const size = page.locator('dl', { hasText: 'Size' }).first();
    await size.getByText('2', { exact: true }).waitFor();
    await page.locator('dl', { hasText: 'Growth' }).getByText('joined in the period').waitFor();
    await page.getByText('No activity in this period').waitFor();
    expect(await page.getByLabel('Date range').inputValue()).toBe('7');
    // the chart (loaded lazily) shows the two who joined today
    await page.getByRole('img', { name: 'Members joined and activity per day' }).waitFor();
    await page.getByRole('table', { name: 'Members joined and activity per day' }).getByRole('cell', { name: '2', exact: true }).waitFor({ state: 'attached' });
    await settled(page);
    console.log(`[e2e] segment dashboard screenshot: ${await browser.screenshot('outreach-segment-dashboard')}`);

    // a period of start and end dates: nobody joined in January 2020, the size is still now's
    await page.getByLabel('Start date').fill('2020-01-01');
    await page.getByLabel('End date').fill('2020-01-31');
    await page.locator('dl', { hasText: 'Growth' }).getByText('0', { exact: true }).waitFor();
    await size.getByText('2', { exact: true }).waitFor();
    expect(await page.getByLabel('Date range').inputValue()).toBe('');
    await page.getByText('Nobody joined and nothing happened in this period.').waitFor();
    await page.getByRole('button', { name: 'Back to the last 7 days' }).click();
    await page.locator('dl', { hasText: 'Growth' }).getByText('2', { exact: true }).waitFor();

    const saved = (await apiCall(page, 'GET', `/segments/get-segment/${segment}`)).json.data as unknown as { rules: { match: string; rules: unknown[] } };
    expect(saved.rules).toEqual({
      match: 'all',
      rules: [
        { kind: 'tags', op: 'has_any', value: ['vip'] },
        {
          match: 'any',
          rules: [
            { kind: 'text', field: 'first_name', op: 'contains', value: 'Amina' },
            { kind: 'text', field: 'first_name', op: 'contains', value: 'Brian' },
          ],
        },
      ],
    });

    // the list shows the size with when it was counted
    await page.goto('/segments');
    await page.getByRole('link', { name: 'VIP Amina or Brian', exact: true }).waitFor();
    await page.getByText(/^counted /).first().waitFor();
  });

  it("shows the dashboard's fallback sentences when its requests fail", async () => {
    for (const what of ['statistics', 'activity-logs', 'analytics']) {
      await page.route(`**/segments/${what}/${segment}**`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    }
    await page.goto(`/segments/${segment}`);
    await page.getByText('Failed to load statistics').waitFor();
    await page.getByText('Failed to load analytics').waitFor();
    await page.getByText('Failed to load activity logs').first().waitFor();
    await page.unrouteAll();
  });

  it('picks ticked contacts, then every contact matching a filter, into a static segment', async () => {
    const made = await apiCall(page, 'POST', '/segments/store', { name: 'Gala guests', type: 'static' });
    expect(made.status).toBe(201);
    guests = made.json.data!.id;
    await page.goto(`/segments/${guests}`);
    await page.getByRole('link', { name: 'Pick contacts' }).click();
    await page.waitForURL(new RegExp(`/segments/contact-selection\\?segment=${guests}$`));
    expect(await page.getByLabel('Add to segment').inputValue()).toBe(String(guests));

    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('Amina');
    await listSummary(page, 'Showing 1 to 1 of 1 result').waitFor();
    await page.getByLabel('Select Amina Otieno').check();
    await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Add to segment' }).click();
    await toast(page, '1 contact added to Gala guests; it now holds 1.').waitFor();

    // every contact with SMS consent: Amina (already in) and Brian
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('');
    await page.getByLabel('SMS consent').selectOption('granted');
    await listSummary(page, 'Showing 1 to 2 of 2 results').waitFor();
    await page.getByRole('button', { name: 'Select all 2 matching' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Add to segment' }).click();
    await toast(page, '1 contact added to Gala guests; it now holds 2.').waitFor();

    await page.goto(`/segments/${guests}`);
    await page.locator('dl', { hasText: 'Size' }).first().getByText('2', { exact: true }).waitFor();

    // the contact's page lists the segments it is in: picked into the static one, matched by the dynamic one
    await page.goto(`/contacts/${amina}`);
    const segments = page.locator('section', { has: page.getByRole('heading', { name: 'Segments', level: 2 }) });
    // the section loads after the page; read its links only once they are there
    await segments.getByRole('link', { name: 'VIP Amina or Brian' }).waitFor();
    expect(await segments.getByRole('link').allTextContents()).toEqual(['Gala guests', 'VIP Amina or Brian']);
  });

  it("tags a segment's contacts as one job with a progress bar and a summary", async () => {
    await page.goto(`/segments/${guests}`);
    await page.getByRole('link', { name: 'Bulk operations' }).click();
    await page.waitForURL(new RegExp(`/segments/bulk-operations\\?segment=${guests}$`));
    expect(await page.getByLabel('Contacts', { exact: true }).inputValue()).toBe(String(guests));
    await page.getByLabel('Action').selectOption('tag');
    await page.getByLabel(/^Tag/).fill('gala');
    await page.getByRole('button', { name: 'Add a tag' }).click();
    await page.getByRole('status').filter({ hasText: '2 contacts tagged (0 contacts already had the tag).' }).waitFor();
    await expectNoSeriousViolations(page, 'Segments/BulkOperations, done');
    await page.goto(`/contacts/${amina}`);
    const tags = page.locator('section', { has: page.getByRole('heading', { name: 'Tags', level: 2 }) });
    await tags.getByText('gala', { exact: true }).waitFor();
  });

  it('takes a contact off SMS through the public unsubscribe link, and the contact page shows it', async () => {
    await page.goto(`/contacts/${amina}`);
    // the page object of the first visit (Inertia's script[data-page]) names the company
    const tenantId = await page.evaluate(() => JSON.parse(document.querySelector('script[data-page="app"]')!.textContent!).props.tenant.id as number);
    const guest = await browser.context.newPage();
    try {
      await guest.goto(`/unsubscribe/${unsubscribeToken(E2E_APP_KEY, tenantId, amina, 'sms')}`);
      await guest.getByRole('heading', { name: 'Unsubscribe', level: 1 }).waitFor();
      await expectNoSeriousViolations(guest, 'Unsubscribe');
      await guest.getByRole('button', { name: 'Unsubscribe from text messages (SMS)' }).click();
      await guest.getByRole('heading', { name: 'You are unsubscribed', level: 1 }).waitFor();
      await guest.getByRole('button', { name: 'Subscribe again' }).waitFor();
    } finally {
      await guest.close();
    }
    await page.reload();
    await page.locator('section', { has: page.getByRole('heading', { name: 'Consent', level: 2 }) }).locator('li', { hasText: 'SMS' }).getByText('Withdrawn').waitFor();
  });

  it("deletes a contact from the list, and shows a failed delete's message in an error toast", async () => {
    await page.goto('/contacts');
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('Chep');
    await listSummary(page, 'Showing 1 to 1 of 1 result').waitFor();
    await page.route('**/contacts/delete/**', (route) => route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'This contact cannot be deleted now.' }) }));
    await page.getByRole('button', { name: 'Delete Chep Rono' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'This contact cannot be deleted now.').waitFor();
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Delete Chep Rono' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Contact deleted successfully.').waitFor();
    await page.getByText('Nothing matches').waitFor();
  });

  const PAGES = () => [
    '/contacts',
    `/contacts/${amina}`,
    `/contacts/${amina}/edit`,
    '/segments',
    `/segments/${segment}`,
    `/segments/${segment}/edit`,
    `/segments/contact-selection?segment=${guests}`,
  ];
  it.each([false, true])('has no serious accessibility violations on the outreach pages (dark: %s)', async (dark) => {
    await page.evaluate((on) => localStorage.setItem('darkMode', String(on)), dark);
    for (const url of PAGES()) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      await settled(page);
      await expectNoSeriousViolations(page, `${url}${dark ? ' (dark)' : ''}`);
      await browser.screenshot(`outreach${url.replace(/[/?=]+/g, '-')}${dark ? '-dark' : ''}`);
    }
    if (dark) {
      await page.goto(`/segments/${segment}/edit`);
      await liveCount(page).waitFor();
      await settled(page);
      console.log(`[e2e] dark rule editor screenshot: ${await browser.screenshot('outreach-rule-editor-dark')}`);
    }
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
    expect(browser.pageErrors).toEqual([]);
  });
});
