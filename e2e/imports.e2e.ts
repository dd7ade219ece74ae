import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { csvLines, download, openBrowser, registerTenant, reportFailure, uploadImportFile, settled, type Browser } from './browser';


const BAD = ['Customer name,E-mail,Phone', 'Kito Bakery,orders@kito.example,+254700000001', 'Mama Njeri Foods,not-an-email,', 'Baraka Hardware,info@baraka.example,'].join('\r\n');
// the fixed file, and enough more rows that the import runs long enough to be watched
const GOOD = [
  'Customer name,E-mail,Phone',
  'Kito Bakery,orders@kito.example,+254700000001',
  'Mama Njeri Foods,njeri@foods.example,',
  'Baraka Hardware,info@baraka.example,',
  ...Array.from({ length: 3000 }, (_, i) => `Walk-in ${String(i + 1).padStart(4, '0')},walkin${i + 1}@shop.example,`),
].join('\r\n');

describe('importing and exporting customers', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    await registerTenant(page);
  });
  afterEach((context) => reportFailure(context, browser, 'imports'));
  afterAll(() => browser.close());

  it('shows a bad row in the preview, gives its error report, and imports the corrected file with progress', async () => {
    await page.goto('/sales/customers');
    await page.getByRole('link', { name: 'Import' }).click();
    await page.waitForURL(/\/sales\/customers\/import$/);
    await page.getByRole('heading', { name: 'Import customers', level: 1 }).waitFor();
    await expectNoSeriousViolations(page, 'Customers/Import (upload)');

    // the sample file names every column
    const sample = await download(page, page.getByRole('link', { name: 'Download a sample file' }));
    expect(sample.name).toBe('customers-template.csv');
    expect(csvLines(sample.body)[0]).toBe('Name,Email,Phone,Tax number,Currency code,Website,Address,City,Country,Reference,Enabled');

    // upload the file with a bad email
    await uploadImportFile(page, 'customers.csv', BAD);
    // the columns were matched from the headers
    expect(await page.getByLabel(/^Name/).inputValue()).toBe('Customer name');
    expect(await page.getByLabel(/^Email/).inputValue()).toBe('E-mail');
    expect(await page.getByLabel(/^Website/).inputValue()).toBe('');
    await expectNoSeriousViolations(page, 'Customers/Import (mapping)');
    await browser.screenshot('imports-mapping-light');
    await page.getByRole('button', { name: 'Preview the rows' }).click();

    await page.getByRole('alert').filter({ hasText: '1 row has errors, so nothing can be imported yet.' }).waitFor();
    await page.getByText('Row 3 · Email: The email field must be a valid email address.').waitFor();
    // the bad cell is marked in the table
    await page.getByRole('cell', { name: /not-an-email \(error: The email field must be a valid email address\.\)/ }).waitFor();
    // all or nothing: the disabled button claims no count it will not import
    expect(await page.getByRole('button', { name: 'Import customers (fix the errors first)' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
    // skipping the bad row is offered, never chosen for the user
    expect(await page.getByRole('checkbox', { name: 'Skip the 1 row with errors and import the 2 valid rows' }).isChecked()).toBe(false);
    await expectNoSeriousViolations(page, 'Customers/Import (preview with errors)');
    await browser.screenshot('imports-preview-errors-light');
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await settled(page); // let the colour transitions finish
    await browser.screenshot('imports-preview-errors-dark');
    await expectNoSeriousViolations(page, 'Customers/Import (preview with errors, dark)');
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    const report = await download(page, page.getByRole('link', { name: 'Download the error report' }));
    expect(report.name).toBe('customers-errors.csv');
    expect(csvLines(report.body)).toEqual(['Customer name,E-mail,Phone,error', 'Mama Njeri Foods,not-an-email,,Row 3: The email field must be a valid email address.']);

    // fix it: upload the corrected file
    await page.getByRole('button', { name: 'Upload another file' }).click();
    await uploadImportFile(page, 'customers-fixed.csv', GOOD);
    await page.getByRole('button', { name: 'Preview the rows' }).click();
    await page.getByText('Every row is valid: 3,003 customers will be imported.').waitFor();
    await page.getByRole('button', { name: 'Import 3,003 customers' }).click();

    // the progress bar while the job runs, then the summary
    await page.getByRole('progressbar', { name: 'Importing customers' }).waitFor();
    await page.getByRole('status').filter({ hasText: '3,003 customers imported.' }).waitFor({ timeout: 60_000 });
    await expectNoSeriousViolations(page, 'Customers/Import (finished)');
    await browser.screenshot('imports-finished-light');
    await page.getByRole('link', { name: 'Back to the customers' }).last().click();
    await page.waitForURL(/\/sales\/customers$/);
    await page.getByRole('link', { name: 'Baraka Hardware' }).first().waitFor();
    await page.getByText('Showing 1 to 15 of 3,003 results').first().waitFor();
  });

  it('exports the customers list to CSV and XLSX with what the list shows', async () => {
    await page.goto('/sales/customers');
    await page.getByLabel('Search customers').fill('bakery');
    await page.getByText('Showing 1 to 1 of 1 result').first().waitFor();

    await page.getByRole('button', { name: 'Export Customers' }).click();
    const csv = await download(page, page.getByRole('menuitem', { name: 'CSV file (.csv)' }));
    expect(csv.name).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csvLines(csv.body);
    expect(lines).toHaveLength(2);
    expect(lines[0].split(',').slice(0, 5)).toEqual(['ID', 'Type', 'Name', 'Email', 'Phone']);
    expect(lines[1]).toContain(',customer,Kito Bakery,orders@kito.example,');

    // without the search: every customer, as a workbook
    await page.getByLabel('Search customers').fill('');
    await page.getByText('Showing 1 to 15 of 3,003 results').first().waitFor();
    await page.getByRole('button', { name: 'Export Customers' }).click();
    const xlsx = await download(page, page.getByRole('menuitem', { name: 'Excel workbook (.xlsx)' }));
    expect(xlsx.name).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.rowCount).toBe(3004);
    const names = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > 1) names.add(String(row.getCell(3).value));
    });
    expect(names.has('Mama Njeri Foods')).toBe(true);
    expect(names.has('Walk-in 3000')).toBe(true);
    expect(sheet.getRow(1).getCell(3).value).toBe('Name');
  });
});
