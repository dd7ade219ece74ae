import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { listSummary, csvLines, download, openBrowser, registerTenant, reportFailure, settled, uploadImportFile, type Browser } from './browser';


// An address book as people keep it: the phone column under a header the wizard does not know,
// no e-mail column, and one number nobody can dial. A new company has no country, so the numbers
// are written in international form.
const BOOK = [
  'First name,Last name,Mobile No,Tags',
  'Wanjiru,Kariuki,+254 712 000 001,donor',
  'Otieno,Ochieng,+254 712 000 002,',
  'Akinyi,Odhiambo,12,volunteer',
  'Kipchoge,Keino,+254 712 000 004,',
].join('\r\n');

// the next file: one person already in the book (imported above), one new

describe('importing outreach contacts (issue 14)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    await registerTenant(page);
  });
  afterEach((context) => reportFailure(context, browser, 'outreach-import'));
  afterAll(() => browser.close());

  it('fixes an unrecognised phone column, skips the one bad row on request, and finds the imported contacts', async () => {
    await page.goto('/contacts');
    await page.getByText('No contacts yet').waitFor();
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.waitForURL(/\/contacts\/import$/);
    await page.getByRole('heading', { name: 'Import contacts', level: 1 }).waitFor();

    await uploadImportFile(page, 'address-book.csv', BOOK);
    // the names were matched from the headers; "Mobile No" was not
    expect(await page.getByLabel(/^First name/).inputValue()).toBe('First name');
    expect(await page.getByLabel(/^Last name/).inputValue()).toBe('Last name');
    expect(await page.getByLabel(/^Phone/).inputValue()).toBe('');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Preview the rows' }).click();

    // nobody can be reached: every row is refused, and there is nothing valid to import instead
    await page.getByRole('alert').filter({ hasText: '4 rows have errors, so nothing can be imported yet.' }).waitFor();
    await page.getByText('Row 2 · Phone: A contact needs a phone number or an email address.').waitFor();
    expect(await page.getByRole('checkbox', { name: /^Skip the/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Import contacts (fix the errors first)' }).isDisabled()).toBe(true);

    // fix the mapping: the phone is in "Mobile No"
    await page.getByRole('button', { name: 'Change the columns' }).click();
    await page.getByRole('heading', { name: 'Match the columns' }).waitFor();
    await page.getByLabel(/^Phone/).selectOption('Mobile No');
    await page.getByText('First row: +254 712 000 001').waitFor();
    await page.getByRole('button', { name: 'Preview the rows' }).click();

    // one bad number left: all or nothing by default, the button claims no count
    await page.getByRole('alert').filter({ hasText: '1 row has errors, so nothing can be imported yet.' }).waitFor();
    await page.getByText('Row 4 · Phone: The phone field must be a valid phone number.').waitFor();
    await page.getByRole('cell', { name: /^12 \(error: The phone field must be a valid phone number\.\)/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Import contacts (fix the errors first)' }).isDisabled()).toBe(true);
    const skip = page.getByRole('checkbox', { name: 'Skip the 1 row with errors and import the 3 valid rows' });
    expect(await skip.isChecked()).toBe(false);
    await expectNoSeriousViolations(page, 'Contacts/Import (preview with a bad row)');

    // the user chooses to skip it, from the keyboard
    await skip.focus();
    await page.keyboard.press('Space');
    expect(await skip.isChecked()).toBe(true);
    await page.getByRole('alert').filter({ hasText: 'It will be skipped: the error report lists it, to fix and import later.' }).waitFor();
    const start = page.getByRole('button', { name: 'Import 3 contacts and skip 1 row' });
    expect(await start.isEnabled()).toBe(true);
    await expectNoSeriousViolations(page, 'Contacts/Import (skipping the bad row)');
    await settled(page);
    await browser.screenshot('outreach-import-skip');
    await start.click();

    // the progress bar, full once the job is done, and what happened
    const bar = page.getByRole('progressbar', { name: 'Importing contacts' });
    await bar.waitFor();
    await page.getByRole('status').filter({ hasText: '3 contacts imported. 1 row with errors skipped (see the error report).' }).waitFor({ timeout: 60_000 });
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    await expectNoSeriousViolations(page, 'Contacts/Import (finished, rows skipped)');
    await browser.screenshot('outreach-import-finished');

    // the error report of the skipped row is still there after the import
    const report = await download(page, page.getByRole('link', { name: 'Download the error report of the skipped rows' }));
    expect(report.name).toBe('address-book-errors.csv');
    expect(csvLines(report.body)).toEqual(['First name,Last name,Mobile No,Tags,error', 'Akinyi,Odhiambo,12,volunteer,Row 4: The phone field must be a valid phone number.']);

    // the imported contacts are in the book, the skipped one is not
    await page.getByRole('link', { name: 'Back to the contacts' }).last().click();
    await page.waitForURL(/\/contacts$/);
    await listSummary(page, 'Showing 1 to 3 of 3 results').waitFor();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('kariuki');
    await listSummary(page, 'Showing 1 to 1 of 1 result').waitFor();
    await page.getByRole('link', { name: 'Wanjiru Kariuki', exact: true }).click();
    await page.waitForURL(/\/contacts\/\d+$/);
    await page.getByRole('heading', { name: 'Wanjiru Kariuki', level: 1 }).waitFor();
    await page.getByText('+254712000001').waitFor();
  });

  it('updates the contacts already in the book when asked: merge previewed, committed, and the contact changed', async () => {
    const merged = ['First name,Last name,Phone,Tags', 'Wanjiru,Kariuki-Otieno,+254 712 000 001,returning', 'Zawadi,Mwangi,+254 712 000 005,'].join('\r\n');
    await page.goto('/contacts/import');
    await uploadImportFile(page, 'again.csv', merged);
    await page.getByRole('button', { name: 'Preview the rows' }).click();

    // by default a contact already in the book is an error
    const existing = page.getByRole('group', { name: 'Contacts already in the list' });
    await existing.waitFor();
    expect(await existing.getByRole('radio', { name: 'Report them as errors' }).isChecked()).toBe(true);
    await page.getByText('Row 2 · Phone: A contact with this phone number already exists.').waitFor();
    await expectNoSeriousViolations(page, 'Contacts/Import (merge offered)');

    // updating them previews again with merge, and says how many rows update a contact
    await existing.getByRole('radio', { name: "Update them with the file's values" }).check();
    await existing.getByText('1 row will update existing contacts.').waitFor();
    await page.getByText('Every row is valid: 2 contacts will be imported.').waitFor();
    await page.getByRole('button', { name: 'Import 2 contacts (1 updating existing ones)' }).click();
    await page.getByRole('status').filter({ hasText: '2 contacts imported. 1 of them updated an existing record.' }).waitFor({ timeout: 60_000 });

    await page.goto('/contacts');
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('kariuki');
    await listSummary(page, 'Showing 1 to 1 of 1 result').waitFor();
    await page.getByRole('link', { name: 'Wanjiru Kariuki-Otieno', exact: true }).click();
    await page.getByRole('heading', { name: 'Wanjiru Kariuki-Otieno', level: 1 }).waitFor();
    await page.getByText('returning', { exact: true }).first().waitFor();
  });
});
