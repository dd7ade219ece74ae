import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, openBrowser, registerTenant, reportFailure, toast, type Browser } from './browser';

describe('reports: definitions, figures, chart, exports', () => {
  let b: Browser;
  let page: Page;
  let reportId = 0;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    b = await openBrowser();
    page = b.page;
    await registerTenant(page);
    // the books: 1,000 in the bank, 1,234.50 of sales and 200 of expenses today
    const acc = await apiCall(page, 'POST', '/banking/accounts/store', { name: 'Main', number: '001', currency_code: 'USD', opening_balance: '1000' });
    expect(acc.status, JSON.stringify(acc.json)).toBe(201);
    const cats = await apiCall(page, 'GET', '/settings/accounting/categories/json?paginate=false');
    const list = (Array.isArray(cats.json) ? cats.json : ((cats.json as { data?: unknown[] }).data ?? [])) as { id: number; name: string }[];
    const sales = list.find((c) => c.name === 'Sales')?.id ?? null;
    for (const [type, amount] of [['income', '1234.50'], ['expense', '200']] as const) {
      const r = await apiCall(page, 'POST', '/banking/transactions/store', { type, bank_account_id: acc.json.data!.id, paid_at: today, amount, category_id: type === 'income' ? sales : null });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
    }
  });
  afterEach((context) => reportFailure(context, b, 'reports'));
  afterAll(() => b.close());

  it('offers the standard reports on an empty list and creates them', async () => {
    await page.goto('/reports');
    await page.getByText('No reports yet').waitFor();
    await expectNoSeriousViolations(page, page.url());
    await page.getByRole('button', { name: 'Create the standard reports' }).click();
    await toast(page, 'Standard reports created successfully.').waitFor();
    await page.getByRole('link', { name: 'Balance sheet' }).first().waitFor();
    await page.getByRole('link', { name: 'Trial balance' }).first().waitFor();
  });

  it('creates a definition through the form and shows its figures, chart and totals', async () => {
    await page.goto('/reports/create');
    await expectNoSeriousViolations(page, page.url());
    await page.getByLabel(/^Name/).fill('Profit by quarter');
    await page.getByLabel(/^Type/).selectOption('profit_loss');
    await page.getByLabel(/^Columns/).selectOption('quarter');
    await page.getByRole('button', { name: 'Create report' }).click();
    await page.waitForURL(/\/reports\/\d+$/);
    reportId = Number(page.url().split('/').pop());
    await toast(page, 'Report created successfully.').waitFor();
    const table = page.getByTestId('report-table');
    await table.getByRole('rowheader', { name: 'Net profit' }).waitFor();
    const net = table.getByRole('row', { name: /Net profit/ });
    expect(await net.locator('td').last().innerText()).toBe('1,034.50');
    expect(await table.getByRole('row', { name: /Total income/ }).locator('td').last().innerText()).toBe('1,234.50');
    await page.locator('figure canvas').first().waitFor();
    await expectNoSeriousViolations(page, page.url());
    // the columns can be changed for one reading
    await page.getByLabel('Columns').selectOption('month');
    const fy = await apiCall(page, 'GET', `/reports/${reportId}/data?period=month`);
    const columns = (fy.json.data as unknown as { columns: string[] }).columns;
    expect(columns).toHaveLength(13); // 12 months and the total
    await table.getByRole('columnheader', { name: columns[11] }).waitFor();
    expect(await table.getByRole('columnheader').count()).toBe(14); // the account column too
  });

  it('exports the reading as CSV, XLSX and PDF', async () => {
    await page.getByRole('button', { name: /Export/ }).click();
    const links = page.getByRole('menuitem');
    const hrefs = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')));
    expect(hrefs).toEqual([`/reports/${reportId}/export?format=csv&period=month`, `/reports/${reportId}/export?format=xlsx&period=month`, `/reports/${reportId}/export?format=pdf&period=month`]);
    await page.keyboard.press('Escape');
    const csv = await page.request.get(hrefs[0]!);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text).toContain('Net profit');
    expect(text).toContain('1034.5000');
    const pdf = await page.request.get(hrefs[2]!);
    expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');
    const xlsx = await page.request.get(hrefs[1]!);
    expect(xlsx.headers()['content-type']).toContain('spreadsheetml');
  });

  it('edits and deletes the definition', async () => {
    await page.goto(`/reports/${reportId}/edit`);
    await expectNoSeriousViolations(page, page.url());
    await page.getByLabel(/^Name/).fill('Profit, quarterly');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(new RegExp(`/reports/${reportId}$`));
    await page.getByRole('heading', { name: /Profit, quarterly/ }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/reports$/);
    await toast(page, 'Report deleted successfully.').waitFor();
    expect((await apiCall(page, 'GET', `/reports/get-report/${reportId}`)).status).toBe(404);
  });

  it('shows the money widgets on the dashboard', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('widget-profit').getByText('$1,034.50').waitFor();
    await page.getByTestId('widget-overdue').waitFor();
    await expectNoSeriousViolations(page, page.url());
  });
});
