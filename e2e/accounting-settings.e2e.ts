import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { openBrowser, registerTenant, reportFailure, apiCall, settled, type Browser } from './browser';

// a 1×1 PNG, written to disk for the file chooser
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

const PAGES = [
  '/settings/accounting',
  '/settings/accounting/categories',
  '/settings/accounting/currencies',
  '/settings/accounting/defaults',
  '/settings/accounting/email-templates',
  '/settings/accounting/invoices',
  '/settings/accounting/mailbox',
  '/settings/accounting/offline-payments',
  '/settings/accounting/scheduling',
  '/settings/accounting/taxes',
];


const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();

/** A new company's owner goes through the accounting settings as SPEC §2/§3 describe them. */
describe('accounting settings', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    await registerTenant(page);
  });

  afterEach((context) => reportFailure(context, browser, 'accounting-settings'));

  afterAll(() => browser.close());

  it('adds a currency, makes it the default and back', async () => {
    await page.goto('/settings/accounting/currencies');
    await row(page, 'US Dollar').getByText('Default').waitFor();
    await page.getByRole('button', { name: 'Add currency' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Currency from the ISO list').selectOption('KES');
    expect(await dialog.getByLabel(/^Name/).inputValue()).toBe('Kenyan Shilling');
    await dialog.getByLabel(/^Exchange rate/).fill('129.5');
    await dialog.getByRole('button', { name: 'Add currency' }).click();
    await toast(page, 'Currency created successfully.');
    await row(page, 'Kenyan Shilling').getByText('129.5').waitFor();

    await page.getByRole('button', { name: 'Make KES the default currency' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make default' }).click();
    await toast(page, 'KES is now the default currency.');
    await row(page, 'Kenyan Shilling').getByText('Default').waitFor();
    await expect.poll(() => row(page, 'US Dollar').getByText('Default').count()).toBe(0);
    // the default's rate is 1
    await row(page, 'Kenyan Shilling').getByRole('cell', { name: '1', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Make USD the default currency' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make default' }).click();
    await toast(page, 'USD is now the default currency.');
    await row(page, 'US Dollar').getByText('Default').waitFor();
    await page.reload();
    await row(page, 'US Dollar').getByText('Default').waitFor();
    expect(await row(page, 'Kenyan Shilling').getByText('Default').count()).toBe(0);
    // rates were re-based both ways: KES is back near 129.5 against USD (8 decimals kept on the way)
    await row(page, 'Kenyan Shilling').getByRole('cell', { name: /^129\.(5|49)/ }).waitFor();
  });

  it('adds a category under a parent of the same type', async () => {
    await page.goto('/settings/accounting/categories');
    await row(page, 'Sales').first().waitFor();
    await page.getByRole('button', { name: 'Add category' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Name/).fill('Online sales');
    await dialog.getByLabel(/^Type/).selectOption('income');
    await dialog.getByLabel('Parent category').selectOption({ label: 'Sales' });
    await dialog.getByRole('button', { name: 'Add category' }).click();
    await toast(page, 'Category created successfully.');
    const created = row(page, 'Online sales');
    await created.waitFor();
    expect(await created.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['Income', 'Sales']));
  });

  it('adds, edits and deletes a tax in the modal, 7 per page', async () => {
    for (let i = 1; i <= 7; i++) expect((await apiCall(page, 'POST', '/settings/accounting/taxes/store', { name: `Levy ${i}`, rate: String(i) })).status).toBe(201);
    await page.goto('/settings/accounting/taxes');
    await page.getByRole('button', { name: 'Add tax' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Name/).fill('VAT');
    await dialog.getByLabel(/^Rate/).fill('16');
    await dialog.getByRole('button', { name: 'Add tax' }).click();
    await toast(page, 'Tax created successfully.');
    // 8 taxes, 7 on the first page
    await page.getByText('Showing 1 to 7 of 8 results').first().waitFor();
    expect(await page.locator('tbody tr').count()).toBe(7);
    expect(await page.getByLabel('Rows per page').inputValue()).toBe('7');
    await page.getByLabel('Search taxes').fill('VAT');
    await row(page, 'VAT').getByText('16%').waitFor();

    await page.getByRole('button', { name: 'Edit VAT' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Rate/).fill('ten');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The rate field must be a number.').waitFor();
    await dialog.getByLabel(/^Rate/).fill('18');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Tax updated successfully.');
    await row(page, 'VAT').getByText('18%').waitFor();

    await page.getByRole('button', { name: 'Delete VAT' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Tax deleted successfully.');
    await expect.poll(() => row(page, 'VAT').count()).toBe(0);
  });

  it('saves General with a logo and shows both after a reload', async () => {
    await page.goto('/settings/accounting');
    await page.getByLabel(/^Company name/).fill('Kilima Traders Ltd');
    await page.getByLabel(/^Tax number/).fill('P051234567X');
    await page.getByLabel('Month').selectOption({ label: 'July' });
    await page.getByLabel(/^City/).fill('Arusha');
    const file = join(mkdtempSync(join(tmpdir(), 'kazi-logo-')), 'logo.png');
    writeFileSync(file, PNG);
    await page.getByLabel(/^Logo/).setInputFiles(file);
    await page.getByRole('button', { name: /^Save/ }).click();
    await toast(page, 'General settings saved successfully.');
    await toast(page, 'Logo uploaded successfully.');

    await page.reload();
    await expect.poll(() => page.getByLabel(/^Company name/).inputValue()).toBe('Kilima Traders Ltd');
    expect(await page.getByLabel(/^Tax number/).inputValue()).toBe('P051234567X');
    expect(await page.getByLabel('Month').inputValue()).toBe('7');
    const logo = page.locator('img[src^="/settings/accounting/logo/"]');
    await logo.waitFor();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  });

  it('saves Invoices settings and shows them after a reload', async () => {
    await page.goto('/settings/accounting/invoices');
    await page.getByLabel(/^Number prefix/).fill('KT-');
    await page.getByLabel(/^Next number/).fill('42');
    await page.getByLabel(/^Payment terms/).fill('14');
    await page.getByLabel(/^Items column/).fill('Services');
    await page.getByText('KT-00042').waitFor();
    await page.getByRole('button', { name: /^Save/ }).click();
    await toast(page, 'Invoice settings saved successfully.');
    await page.reload();
    await expect.poll(() => page.getByLabel(/^Number prefix/).inputValue()).toBe('KT-');
    expect(await page.getByLabel(/^Next number/).inputValue()).toBe('42');
    expect(await page.getByLabel(/^Payment terms/).inputValue()).toBe('14');
    expect(await page.getByLabel(/^Items column/).inputValue()).toBe('Services');
  });

  // one test per page and theme: each does a bounded amount of work however many pages there are
  const themes = [false, true].flatMap((dark) => PAGES.map((url) => ({ url, dark, theme: dark ? 'dark' : 'light' })));
  it.each(themes)('has no serious accessibility violations on $url ($theme)', async ({ url, dark }) => {
    await page.evaluate((on) => localStorage.setItem('darkMode', String(on)), dark);
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, `${url}${dark ? ' (dark)' : ''}`);
    await browser.screenshot(`accounting-settings${url.slice('/settings/accounting'.length).replace(/\//g, '-') || '-index'}${dark ? '-dark' : ''}`);
  });

  it('went through every page, light and dark, without an error in the page', async () => {
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
    expect(browser.pageErrors).toEqual([]);
  });
});
