import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, openBrowser, registerTenant, reportFailure, uploadImportFile, type Browser } from './browser';

const HEADER = 'Invoice number,Customer,Issued at,Item,Quantity,Price,Taxes';
const BAD = [HEADER, 'IMP-1,Kito Bakery,2026-03-01,Bread delivery,2,1500,VAT', 'IMP-1,Kito Bakery,2026-03-01,Crates,two,200,', 'IMP-2,Nobody Ltd,2026-03-02,Consulting,1,100,'].join('\r\n');
const GOOD = [HEADER, 'IMP-1,Kito Bakery,2026-03-01,Bread delivery,2,1500,VAT', 'IMP-1,Kito Bakery,2026-03-01,Crates,2,200,', 'IMP-2,orders@kito.example,2026-03-02,Consulting,1,100,'].join('\r\n');

describe('importing invoices', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    await registerTenant(page);
    expect((await apiCall(page, 'POST', '/accounting/contacts/store', { type: 'customer', name: 'Kito Bakery', email: 'orders@kito.example' })).status).toBe(201);
    expect((await apiCall(page, 'POST', '/settings/accounting/taxes/store', { name: 'VAT', rate: '16' })).status).toBe(201);
  });
  afterEach((context) => reportFailure(context, browser, 'document-imports'));
  afterAll(() => browser.close());

  it('from the Invoices list: the wrong rows shown, nothing imported; the fixed file makes the invoices with their totals', async () => {
    await page.goto('/sales/invoices');
    await page.getByRole('link', { name: 'Import' }).click();
    await page.waitForURL(/\/sales\/invoices\/import$/);
    await page.getByRole('heading', { name: 'Import invoices', level: 1 }).waitFor();
    await expectNoSeriousViolations(page, 'Invoices/Import (upload)');

    await uploadImportFile(page, 'invoices.csv', BAD);
    expect(await page.getByLabel(/^Invoice number/).inputValue()).toBe('Invoice number');
    expect(await page.getByLabel(/^Customer/).inputValue()).toBe('Customer');
    await page.getByRole('button', { name: 'Preview the rows' }).click();
    await page.getByRole('alert').filter({ hasText: '2 rows have errors, so nothing can be imported yet.' }).waitFor();
    await page.getByText('Row 3 · Quantity: The quantity field must be a number.').waitFor();
    await page.getByText('Row 4 · Customer: There is no customer with the name or email "Nobody Ltd".').waitFor();
    // a line cannot be skipped: its invoice would be imported without it
    expect(await page.getByRole('checkbox', { name: /^Skip the/ }).count()).toBe(0);
    await expectNoSeriousViolations(page, 'Invoices/Import (preview with errors)');
    await browser.screenshot('invoice-import-errors');
    const none = await apiCall(page, 'GET', '/accounting/documents/json?type=invoice');
    expect((none.json as unknown as { data: unknown[] }).data).toEqual([]);

    await page.getByRole('button', { name: 'Upload another file' }).click();
    await uploadImportFile(page, 'invoices-fixed.csv', GOOD);
    await page.getByRole('button', { name: 'Preview the rows' }).click();
    await page.getByText('Every row is valid: 3 invoice lines will be imported.').waitFor();
    await page.getByRole('button', { name: 'Import 3 invoice lines' }).click();
    await page.getByRole('status').filter({ hasText: '3 invoice lines imported.' }).waitFor({ timeout: 60_000 });
    await expectNoSeriousViolations(page, 'Invoices/Import (finished)');
    await browser.screenshot('invoice-import-done');

    await page.getByRole('link', { name: 'Back to the invoice lines' }).last().click();
    await page.waitForURL(/\/sales\/invoices$/);
    await page.getByRole('link', { name: 'IMP-1' }).first().waitFor();
    const made = (await apiCall(page, 'GET', '/accounting/documents/json?type=invoice')).json as unknown as { data: { document_number: string; status: string; total: string }[] };
    expect(made.data.map((d) => [d.document_number, d.status, d.total]).sort()).toEqual([
      ['IMP-1', 'draft', '3880.0000'],
      ['IMP-2', 'draft', '100.0000'],
    ]);
  });
});
