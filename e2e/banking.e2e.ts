import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { openBrowser, registerTenant, reportFailure, apiCall, type Browser } from './browser';



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
});
