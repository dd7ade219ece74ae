import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, openBrowser, registerTenant, reportFailure, toast, type Browser } from './browser';
import { invitationLink } from './mail';

const SHOTS = '/tmp/kazi-recurring';
// a start always in the future, so the next invoice is the start itself whatever day this runs
const YEAR = new Date().getUTCFullYear() + 1;
const START = `${YEAR}-01-31`;

/** The Recurring card of an invoice's Show page. */
const panel = (page: Page) => page.getByTestId('recurring-panel');

/** Fills a date input (YYYY-MM-DD) the way a user's picker does: focus, then the day. */
async function fillDate(box: Locator, iso: string) {
  await box.fill(iso);
  await expect.poll(() => box.inputValue()).toBe(iso);
}

describe('recurring invoices', () => {
  let b: Browser;
  let page: Page;
  let customer = 0;
  let invoice = 0;

  const newInvoice = async (name: string) => {
    const res = await apiCall(page, 'POST', '/accounting/documents/store', {
      type: 'invoice',
      contact_id: customer,
      issued_at: '2026-11-01',
      items: [{ name, quantity: '1', price: '250' }],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.data!.id;
  };
  const recurrence = async (id: number) => (await apiCall(page, 'GET', `/accounting/documents/recurring/${id}`)).json.data;

  beforeAll(async () => {
    b = await openBrowser();
    page = b.page;
    await registerTenant(page);
    const res = await apiCall(page, 'POST', '/accounting/contacts/store', { type: 'customer', name: 'Pwani Retainers', currency_code: 'USD' });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    customer = res.json.data!.id;
    invoice = await newInvoice('Monthly support');
  });
  afterEach((context) => reportFailure(context, b, 'recurring'));
  afterAll(() => b.close());

  it('makes an invoice recur monthly, 3 times: the schedule and the next date stay after a reload', async () => {
    await page.goto(`/sales/invoices/${invoice}`);
    await panel(page).getByText('This invoice does not recur.').waitFor();
    await panel(page).getByRole('button', { name: 'Make recurring' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make recurring' });
    await expect.poll(() => dialog.getByLabel(/^Repeats/).inputValue()).toBe('monthly');
    await dialog.getByLabel(/^Interval/).fill('1');
    await fillDate(dialog.getByLabel(/^Starts on/), START);
    await dialog.getByRole('radio', { name: 'After a number of invoices' }).check();
    await dialog.getByLabel(/^Number of invoices/).fill('3');
    await dialog.getByTestId('recurring-preview').getByText(`Every month from 31 Jan ${YEAR}, 3 times`).waitFor();
    await expectNoSeriousViolations(page, `${page.url()} (recurring dialog, light)`);
    await page.screenshot({ path: `${SHOTS}/dialog-light.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Recurring invoice saved successfully.').waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await panel(page).getByTestId('recurring-schedule').getByText(`Every month from 31 Jan ${YEAR}, 3 times`).waitFor();
    // the timeline notes it without a reload
    await page.getByText(`Set to recur: Every month from 31 Jan ${YEAR}, 3 times.`).waitFor();

    await page.reload();
    await panel(page).getByTestId('recurring-schedule').getByText(`Every month from 31 Jan ${YEAR}, 3 times`).waitFor();
    expect((await panel(page).getByTestId('recurring-next').innerText()).trim()).toBe(`31 Jan ${YEAR}`);
    expect((await panel(page).getByTestId('recurring-generated').innerText()).trim()).toBe('0 of 3 invoices made');
    expect(await recurrence(invoice)).toEqual({ frequency: 'monthly', interval: 1, starts_at: START, ends_at: null, count: 3, generated: 0, next_at: START });
    await expectNoSeriousViolations(page, `${page.url()} (recurring panel, light)`);
  });

  it('edits it to every 2 weeks until a date: bad values are refused under their fields and change nothing', async () => {
    await page.goto(`/sales/invoices/${invoice}`);
    await panel(page).getByRole('button', { name: 'Edit the recurring schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the recurring schedule' });
    // the form opens on the current schedule
    await expect.poll(() => dialog.getByLabel(/^Number of invoices/).inputValue()).toBe('3');
    await dialog.getByLabel(/^Repeats/).selectOption('weekly');
    await dialog.getByLabel(/^Interval/).fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The interval field must be at least 1.' }).waitFor();
    expect(await dialog.getByLabel(/^Interval/).getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel(/^Interval/).fill('2');
    await dialog.getByRole('radio', { name: 'On a date' }).check();
    await fillDate(dialog.getByLabel(/^Ends on/), `${YEAR}-01-01`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The ends at field must be a date after or equal to starts at.' }).waitFor();
    expect((await recurrence(invoice))?.frequency).toBe('monthly');

    await fillDate(dialog.getByLabel(/^Ends on/), `${YEAR}-03-31`);
    await dialog.getByTestId('recurring-preview').getByText(`Every 2 weeks from 31 Jan ${YEAR}, until 31 Mar ${YEAR}`).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Recurring invoice saved successfully.').waitFor();
    await page.reload();
    await panel(page).getByTestId('recurring-schedule').getByText(`Every 2 weeks from 31 Jan ${YEAR}, until 31 Mar ${YEAR}`).waitFor();
    expect((await panel(page).getByTestId('recurring-generated').innerText()).trim()).toBe('No invoice made yet');
    expect(await recurrence(invoice)).toMatchObject({ frequency: 'weekly', interval: 2, ends_at: `${YEAR}-03-31`, count: null, next_at: START });
  });

  it('reads well in dark mode too (axe on the panel and the dialog)', async () => {
    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    try {
      await page.goto(`/sales/invoices/${invoice}`);
      await panel(page).getByTestId('recurring-schedule').waitFor();
      await expectNoSeriousViolations(page, `${page.url()} (recurring panel, dark)`);
      await page.screenshot({ path: `${SHOTS}/panel-dark.png`, fullPage: true });
      await panel(page).getByRole('button', { name: 'Edit the recurring schedule' }).click();
      await page.getByRole('dialog', { name: 'Edit the recurring schedule' }).getByLabel(/^Ends on/).waitFor();
      await expectNoSeriousViolations(page, `${page.url()} (recurring dialog, dark)`);
      await page.screenshot({ path: `${SHOTS}/dialog-dark.png`, fullPage: true });
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    } finally {
      await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
    }
  });

  it('stops it after a confirmation: gone after a reload', async () => {
    await page.goto(`/sales/invoices/${invoice}`);
    await panel(page).getByRole('button', { name: 'Stop' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Stop this recurring invoice?' });
    await expectNoSeriousViolations(page, `${page.url()} (stop confirmation)`);
    await confirm.getByRole('button', { name: 'Stop' }).click();
    await toast(page, 'Recurring invoice stopped successfully.').waitFor();
    await panel(page).getByText('This invoice does not recur.').waitFor();
    await page.getByText('Recurrence stopped.').waitFor();
    await page.reload();
    await panel(page).getByText('This invoice does not recur.').waitFor();
    expect(await panel(page).getByTestId('recurring-schedule').count()).toBe(0);
    expect(await recurrence(invoice)).toBeNull();
  });

  it('a cancelled invoice cannot recur: the server\'s refusal shows in the form, then the panel says so', async () => {
    const id = await newInvoice('One-off repair');
    await page.goto(`/sales/invoices/${id}`);
    await panel(page).getByRole('button', { name: 'Make recurring' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make recurring' });
    await fillDate(dialog.getByLabel(/^Starts on/), START);
    // meanwhile someone cancels the invoice
    const cancel = await apiCall(page, 'POST', `/accounting/documents/update-status/${id}`, { status: 'cancelled' });
    expect(cancel.status, JSON.stringify(cancel.json)).toBe(200);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'A cancelled invoice cannot recur.' }).waitFor();
    expect(await recurrence(id)).toBeNull();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.reload();
    await panel(page).getByText('A cancelled invoice cannot recur.').waitFor();
    expect(await panel(page).getByRole('button', { name: 'Make recurring' }).count()).toBe(0);
  });

  it('bills have no Recurring card', async () => {
    const vendor = await apiCall(page, 'POST', '/accounting/contacts/store', { type: 'vendor', name: 'Kisumu Supplies', currency_code: 'USD' });
    const bill = await apiCall(page, 'POST', '/accounting/documents/store', {
      type: 'bill',
      contact_id: vendor.json.data!.id,
      issued_at: '2026-11-01',
      items: [{ name: 'Paper', quantity: '1', price: '10' }],
    });
    expect(bill.status, JSON.stringify(bill.json)).toBe(201);
    await page.goto(`/purchases/bills/${bill.json.data!.id}`);
    await page.getByRole('heading', { name: 'Payments' }).waitFor();
    expect(await panel(page).count()).toBe(0);
  });

  it('a member who may only view invoices sees the schedule read-only', async () => {
    const set = await apiCall(page, 'POST', `/accounting/documents/recurring/${invoice}`, { frequency: 'yearly', starts_at: START, count: 2 });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    const role = await apiCall(page, 'POST', '/roles/store', { name: 'Invoice reader', permissions: ['dashboard.view', 'invoices.view'] });
    expect(role.status, JSON.stringify(role.json)).toBe(201);
    const email = `reader-${Date.now().toString(36)}@example.com`;
    const invite = await apiCall(page, 'POST', '/users/invite', { email, role_id: role.json.data!.id });
    expect(invite.status, JSON.stringify(invite.json)).toBeLessThan(300);

    const reader = await openBrowser();
    try {
      const p = reader.page;
      await p.goto(await invitationLink(email));
      await p.getByLabel(/^Name/).fill('Wanjiru Reader');
      await p.getByLabel(/^Password/).fill('invoice-reader-pass-1');
      await p.getByLabel(/^Confirm Password/).fill('invoice-reader-pass-1');
      await p.getByRole('button', { name: 'Accept invitation' }).click();
      await p.waitForURL(/\/dashboard$/);
      await p.goto(`/sales/invoices/${invoice}`);
      await panel(p).getByTestId('recurring-schedule').getByText(`Every year from 31 Jan ${YEAR}, twice`).waitFor();
      expect(await panel(p).getByRole('button').count()).toBe(0);
      expect(reader.pageErrors).toEqual([]);
    } finally {
      await reader.close();
    }
    expect(b.pageErrors).toEqual([]);
  });
});
