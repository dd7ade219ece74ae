import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { listSummary, openBrowser, registerTenant, reportFailure, apiCall, toast, type Browser } from './browser';


/** The list's visible "Showing 1 to 15 of 17 results" (a hidden live region repeats it for screen readers). */


describe('customers and vendors', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    await registerTenant(page);
  });
  afterEach((context) => reportFailure(context, browser, 'contacts'));
  afterAll(() => browser.close());

  it('creates a customer, edits it, and finds it in the paged, searchable list', async () => {
    await page.goto('/sales/customers');
    await page.getByText('No customers yet').waitFor();
    await page.getByRole('link', { name: 'New customer' }).first().click();
    await page.waitForURL(/\/sales\/customers\/create$/);
    await expectNoSeriousViolations(page, 'Customers/Create');

    // the form checks before it sends, with the server's wording
    await page.getByRole('button', { name: 'Create customer' }).click();
    await page.getByRole('alert').filter({ hasText: 'The name field is required.' }).waitFor();
    await page.getByLabel(/^Name/).fill('Kito Bakery');
    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByRole('button', { name: 'Create customer' }).click();
    await page.getByRole('alert').filter({ hasText: 'The email field must be a valid email address.' }).waitFor();
    await page.getByLabel(/^Email/).fill('hello@kito.example');
    await page.getByLabel(/^Phone/).fill('+254 712 000 111');
    await page.getByLabel(/^Website/).fill('https://kito.example');
    await page.getByLabel(/^City/).fill('Nairobi');
    expect(await page.getByLabel(/^Currency/).inputValue()).toBe('USD');
    await page.getByRole('button', { name: 'Create customer' }).click();
    await page.waitForURL(/\/sales\/customers\/\d+$/);
    await toast(page, 'Customer created successfully.').waitFor();
    await page.getByRole('heading', { name: 'Kito Bakery', level: 1 }).waitFor();
    await page.getByText('hello@kito.example').waitFor();

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(/\/sales\/customers\/\d+\/edit$/);
    await page.getByLabel(/^Name/).fill('Kito Bakery Ltd');
    await page.getByLabel(/^Tax number/).fill('P051234567X');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/sales\/customers\/\d+$/);
    await page.getByRole('heading', { name: 'Kito Bakery Ltd', level: 1 }).waitFor();
    await page.getByText('P051234567X').waitFor();

    // 16 more, for a second page
    for (let i = 1; i <= 16; i++) {
      const res = await apiCall(page, 'POST', '/accounting/contacts/store', { type: 'customer', name: `Customer ${String(i).padStart(2, '0')}` });
      expect(res.status).toBe(201);
    }
    await page.goto('/sales/customers');
    await listSummary(page, 'Showing 1 to 15 of 17 results').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(15);
    await page.getByRole('button', { name: 'Next page' }).click();
    await listSummary(page, 'Showing 16 to 17 of 17 results').waitFor();
    await page.getByRole('link', { name: 'Kito Bakery Ltd', exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('kito');
    await listSummary(page, 'Showing 1 to 1 of 1 result').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(1);
    await expectNoSeriousViolations(page, 'Customers/Index');
  });

  it("shows a customer's payments, balance and transactions, and refuses to delete a customer who has some", async () => {
    const kito = (await apiCall(page, 'GET', '/accounting/contacts/json?type=customer&search=Kito')).json as unknown as { data: { id: number }[] };
    const id = kito.data[0].id;
    const account = await apiCall(page, 'POST', '/banking/accounts/store', { name: 'Till', number: '001', currency_code: 'USD', opening_balance: '0', opening_date: '2026-01-01' });
    expect(account.status).toBe(201);
    for (const [paid_at, amount] of [['2026-02-03', '1200.50'], ['2026-03-09', '99.50']]) {
      const tx = await apiCall(page, 'POST', '/banking/transactions/store', { type: 'income', bank_account_id: account.json.data!.id, paid_at, amount, contact_id: id });
      expect(tx.status).toBe(201);
    }

    await page.goto(`/sales/customers/${id}`);
    await page.getByRole('heading', { name: 'Kito Bakery Ltd', level: 1 }).waitFor();
    await page.getByText('$1,300.00').waitFor();
    await page.getByText('2 payments, in USD').waitFor();
    const transactions = page.getByRole('table', { name: 'Transactions of Kito Bakery Ltd' });
    await transactions.getByText('$1,200.50').waitFor();
    expect(await transactions.locator('tbody tr').count()).toBe(2);
    expect(await transactions.getByRole('link', { name: 'TRA-00001' }).getAttribute('href')).toMatch(/^\/banking\/transactions\/\d+$/);
    await page.getByText('No invoices yet').waitFor();
    await expectNoSeriousViolations(page, 'Customers/Show');
    console.log(`[e2e] Customers/Show screenshot: ${await browser.screenshot('customers-show')}`);

    // a customer with transactions cannot go: the server's reason comes back as an error toast
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'This contact is in use and cannot be deleted.').waitFor();
    expect(page.url()).toMatch(new RegExp(`/sales/customers/${id}$`));
  });

  it('deletes a customer from the list after confirming', async () => {
    await page.goto('/sales/customers');
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('Customer 16');
    await listSummary(page, 'Showing 1 to 1 of 1 result').waitFor();
    await page.getByRole('button', { name: 'Delete Customer 16' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Customer 16').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Customer deleted successfully.').waitFor();
    await page.getByText('Nothing matches').waitFor();
    const left = (await apiCall(page, 'GET', '/accounting/contacts/json?type=customer')).json as unknown as { total: number };
    expect(left.total).toBe(16);
  });

  it('creates a vendor, shows it, and deletes it', async () => {
    await page.goto('/purchases/vendors/create');
    await page.getByLabel(/^Name/).fill('Zebra Supplies');
    await page.getByLabel(/^Email/).fill('sales@zebra.example');
    await page.getByRole('button', { name: 'Create vendor' }).click();
    await page.waitForURL(/\/purchases\/vendors\/\d+$/);
    await page.getByRole('heading', { name: 'Zebra Supplies', level: 1 }).waitFor();
    await page.getByText('Paid to this vendor').waitFor();
    await page.getByText('No bills yet').waitFor();
    await expectNoSeriousViolations(page, 'Vendors/Show');

    await page.goto('/purchases/vendors');
    await page.getByRole('link', { name: 'Zebra Supplies', exact: true }).click();
    await page.waitForURL(/\/purchases\/vendors\/\d+$/);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/purchases\/vendors$/);
    await toast(page, 'Vendor deleted successfully.').waitFor();
    await page.getByText('No vendors yet').waitFor();
  });
});
