import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { invitationLink } from './mail';
import { listSummary, apiCall, openBrowser, registerTenant, reportFailure, settled, toast, type Browser } from './browser';

/** The list's visible "Showing 1 to 15 of 17 results" (a hidden live region repeats it for screen readers). */
const liveCount = (page: Page) => page.getByTestId('live-count');
/** A row of the Profile card: its label (dt) and value (dd). */
const profileValue = (page: Page, label: string) => page.locator('dl > div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

describe("outreach contacts' custom fields, duplicates and custom-field segments", () => {
  let browser: Browser;
  let page: Page;
  let amina = 0;
  let viewer: Browser | null = null;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    await registerTenant(page);
  });
  afterEach((context) => reportFailure(context, browser, 'outreach-fields'));
  afterAll(async () => {
    await viewer?.close();
    await browser.close();
  });

  it('defines a choice field in the Custom fields dialog, with the server refusing it without choices', async () => {
    await page.goto('/contacts');
    await page.getByText('No contacts yet').waitFor();
    await page.getByRole('button', { name: 'Custom fields' }).click();
    const dialog = page.getByRole('dialog', { name: 'Custom fields' });
    await dialog.getByText('No custom fields yet').waitFor();
    await dialog.getByRole('button', { name: 'Add field' }).click();

    const form = page.getByRole('dialog', { name: 'New field' });
    await form.getByLabel(/^Label/).fill('Membership tier');
    // the key follows the label until typed over
    expect(await form.getByLabel(/^Key/).inputValue()).toBe('membership_tier');
    await form.getByLabel(/^Type/).selectOption('choice');
    await form.getByRole('button', { name: 'Add field' }).click();
    await form.getByRole('alert').filter({ hasText: 'A choice field needs at least one choice.' }).waitFor();
    await form.getByLabel(/^Choices/).fill('Gold');
    await form.getByLabel(/^Choices/).press('Enter');
    await form.getByLabel(/^Choices/).fill('Silver');
    await form.getByLabel(/^Choices/).press('Enter');
    await form.getByRole('button', { name: 'Add field' }).click();
    await toast(page, 'Contact field created successfully.').waitFor();
    await dialog.getByRole('cell', { name: 'Membership tier', exact: true }).waitFor();
    await dialog.getByRole('cell', { name: 'Gold, Silver', exact: true }).waitFor();

    // a second field with the same key: the server's sentence on the key
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('dialog', { name: 'New field' }).getByLabel(/^Label/).fill('Membership tier');
    await page.getByRole('dialog', { name: 'New field' }).getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('dialog', { name: 'New field' }).getByRole('alert').filter({ hasText: 'A field with this key already exists.' }).waitFor();
    await page.getByRole('dialog', { name: 'New field' }).getByRole('button', { name: 'Back to the fields' }).click();

    // renamed: the label changes, the key stays
    await dialog.getByRole('button', { name: 'Edit Membership tier' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Membership tier' });
    expect(await edit.getByLabel(/^Key/).isDisabled()).toBe(true);
    await edit.getByLabel(/^Label/).fill('Tier');
    await edit.getByRole('button', { name: 'Save field' }).click();
    await toast(page, 'Contact field updated successfully.').waitFor();
    await dialog.getByRole('cell', { name: 'Tier', exact: true }).waitFor();
    await dialog.getByRole('cell', { name: 'membership_tier', exact: true }).waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Contacts/Index, Custom fields dialog');
    console.log(`[e2e] custom fields dialog screenshot: ${await browser.screenshot('outreach-fields-dialog')}`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('creates a contact filling the fields, with the server refusing a value on its box, and shows the values by label', async () => {
    expect((await apiCall(page, 'POST', '/contacts/fields/store', { key: 'pledge', label: 'Pledge', type: 'number' })).status).toBe(201);
    await page.getByRole('link', { name: 'New contact' }).first().click();
    await page.waitForURL(/\/contacts\/create$/);
    await page.getByRole('heading', { name: 'More details', level: 2 }).waitFor();
    await page.getByLabel(/^First name/).fill('Amina');
    await page.getByLabel(/^Phone/).fill('+254 712 345 678');
    await page.getByLabel(/^Tier/).selectOption('Gold');
    await page.getByLabel(/^Pledge/).fill('forty');
    await page.getByRole('button', { name: 'Create contact' }).click();
    // the server's custom.pledge error lands on the Pledge box
    await page.getByRole('alert').filter({ hasText: 'The Pledge field must be a number.' }).waitFor();
    expect(await page.getByLabel(/^Pledge/).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel(/^Pledge/).fill('1500');
    await page.getByRole('button', { name: 'Create contact' }).click();
    await page.waitForURL(/\/contacts\/\d+$/);
    amina = Number(page.url().split('/').pop());
    await toast(page, 'Contact created successfully.').waitFor();
    await profileValue(page, 'Tier').getByText('Gold').waitFor();
    await profileValue(page, 'Pledge').getByText('1500').waitFor();
    expect((await apiCall(page, 'GET', `/contacts/get-contact/${amina}`)).json.data!.custom).toEqual({ membership_tier: 'Gold', pledge: 1500 });
  });

  it('offers to update the existing contact when a new one has its phone, and does so without a second contact', async () => {
    await page.goto('/contacts/create');
    await page.getByLabel(/^First name/).fill('Amina');
    await page.getByLabel(/^Last name/).fill('Otieno');
    await page.getByLabel(/^Phone/).fill('+254712345678');
    await page.getByLabel(/^Location/).fill('Kisumu');
    await page.getByLabel(/^Tags/).fill('donor');
    await page.getByLabel(/^Tags/).press('Enter');
    await page.getByRole('button', { name: 'Create contact' }).click();
    await page.getByRole('alert').filter({ hasText: 'A contact with this phone number already exists.' }).waitFor();
    const notice = page.getByTestId('duplicate-notice');
    await notice.getByText('Amina', { exact: true }).waitFor();
    await notice.getByRole('link', { name: 'Open the existing contact' }).waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Contacts/Create, duplicate notice');
    console.log(`[e2e] duplicate notice screenshot: ${await browser.screenshot('outreach-fields-duplicate')}`);
    await notice.getByRole('button', { name: 'Update it with these details' }).click();
    await page.waitForURL(new RegExp(`/contacts/${amina}$`));
    await toast(page, 'Contact updated successfully.').waitFor();
    await page.getByRole('heading', { name: 'Amina Otieno', level: 1 }).waitFor();
    await profileValue(page, 'Location').getByText('Kisumu').waitFor();
    // what was not typed stays: the tier
    await profileValue(page, 'Tier').getByText('Gold').waitFor();
    await page.locator('section', { has: page.getByRole('heading', { name: 'Tags', level: 2 }) }).getByText('donor', { exact: true }).waitFor();
    await page.goto('/contacts');
    await listSummary(page, 'Showing 1 to 1 of 1 result').waitFor();
  });

  it('builds a segment rule on the custom field from a pick list, with the live count', async () => {
    for (const body of [
      { first_name: 'Brian', email: 'brian@example.test', custom: { membership_tier: 'Silver' } },
      { first_name: 'Chep', email: 'chep@example.test' },
    ]) {
      expect((await apiCall(page, 'POST', '/contacts/store', body)).status).toBe(201);
    }
    await page.goto('/segments/create');
    await page.getByLabel(/^Name/).fill('Gold members');
    await expect.poll(() => liveCount(page).textContent()).toBe('3');
    await page.getByRole('button', { name: 'Add condition', exact: true }).click();
    const condition = page.getByTestId('rule-condition').first();
    await condition.getByLabel(/^Condition on/).selectOption('custom');
    // the first field (by label) is picked at once; the list names the fields by label
    expect(await condition.getByLabel(/^Custom field/).locator('option:checked').textContent()).toBe('Pledge');
    expect(await condition.getByLabel(/^Custom field/).locator('option').allTextContents()).toEqual(['Choose a field…', 'Pledge', 'Tier']);
    expect(await condition.getByLabel(/^Operator/).locator('option').allTextContents()).toEqual(['=', '≠', '>', '≥', '<', '≤', 'is empty', 'is not empty']);
    await condition.getByLabel(/^Custom field/).selectOption({ label: 'Tier' });
    // a choice field's value is one of its choices, the first to begin with
    expect(await condition.getByLabel(/^Value/).locator('option').allTextContents()).toEqual(['Choose…', 'Gold', 'Silver']);
    expect(await condition.getByLabel(/^Operator/).locator('option').allTextContents()).toEqual(['is', 'is not', 'is empty', 'is not empty']);
    await expect.poll(() => liveCount(page).textContent()).toBe('1');
    await condition.getByLabel(/^Value/).selectOption('Silver');
    await expect.poll(() => liveCount(page).textContent()).toBe('1');
    await condition.getByLabel(/^Operator/).selectOption('is_empty');
    await expect.poll(() => liveCount(page).textContent()).toBe('1');
    await condition.getByLabel(/^Operator/).selectOption('is_not_empty');
    await expect.poll(() => liveCount(page).textContent()).toBe('2');
    await condition.getByLabel(/^Operator/).selectOption('is');
    await condition.getByLabel(/^Value/).selectOption('Gold');
    await expect.poll(() => liveCount(page).textContent()).toBe('1');

    // the activity condition offers the timeline's event types
    await page.getByRole('button', { name: 'Add condition', exact: true }).click();
    const activity = page.getByTestId('rule-condition').nth(1);
    await activity.getByLabel(/^Condition on/).selectOption('activity');
    expect(await activity.getByLabel(/^Activity type/).locator('option').allTextContents()).toContain('SMS delivered');
    await activity.getByRole('button', { name: 'Remove condition' }).click();
    await settled(page);
    console.log(`[e2e] custom field rule screenshot: ${await browser.screenshot('outreach-fields-rule')}`);

    await page.getByRole('button', { name: 'Create segment' }).click();
    await page.waitForURL(/\/segments\/\d+$/);
    const id = Number(page.url().split('/').pop());
    const saved = (await apiCall(page, 'GET', `/segments/get-segment/${id}`)).json.data as unknown as { rules: unknown };
    expect(saved.rules).toEqual({ match: 'all', rules: [{ kind: 'custom', key: 'membership_tier', op: 'is', value: 'Gold' }] });
  });
  it('deletes a field from the dialog, and the values contacts hold stay, shown under its key', async () => {
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Custom fields' }).click();
    const dialog = page.getByRole('dialog', { name: 'Custom fields' });
    await dialog.getByRole('button', { name: 'Delete Pledge' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this field?' });
    await confirm.getByText('The values contacts already hold stay on them').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Contact field deleted successfully.').waitFor();
    await dialog.getByRole('cell', { name: 'Pledge', exact: true }).waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.goto(`/contacts/${amina}`);
    await profileValue(page, 'pledge').getByText('1500').waitFor();
    await profileValue(page, 'Tier').getByText('Gold').waitFor();
    // the form offers the fields there are; saving keeps the value of the deleted one
    await page.goto(`/contacts/${amina}/edit`);
    await page.getByLabel(/^Tier/).waitFor();
    expect(await page.getByLabel(/^Pledge/).count()).toBe(0);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Contact updated successfully.').waitFor();
    expect((await apiCall(page, 'GET', `/contacts/get-contact/${amina}`)).json.data!.custom).toEqual({ membership_tier: 'Gold', pledge: 1500 });
  });
  it('shows the Custom fields button only to users who may change contacts; a viewer still sees the values by label', async () => {
    await page.goto('/roles/create');
    await page.getByLabel(/^Name/).fill('Contact viewer');
    await page.getByLabel('Contacts: view', { exact: true }).check();
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.waitForURL(/\/roles(\/\d+\/edit)?$/);
    const email = `viewer-${Date.now().toString(36)}@example.com`;
    await page.goto('/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    await page.getByRole('dialog').getByLabel(/^Email/).fill(email);
    await page.getByRole('dialog').getByLabel(/^Role/).selectOption({ label: 'Contact viewer' });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(email).first().waitFor();

    viewer = await openBrowser();
    const p = viewer.page;
    await p.goto(await invitationLink(email));
    await p.getByLabel(/^Name/).fill('Vera Viewer');
    await p.getByLabel(/^Password/).fill('contact-viewer-pass-1');
    await p.getByLabel(/^Confirm Password/).fill('contact-viewer-pass-1');
    await p.getByRole('button', { name: 'Accept invitation' }).click();
    await p.waitForURL(/\/dashboard$/);

    await p.goto('/contacts');
    await p.getByRole('link', { name: 'Amina Otieno', exact: true }).waitFor();
    expect(await p.getByRole('button', { name: 'Custom fields' }).count()).toBe(0);
    expect(await p.getByRole('link', { name: 'New contact' }).count()).toBe(0);
    await p.goto(`/contacts/${amina}`);
    await profileValue(p, 'Tier').getByText('Gold').waitFor();
  });
});
