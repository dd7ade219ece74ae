import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, openBrowser, registerTenant, reportFailure, toast, type Browser } from './browser';

const SHOTS = '/tmp/kazi-documents';

/** Picks `label` in the combobox named `name` (the async contact select). */
async function choose(page: Page, name: RegExp, label: string) {
  const box = page.getByRole('combobox', { name });
  await box.click();
  await box.fill(label);
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function idOf(page: Page, base: string) {
  await page.waitForURL(new RegExp(`${base}/\\d+$`));
  return Number(page.url().split('/').pop());
}

describe('invoices, bills and estimates', () => {
  let b: Browser;
  let page: Page;
  let invoice = 0;
  let estimate = 0;
  let converted = 0;

  beforeAll(async () => {
    b = await openBrowser();
    page = b.page;
    await registerTenant(page);
    const seed = async (url: string, body: unknown) => {
      const res = await apiCall(page, 'POST', url, body);
      expect(res.status, `${url}: ${JSON.stringify(res.json)}`).toBe(201);
      return res.json.data!.id;
    };
    await seed('/settings/accounting/taxes/store', { name: 'VAT', rate: '16', type: 'normal' });
    await seed('/accounting/contacts/store', { type: 'customer', name: 'Baraka Stores', email: 'accounts@baraka.example', currency_code: 'USD' });
    await seed('/accounting/contacts/store', { type: 'customer', name: 'Jua Kali Works', currency_code: 'USD' });
    await seed('/accounting/contacts/store', { type: 'vendor', name: 'Mombasa Paper Mills', currency_code: 'USD' });
    await seed('/banking/accounts/store', { name: 'Main USD', number: '001', currency_code: 'USD', opening_balance: '0' });
  });
  afterEach((context) => reportFailure(context, b, 'documents'));
  afterAll(() => b.close());

  it('shows an empty list with a create button, then creates an invoice with two lines and a tax through the form', async () => {
    await page.goto('/sales/invoices');
    await page.getByText('No invoices yet').waitFor();
    await page.getByRole('link', { name: 'Import' }).waitFor();
    await expectNoSeriousViolations(page, page.url());
    await page.getByRole('link', { name: 'New invoice' }).first().click();
    await page.waitForURL(/\/sales\/invoices\/create$/);
    await expectNoSeriousViolations(page, page.url());
    // nothing chosen yet: the error sits under the field and nothing is sent
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByRole('alert').filter({ hasText: 'The customer field is required.' }).waitFor();
    expect(page.url()).toMatch(/\/sales\/invoices\/create$/);
    await choose(page, /^Customer/, 'Baraka Stores');
    await fillLines(page, [
      { name: 'Design work', quantity: '2', price: '150', tax: 'VAT' },
      { name: 'Printing', quantity: '10', price: '5', tax: null },
    ]);
    // 2 × 150 + 10 × 5 = 350; VAT 16% of 300 = 48; total 398
    await totalsRead(page, { 'Sub-total': '$350.00', 'VAT (16%)': '$48.00', Total: '$398.00' });
    await page.getByRole('button', { name: 'Save as draft' }).click();
    invoice = await idOf(page, '/sales/invoices');
    await toast(page, 'Invoice created successfully.').waitFor();
    await page.getByTestId('sheet-total').getByText('$398.00').waitFor();
    await page.getByText('Design work').waitFor();
    await expectNoSeriousViolations(page, page.url());
  });

  it('edits the invoice: a third line changes the total', async () => {
    await page.goto(`/sales/invoices/${invoice}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(new RegExp(`/sales/invoices/${invoice}/edit$`));
    await expectNoSeriousViolations(page, page.url());
    await addLine(page, { name: 'Delivery', quantity: '1', price: '20', tax: null });
    await totalsRead(page, { Total: '$418.00' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(new RegExp(`/sales/invoices/${invoice}$`));
    await page.getByTestId('sheet-total').getByText('$418.00').waitFor();
  });

  it('lists invoices with search', async () => {
    const other = await apiCall(page, 'POST', '/accounting/documents/store', {
      type: 'invoice',
      contact_id: await contactId(page, 'Jua Kali Works'),
      issued_at: '2026-01-10',
      items: [{ name: 'Welding', quantity: '1', price: '80' }],
    });
    expect(other.status, JSON.stringify(other.json)).toBe(201);
    await page.goto('/sales/invoices');
    const table = page.getByRole('table', { name: 'Invoices' });
    await table.getByRole('cell', { name: 'Baraka Stores' }).waitFor();
    await table.getByRole('cell', { name: 'Jua Kali Works' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search invoices' }).fill('Jua');
    await expect.poll(() => table.getByRole('cell', { name: 'Baraka Stores' }).count()).toBe(0);
    await table.getByRole('cell', { name: 'Jua Kali Works' }).waitFor();
    await page.getByTestId('stat-draft').getByText('$498.00').waitFor();
    await expectNoSeriousViolations(page, page.url());
  });

  it('marks the invoice sent, takes a partial payment then the rest (partial → paid), and comments', async () => {
    await page.goto(`/sales/invoices/${invoice}`);
    await page.getByRole('button', { name: 'Mark sent' }).click();
    await toast(page, 'Status updated successfully.').waitFor();
    await page.getByRole('heading', { level: 1 }).getByText('Sent').waitFor();

    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await expect.poll(() => dialog.getByLabel(/^Amount/).inputValue()).toBe('418');
    await expectNoSeriousViolations(page, `${page.url()} (payment dialog)`);
    await dialog.getByLabel(/^Amount/).fill('100');
    await dialog.getByLabel(/^Reference/).fill('MPESA-1');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await toast(page, 'Payment added successfully.').waitFor();
    await page.getByRole('heading', { level: 1 }).getByText('Partially paid').waitFor();
    await page.getByTestId('amount-due').getByText('$318.00').waitFor();

    await page.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Record payment' }).getByLabel(/^Amount/).inputValue()).toBe('318');
    await page.getByRole('dialog', { name: 'Record payment' }).getByRole('button', { name: 'Record payment' }).click();
    await page.getByRole('heading', { level: 1 }).getByText('Paid').waitFor();
    await page.getByTestId('amount-due').getByText('$0.00').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Record payment' }).count()).toBe(0);

    await page.getByLabel('Add a comment').fill('Paid in two parts, thank you.');
    await page.getByRole('button', { name: 'Comment' }).click();
    await toast(page, 'Comment added successfully.').waitFor();
    await page.getByRole('list', { name: 'History' }).getByText('Paid in two parts, thank you.').waitFor();
    // the pointer still on the Comment button: its hover colour must keep white text readable too
    await page.getByRole('button', { name: 'Comment' }).hover();
    await expectNoSeriousViolations(page, page.url());
  });

  it('creates a bill for a vendor through the form', async () => {
    await page.goto('/purchases/bills/create');
    await expectNoSeriousViolations(page, page.url());
    await choose(page, /^Vendor/, 'Mombasa Paper Mills');
    await fillLines(page, [{ name: 'A4 paper', quantity: '20', price: '4.5', tax: null }]);
    await totalsRead(page, { 'Sub-total': '$90.00', Total: '$90.00' });
    await page.getByRole('button', { name: 'Save as draft' }).click();
    const bill = await idOf(page, '/purchases/bills');
    await page.getByTestId('sheet-total').getByText('$90.00').waitFor();
    await page.getByRole('button', { name: 'Mark received' }).click();
    await page.getByRole('heading', { level: 1 }).getByText('Received').waitFor();
    await page.goto('/purchases/bills');
    await page.getByRole('table', { name: 'Bills' }).getByRole('link', { name: /^BILL-/ }).waitFor();
    await page.getByTestId('stat-open').getByText('$90.00').waitFor();
    expect(bill).toBeGreaterThan(0);
  });

  it('creates an estimate, the customer approves it through its public link, and it becomes an invoice', async () => {
    await page.goto('/sales/estimates/create');
    await choose(page, /^Customer/, 'Baraka Stores');
    await fillLines(page, [{ name: 'Shop fitting', quantity: '1', price: '1200', tax: 'VAT' }]);
    await totalsRead(page, { Total: '$1,392.00' });
    await page.getByRole('button', { name: 'Save as draft' }).click();
    estimate = await idOf(page, '/sales/estimates');
    await page.getByRole('button', { name: 'Mark sent' }).click();
    await page.getByRole('heading', { level: 1 }).getByText('Sent').waitFor();
    const link = await page.getByLabel('Public link').inputValue();
    expect(link).toMatch(/\/estimates\/view\/[\w-]+$/);
    await expectNoSeriousViolations(page, page.url());

    // the customer: another browser, no cookies, no account
    const customer = await openBrowser();
    try {
      const p = customer.page;
      await p.goto(new URL(link).pathname);
      await p.getByRole('heading', { name: /^Estimate EST-/ }).waitFor();
      await p.getByText('Shop fitting').waitFor();
      await p.getByTestId('sheet-total').getByText('$1,392.00').waitFor();
      expect(await p.getByRole('navigation').count()).toBe(0);
      await expectNoSeriousViolations(p, `${p.url()} (public)`);
      await p.screenshot({ path: `${SHOTS}/estimate-public-light.png`, fullPage: true });
      await p.getByRole('button', { name: 'Approve' }).click();
      await toast(p, 'Thank you: the estimate is approved.').waitFor();
      await p.getByTestId('estimate-outcome').getByText('You approved this estimate.').waitFor();
      await expect.poll(() => p.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await expect.poll(() => p.getByRole('button', { name: 'Refuse' }).count()).toBe(0);
      await p.evaluate(() => localStorage.setItem('darkMode', 'true'));
      await p.reload();
      await expectNoSeriousViolations(p, `${p.url()} (public, dark)`);
      await p.screenshot({ path: `${SHOTS}/estimate-public-dark.png`, fullPage: true });
    } finally {
      await customer.close();
    }

    await page.goto(`/sales/estimates/${estimate}`);
    await page.getByRole('heading', { level: 1 }).getByText('Approved').waitFor();
    await page.getByRole('list', { name: 'History' }).getByText('The customer approved the estimate.').waitFor();
    await page.getByRole('button', { name: 'Convert to invoice' }).click();
    const made = await idOf(page, '/sales/invoices');
    await page.getByTestId('sheet-total').getByText('$1,392.00').waitFor();
    expect(made).toBeGreaterThan(invoice);
    converted = made;
  });

  it('the converted invoice is sent and paid in two parts; the reports follow and the trial balance stays zero', async () => {
    const standard = await apiCall(page, 'POST', '/reports/standard', {});
    expect(standard.status, JSON.stringify(standard.json)).toBeLessThan(300);
    const list = await apiCall(page, 'GET', '/reports/json?per_page=50');
    const reports = list.json.data as unknown as { id: number; type: string }[];
    const idOfType = (type: string) => reports.find((r) => r.type === type)!.id;
    const ageing = idOfType('receivables_ageing');
    const trial = idOfType('trial_balance');

    /** The last cell (Total) of the row named `label` on a report's Show page, or null without that row. */
    const reportTotal = async (id: number, label: string) => {
      await page.goto(`/reports/${id}`);
      const table = page.getByTestId('report-table');
      await table.or(page.getByText('Nothing is outstanding on this date.')).first().waitFor();
      const row = table.getByRole('row', { name: new RegExp(`^${label}`) });
      return (await row.count()) ? (await row.locator('td').last().innerText()).trim() : null;
    };
    /** Debit and credit of the trial balance's Total row, as the page shows them. */
    const trialTotals = async () => {
      await page.goto(`/reports/${trial}`);
      const row = page.getByTestId('report-table').getByRole('row', { name: /^Total/ });
      const cells = row.locator('td');
      return [(await cells.nth(0).innerText()).trim(), (await cells.nth(1).innerText()).trim()];
    };

    // a draft owes nothing yet
    expect(await reportTotal(ageing, 'Baraka Stores')).toBeNull();

    await page.goto(`/sales/invoices/${converted}`);
    await page.getByRole('button', { name: 'Mark sent' }).click();
    await toast(page, 'Status updated successfully.').waitFor();
    expect(await reportTotal(ageing, 'Baraka Stores')).toBe('1,392.00');
    const [debitSent, creditSent] = await trialTotals();
    expect(debitSent).toBe(creditSent);

    await page.goto(`/sales/invoices/${converted}`);
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByLabel(/^Amount/).fill('500');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await page.getByRole('heading', { level: 1 }).getByText('Partially paid').waitFor();
    expect(await reportTotal(ageing, 'Baraka Stores')).toBe('892.00');
    const [debitPart, creditPart] = await trialTotals();
    expect(debitPart).toBe(creditPart);

    await page.goto(`/sales/invoices/${converted}`);
    await page.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Record payment' }).getByLabel(/^Amount/).inputValue()).toBe('892');
    await page.getByRole('dialog', { name: 'Record payment' }).getByRole('button', { name: 'Record payment' }).click();
    await page.getByRole('heading', { level: 1 }).getByText('Paid').waitFor();
    expect(await reportTotal(ageing, 'Baraka Stores')).toBeNull();
    const [debitPaid, creditPaid] = await trialTotals();
    expect(debitPaid).toBe(creditPaid);
    // the books, not only the page: every currency's lines add up to zero
    const data = await apiCall(page, 'GET', `/reports/${trial}/data`);
    const total = (data.json.data as unknown as { rows: { label: string; values: string[] }[] }).rows.find((r) => r.label === 'Total')!;
    expect(total.values[0]).toBe(total.values[1]);
  });

  it('deletes a draft invoice from the list', async () => {
    await page.goto('/sales/invoices');
    const table = page.getByRole('table', { name: 'Invoices' });
    const row = table.getByRole('row').filter({ hasText: 'Jua Kali Works' });
    const number = (await row.getByRole('link').first().innerText()).trim();
    await row.getByRole('button', { name: `Delete Invoice ${number}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Delete Successfully').waitFor();
    await expect.poll(() => table.getByRole('cell', { name: 'Jua Kali Works' }).count()).toBe(0);
  });

  it('reads well in light, dark and right-to-left (axe on each, screenshots in /tmp)', async () => {
    const urls = ['/sales/invoices', `/sales/invoices/${invoice}`, '/sales/invoices/create', '/sales/estimates', `/sales/estimates/${estimate}`, '/purchases/bills'];
    for (const mode of ['light', 'dark', 'rtl'] as const) {
      await page.evaluate((m) => {
        localStorage.setItem('darkMode', String(m === 'dark'));
        localStorage.setItem('direction', m === 'rtl' ? 'rtl' : 'ltr');
      }, mode);
      for (const url of urls) {
        await page.goto(url);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, `${url} (${mode})`);
        await page.screenshot({ path: `${SHOTS}/${url.replace(/\//g, '_')}-${mode}.png`, fullPage: true });
      }
    }
    await page.evaluate(() => {
      localStorage.setItem('darkMode', 'false');
      localStorage.setItem('direction', 'ltr');
    });
    expect(b.pageErrors).toEqual([]);
  });
});

/** The live totals panel shows these rows (label → amount). */
async function totalsRead(page: Page, rows: Record<string, string>) {
  const panel = page.getByTestId('totals-panel');
  for (const [label, amount] of Object.entries(rows)) {
    await expect.poll(async () => (await panel.innerText()).split('\n').map((l) => l.trim()).join('|')).toContain(`${label}|${amount}`);
  }
}

async function contactId(page: Page, name: string): Promise<number> {
  const res = await apiCall(page, 'GET', `/accounting/contacts/json?search=${encodeURIComponent(name)}`);
  return (res.json.data as unknown as { id: number }[])[0].id;
}

type Line = { name: string; quantity: string; price: string; tax: string | null };

/** Fills the form's lines from the first, adding lines as needed (the shared lines editor). */
async function fillLines(page: Page, lines: Line[]) {
  for (let i = 0; i < lines.length; i++) {
    if (i > 0) await addBlankLine(page);
    await fillLine(page, i + 1, lines[i]);
  }
}

async function addLine(page: Page, line: Line) {
  const count = await page.getByRole('table', { name: 'Lines' }).locator(':scope > tbody > tr').count();
  await addBlankLine(page);
  await fillLine(page, count + 1, line);
}

/** "Add a line" puts the focus in the new line's item search; its list stays closed until one types or opens it. */
async function addBlankLine(page: Page) {
  await page.getByRole('button', { name: 'Add a line' }).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
  expect(await page.getByRole('listbox').count()).toBe(0);
}

async function fillLine(page: Page, n: number, line: Line) {
  // the item box holds the line's name: typed text that matches no item stays free text
  await page.getByLabel(`Line ${n} Item`).fill(line.name);
  await page.getByLabel(`Line ${n} Quantity`).fill(line.quantity);
  // the money box turns "$0.00" into a plain "0.00" when it gets the focus: focus it first, as a user does, then type
  const price = page.getByLabel(`Line ${n} Price`);
  await price.click();
  await expect.poll(() => price.inputValue()).not.toContain('$');
  await price.fill(line.price);
  await price.press('Tab');
  if (line.tax) {
    await page.getByRole('button', { name: `Line ${n} Taxes` }).click();
    await page.getByRole('option', { name: new RegExp(`^${line.tax}`) }).click();
    await page.keyboard.press('Escape');
  }
}
