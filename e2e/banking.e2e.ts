import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { openBrowser, registerTenant, reportFailure, apiCall, toast, type Browser } from './browser';

async function balanceOnShow(page: Page, id: number) {
  await page.goto(`/banking/accounts/${id}`);
  return (await page.getByTestId('current-balance').innerText()).trim();
}

describe('banking: accounts, transactions and transfers', () => {
  let b: Browser;
  let page: Page;
  let main = 0;
  let euro = 0;

  beforeAll(async () => {
    b = await openBrowser();
    page = b.page;
    await registerTenant(page);
    // a second currency (the Settings pages are built elsewhere): 1 USD buys 0.5 EUR
    const made = await apiCall(page, 'POST', '/settings/accounting/currencies/store', { code: 'EUR', name: 'Euro', rate: '0.5', symbol: '€', symbol_first: false, decimal_mark: ',', thousands_separator: '.' });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
  });
  afterEach((context) => reportFailure(context, b, 'banking'));
  afterAll(() => b.close());

  it('creates two accounts through the form and lists their balances', async () => {
    await page.goto('/banking/accounts/create');
    await expectNoSeriousViolations(page, page.url());
    await page.getByLabel(/^Account name/).fill('Main USD');
    await page.getByLabel(/^Account number/).fill('001');
    await page.getByLabel(/^Opening balance/).fill('1000');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/banking\/accounts\/\d+$/);
    main = Number(page.url().split('/').pop());
    await page.getByTestId('current-balance').getByText('$1,000.00').waitFor();

    await page.goto('/banking/accounts/create');
    await page.getByLabel(/^Account name/).fill('Euro Till');
    await page.getByLabel(/^Account number/).fill('002');
    await page.getByLabel(/^Currency/).selectOption('EUR');
    await page.getByLabel(/^Opening balance/).fill('20');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/banking\/accounts\/\d+$/);
    euro = Number(page.url().split('/').pop());

    await page.goto('/banking/accounts');
    await page.getByRole('cell', { name: '$1,000.00' }).waitFor();
    await page.getByRole('cell', { name: '20,00 €' }).waitFor();
    // 1000 USD + 20 EUR / 0.5 = 1040 USD
    await page.getByText('$1,040.00').waitFor();
    await expectNoSeriousViolations(page, page.url());
  });

  it('records income and expense, edits one, and the account balance follows on Show', async () => {
    const create = async (type: 'Income' | 'Expense', amount: string, reference: string) => {
      await page.goto('/banking/transactions/create');
      await page.locator('select[name="type"]').selectOption({ label: type });
      await page.locator('select[name="bank_account_id"]').selectOption({ label: 'Main USD (USD)' });
      await page.getByLabel(/^Amount/).fill(amount);
      await page.getByLabel(/^Reference/).fill(reference);
      await page.getByRole('button', { name: 'Create transaction' }).click();
      await page.waitForURL(/\/banking\/transactions\/\d+$/);
    };
    await create('Income', '200', 'SALE-1');
    await expectNoSeriousViolations(page, page.url());
    await create('Expense', '50', 'RENT-1');
    const expenseId = Number(page.url().split('/').pop());
    expect(await balanceOnShow(page, main)).toBe('$1,150.00');

    await page.goto(`/banking/transactions/${expenseId}/edit`);
    await page.getByLabel(/^Amount/).fill('70');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(new RegExp(`/banking/transactions/${expenseId}$`));
    expect(await balanceOnShow(page, main)).toBe('$1,130.00');
    // its lists have no search or filter: no empty bar above them
    await page.getByRole('table', { name: 'Transactions of Main USD' }).getByRole('cell', { name: '$200.00' }).waitFor();
    await page.getByRole('table', { name: 'Transfers from Main USD' }).waitFor();
    await expect.poll(() => page.getByTestId('table-toolbar').filter({ visible: true }).count()).toBe(0);
    await b.screenshot('banking-account-show-light');
    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await page.reload();
    await page.getByTestId('current-balance').waitFor();
    await b.screenshot('banking-account-show-dark');
    await expectNoSeriousViolations(page, page.url());
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
  });

  it('searches and pages the transaction list', async () => {
    for (let i = 1; i <= 22; i++) {
      const r = await apiCall(page, 'POST', '/banking/transactions/store', { type: 'expense', bank_account_id: main, paid_at: '2026-01-15', amount: '1', reference: `BULK-${i}` });
      expect(r.status).toBe(201);
    }
    await page.goto('/banking/transactions');
    await expectNoSeriousViolations(page, page.url());
    // a list with a search box keeps its toolbar
    await page.getByTestId('table-toolbar').getByLabel('Search transactions').waitFor();
    // 2 by the form + 22 seeded = 24 rows: 15 on page 1, 9 on page 2
    await page.getByText(/Showing 1 to 15 of 24/).first().waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText(/Showing 16 to 24 of 24/).first().waitFor();
    await page.getByLabel('Search transactions').fill('SALE-1');
    await page.getByRole('link', { name: /^TRA-/ }).first().waitFor();
    await expect.poll(() => page.getByRole('link', { name: /^TRA-/ }).count()).toBe(1);
  });

  it('transfers across currencies, shows both balances, and deletes a transfer', async () => {
    await page.goto('/banking/transfers/create');
    await page.locator('select[name="from_account_id"]').selectOption({ label: 'Main USD (USD)' });
    await page.locator('select[name="to_account_id"]').selectOption({ label: 'Euro Till (EUR)' });
    await page.getByLabel(/^Amount in USD/).fill('100');
    // 100 USD / 1 * 0.5 = 50 EUR
    await page.getByTestId('transfer-preview').getByText('50,00 €').waitFor();
    await expectNoSeriousViolations(page, page.url());
    await page.getByRole('button', { name: 'Create transfer' }).click();
    await page.waitForURL(/\/banking\/transfers\/\d+$/);
    await expectNoSeriousViolations(page, page.url());
    expect(await balanceOnShow(page, main)).toBe('$1,008.00'); // 1130 - 22 - 100
    expect(await balanceOnShow(page, euro)).toBe('70,00 €');

    await page.goto('/banking/transfers');
    await expectNoSeriousViolations(page, page.url());
    await page.getByRole('button', { name: /^Delete transfer/ }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alert').filter({ hasText: /delete/i }).first().waitFor();
    await page.getByText('No transfers yet').waitFor();
    expect(await balanceOnShow(page, euro)).toBe('20,00 €');
  });

  it('saves a transfer across currencies with the received amount the user typed', async () => {
    await page.goto('/banking/transfers/create');
    await page.locator('select[name="from_account_id"]').selectOption({ label: 'Main USD (USD)' });
    await page.locator('select[name="to_account_id"]').selectOption({ label: 'Euro Till (EUR)' });
    await page.getByLabel(/^Amount in USD/).fill('10');
    // the rates give 5 EUR; the bank paid in 4.80
    await page.getByTestId('transfer-preview').getByText('5,00 €').waitFor();
    await page.getByLabel(/^Amount received in EUR/).fill('4.80');
    await page.getByRole('button', { name: 'Create transfer' }).click();
    await page.waitForURL(/\/banking\/transfers\/\d+$/);
    const received = page.locator('dt', { hasText: 'Amount received' }).locator('xpath=following-sibling::dd');
    expect((await received.innerText()).trim()).toBe('4,80 €');
    const id = Number(page.url().split('/').pop());
    const saved = await apiCall(page, 'GET', `/banking/transfers/get-transfer/${id}`);
    expect(saved.status).toBe(200);
    expect(saved.json.data?.to_amount).toMatch(/^4\.80*$/);

    await page.goto('/banking/transfers');
    await page.getByRole('cell', { name: '4,80 €' }).waitFor();
    expect(await balanceOnShow(page, main)).toBe('$1,098.00'); // 1108 - 10
    expect(await balanceOnShow(page, euro)).toBe('24,80 €'); // 20 + 4.80
    await page.getByRole('table', { name: 'Transfers to Euro Till' }).getByRole('cell', { name: '4,80 €' }).waitFor();
  });

  it('refuses a new currency for an account with postings, on the currency field', async () => {
    await page.goto(`/banking/accounts/${main}/edit`);
    const currency = page.getByLabel(/^Currency/);
    await currency.selectOption('EUR');
    const answer = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/banking/accounts/update/${main}`));
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await answer).status()).toBe(422);
    await expect.poll(() => currency.getAttribute('aria-invalid')).toBe('true');
    const errorId = ((await currency.getAttribute('aria-describedby')) ?? '').split(' ').find((id) => id.endsWith('-error'));
    expect(errorId).toBeTruthy();
    expect((await page.locator(`[id="${errorId}"]`).innerText()).trim()).toBe('The currency of an account with transactions cannot be changed.');
    expect(page.url()).toMatch(new RegExp(`/banking/accounts/${main}/edit$`));
    await expectNoSeriousViolations(page, page.url());
    // nothing changed
    await page.goto(`/banking/accounts/${main}`);
    await page.getByText(/· USD$/).waitFor();
    expect((await page.getByTestId('current-balance').innerText()).trim()).toBe('$1,098.00');
  });

  it('shows the server\'s reason when a bank account in use cannot be deleted', async () => {
    await page.goto('/banking/accounts');
    await page.getByRole('button', { name: 'Delete Main USD' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'This account is in use and cannot be deleted.').waitFor();
    await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Main USD', exact: true }).waitFor();
    expect(await balanceOnShow(page, main)).toBe('$1,098.00');
  });
});
