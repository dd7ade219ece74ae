import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { pdfText } from '../server/modules/documents/pdf-text';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, logIn, openBrowser, registerTenant, reportFailure, type Browser } from './browser';

// Issue 13, "a new user's first hour": the invoice PDF shows the figures and columns of the
// screen, and money and dates read one way everywhere (docs/decisions/0024-formats-*).

const demo = () => inject('demoLogin') ?? { email: 'demo@kazi.test', password: 'password' };
const RESULTS = join(process.cwd(), 'test-results');
const MONEY = /^-?KSh[\d,]+\.\d{2}$/;

async function setTheme(page: Page, dark: boolean) {
  await page.evaluate((d) => localStorage.setItem('darkMode', String(d)), dark);
}

describe('an invoice on screen and in its PDF', () => {
  let b: Browser;
  let page: Page;

  beforeAll(async () => {
    b = await openBrowser();
    page = b.page;
    await logIn(page, demo().email, demo().password);
  });
  afterEach((context) => reportFailure(context, b, 'formats'));
  afterAll(() => b.close());

  it('shows the same figures in the same columns, the company details and how to pay; the PDF is saved and pictured', async () => {
    await page.goto('/sales/invoices');
    // a partly paid invoice: its Paid row must match too
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('partial');
    await page.getByRole('row').filter({ hasText: 'Partial' }).first().waitFor();
    const first = page.getByRole('link', { name: /^INV-\d+$/ }).first();
    await first.waitFor();
    await first.click();
    await page.waitForURL(/\/sales\/invoices\/\d+$/);
    const id = Number(page.url().split('/').pop());
    const sheet = page.getByRole('article');
    await sheet.waitFor();

    // the screen: column headers, each line's amount, the totals
    const lines = sheet.getByRole('table', { name: 'Lines' });
    const headers = (await lines.getByRole('columnheader').allInnerTexts()).map((h) => h.trim().toLowerCase());
    const rows = await lines.locator('tbody tr').all();
    const amounts: string[] = [];
    for (const row of rows) amounts.push((await row.locator('td').last().innerText()).trim());
    const totals = sheet.getByRole('definition').filter({ hasText: /KSh/ });
    const totalTexts = (await totals.allInnerTexts()).map((t) => t.trim());
    const screenText = await sheet.innerText();
    expect(screenText).toMatch(/\d{2} [A-Z][a-z]{2} \d{4}/); // dates in the company's format (24 Nov 2026)
    for (const a of [...amounts, ...totalTexts]) expect(a).toMatch(MONEY);
    await sheet.getByText('Paid', { exact: true }).waitFor();

    // the PDF the Download button gives
    const res = await page.request.get(`/accounting/documents/pdf/${id}`);
    expect(res.status()).toBe(200);
    const pdf = Buffer.from(await res.body());
    mkdirSync(join(RESULTS, 'screenshots'), { recursive: true });
    const pdfPath = join(RESULTS, `invoice-${id}.pdf`);
    writeFileSync(pdfPath, pdf);
    const cells = pdfText(pdf).pages.flat();

    // same columns: the PDF's header cells are the screen's, in order (Discount only when a line has one)
    const lower = cells.map((c) => c.toLowerCase());
    const head = lower.slice(lower.indexOf(headers[0]), lower.indexOf('amount') + 1);
    expect(head).toEqual(headers);
    // same figures: every line amount and every total the screen shows, in the PDF's lines and totals
    const pdfMoney = cells.filter((c) => MONEY.test(c));
    for (const a of amounts) expect(pdfMoney).toContain(a);
    for (const t of totalTexts) expect(pdfMoney).toContain(t);
    // and the PDF's totals block (Sub-total … Amount due) holds nothing the screen does not show
    const pdfTotals = cells.slice(cells.indexOf('Sub-total')).filter((c) => MONEY.test(c));
    expect(pdfTotals).toEqual(totalTexts);
    const at = (label: string) => cells[cells.indexOf(label) + 1];
    expect(at('Sub-total')).toBe(totalTexts[0]);
    // the amounts add up to the Sub-total
    const units = (s: string) => BigInt(s.replace(/[^\d-]/g, ''));
    expect(amounts.map(units).reduce((x, y) => x + y)).toBe(units(at('Sub-total')));
    // the company, how to pay, dates as on screen
    const flat = cells.join(' ');
    for (const s of ['Kenyatta Avenue 12', 'Tax number: P051234567X', 'How to pay', 'M-Pesa: Lipa na M-Pesa', 'till number 5123890', 'account 0170291834455']) expect(flat).toContain(s);
    expect(flat).toMatch(/Issue date \d{2} [A-Z][a-z]{2} \d{4}/);

    // a picture of the PDF as Chromium draws it
    const viewer = await b.context.newPage();
    await viewer.goto(`file://${pdfPath}`);
    // the viewer draws the page after loading: wait until two pictures in a row are the same and
    // hold more than the viewer's empty grey (a drawn A4 page is tens of kilobytes of PNG)
    let previous = '';
    await expect
      .poll(
        async () => {
          const shot = (await viewer.screenshot()).toString('base64');
          const same = shot === previous && shot.length > 40_000;
          previous = shot;
          return same;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    await viewer.screenshot({ path: join(RESULTS, 'screenshots', 'invoice-pdf.png') });
    await viewer.close();
  });

  it('the invoice page reads well in light and dark (axe)', async () => {
    await page.goto('/sales/invoices');
    await page.getByRole('link', { name: /^INV-\d+$/ }).first().click();
    await page.waitForURL(/\/sales\/invoices\/\d+$/);
    for (const dark of [false, true]) {
      await setTheme(page, dark);
      await page.reload();
      await page.getByRole('article').waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, `invoice (${dark ? 'dark' : 'light'})`);
      await b.screenshot(`formats-invoice-${dark ? 'dark' : 'light'}`);
    }
    await setTheme(page, false);
  });

  it('money reads one way on the dashboard and in reports: the default currency, its symbol and separators', async () => {
    await page.goto('/dashboard');
    const receivables = page.getByTestId('widget-receivables').locator('dd').first();
    await receivables.waitFor();
    expect((await receivables.innerText()).trim()).toMatch(MONEY);
    expect(b.pageErrors).toEqual([]);
  });
});

describe("the company's date format", () => {
  let b: Browser;
  let page: Page;

  beforeAll(async () => {
    b = await openBrowser();
    page = b.page;
    await registerTenant(page);
  });
  afterEach((context) => reportFailure(context, b, 'formats-dates'));
  afterAll(() => b.close());

  it('is chosen under Settings/Accounting, General, and every page then writes dates that way', async () => {
    const account = await apiCall(page, 'POST', '/banking/accounts/store', { name: 'Main', number: '001', currency_code: 'USD', opening_balance: '4500', opening_date: '2026-11-24' });
    expect(account.status).toBe(201);
    const accountId = account.json.data!.id;

    await page.goto(`/banking/accounts/${accountId}`);
    await page.getByText('on 24 Nov 2026').waitFor();

    await page.goto('/settings/accounting');
    const select = page.getByLabel('Date format');
    await select.waitFor();
    for (const dark of [false, true]) {
      await setTheme(page, dark);
      await page.reload();
      await page.getByLabel('Date format').waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, `Settings/Accounting general (${dark ? 'dark' : 'light'})`);
    }
    await setTheme(page, false);
    await page.reload();
    await page.getByLabel('Date format').selectOption('DD/MM/YYYY');
    await page.getByRole('button', { name: /^Save/ }).click();
    await page.getByText('General settings saved successfully.').waitFor();

    await page.goto(`/banking/accounts/${accountId}`);
    await page.getByText('on 24/11/2026').waitFor();
    // and money in the company's currency format (USD: $ before the figure)
    await page.getByText('$4,500.00').first().waitFor();
    expect(b.pageErrors).toEqual([]);
  });
});
