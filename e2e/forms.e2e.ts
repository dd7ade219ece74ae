import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, eventually, newTenant, openBrowser, reportFailure, settled, startFreeTrial, toast, type Browser } from './browser';

/**
 * A new company's first hour with the books (issue 13): registration asks the country, the first
 * dashboard says "Welcome", a refused form shows every error at once and brings the first into
 * view, every picker of a related record offers "+ New …", and the lines are a compact table
 * worked from the keyboard, with "Save and send".
 */

/** The bottom of the sticky top bar (0 when none sticks over the page). */
const topBarBottom = (page: Page) =>
  page.evaluate(() => {
    const bar = [...document.querySelectorAll('header')].find((h) => ['sticky', 'fixed'].includes(getComputedStyle(h).position));
    return bar ? bar.getBoundingClientRect().bottom : 0;
  });

/** The field has the focus, and it and its label are on screen below the sticky bar. */
async function expectRevealedAndFocused(page: Page, field: Locator) {
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
  const id = await field.getAttribute('id');
  const label = page.locator(`label[for="${id}"]`);
  const bar = await topBarBottom(page);
  const labelBox = (await label.boundingBox())!;
  const fieldBox = (await field.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(labelBox.y).toBeGreaterThanOrEqual(bar);
  expect(fieldBox.y + fieldBox.height).toBeLessThanOrEqual(viewport.height);
}

/** The summary the kit announces on a refused submit. */
const announced = (page: Page) => page.locator('[data-form-announcer]').first();

describe('a new company: forms, pickers and lines', () => {
  let b: Browser;
  let page: Page;
  const tenant = newTenant({ country: 'KE' });

  beforeAll(async () => {
    b = await openBrowser();
    page = b.page;
  });
  afterEach((context) => reportFailure(context, b, 'forms'));
  afterAll(() => b.close());

  it('registration refuses an empty form with every error at once, asks the country, and a Kenyan company starts in KES; the first dashboard says "Welcome"', async () => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    for (const text of ['The name field is required.', 'The company name field is required.', 'The country field is required.', 'The email field is required.']) {
      await page.getByRole('alert').filter({ hasText: text }).waitFor();
    }
    await expectRevealedAndFocused(page, page.getByLabel(/^Name\b/));
    await expect.poll(() => announced(page).textContent()).toContain('The country field is required.');

    await page.getByLabel(/^Name\b/).fill(tenant.name);
    await page.getByLabel(/^Company name/).fill(tenant.company);
    await page.getByLabel(/^Country/).selectOption({ label: 'Kenya' });
    await page.getByLabel(/^Email/).fill(tenant.email);
    await page.getByLabel(/^Password/).fill(tenant.password);
    await page.getByLabel(/^Confirm Password/).fill(tenant.password);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await startFreeTrial(page, tenant);
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText(`Welcome, ${tenant.name}.`, { exact: true }).waitFor();
    expect(await page.getByText(/Welcome back/).count()).toBe(0);
    const currency = await apiCall(page, 'GET', '/settings/accounting/currencies/default');
    expect(currency.json.data).toMatchObject({ code: 'KES', is_default: true });
  });

  it('a new invoice refused: every error at once, the first scrolled below the top bar and focused, a summary announced', async () => {
    await page.goto('/sales/invoices/create');
    await page.getByRole('button', { name: 'Save as draft' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Save as draft' }).click();
    // both at once: the customer and the first line's name
    await page.getByRole('alert').filter({ hasText: 'The customer field is required.' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'The name field is required.' }).waitFor();
    const customer = page.getByRole('combobox', { name: /^Customer/ });
    await expectRevealedAndFocused(page, customer);
    // the focus does not open the list over the message
    expect(await page.getByRole('listbox').count()).toBe(0);
    await expect.poll(() => announced(page).textContent()).toBe(
      'Not saved. 2 fields need attention: The customer field is required. The name field is required.',
    );
    expect(page.url()).toMatch(/\/sales\/invoices\/create$/);
  });

  it('the customer form: the first error is brought below the sticky top bar, not under it', async () => {
    await page.goto('/sales/customers/create');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Create customer' }).click();
    await page.getByRole('alert').filter({ hasText: 'The name field is required.' }).waitFor();
    await expectRevealedAndFocused(page, page.getByLabel(/^Name/));
    await expect.poll(() => announced(page).textContent()).toBe('Not saved. One field needs attention: The name field is required.');
  });

  it('the transaction form offers "+ New account", "+ New vendor" and "+ New expense category" too, each refusing bad input with every field named', async () => {
    await page.goto('/banking/transactions/create');
    await page.locator('select[name="type"]').selectOption({ label: 'Expense' });
    await page.getByRole('button', { name: 'New account' }).click();
    const account = page.getByRole('dialog', { name: 'New account' });
    await account.getByRole('button', { name: 'Create account' }).click();
    await account.getByRole('alert').filter({ hasText: 'The name field is required.' }).waitFor();
    await account.getByRole('alert').filter({ hasText: 'The number field is required.' }).waitFor();
    await eventually(() => account.getByLabel(/^Name/).evaluate((el) => el === document.activeElement), true);
    await account.getByLabel(/^Name/).fill('Till');
    await account.getByLabel(/^Number/).fill('Cash');
    await account.getByRole('button', { name: 'Create account' }).click();
    await account.waitFor({ state: 'detached' });
    await eventually(async () => (await page.getByLabel(/^Account/).locator('option:checked').textContent())?.trim(), 'Till');

    const vendor = page.getByRole('combobox', { name: /^Vendor/ });
    await vendor.click();
    await page.getByText('No vendor yet.').waitFor();
    await vendor.fill('Mombasa Paper Mills');
    await page.getByRole('option', { name: '+ New vendor "Mombasa Paper Mills"' }).click();
    const vendorDialog = page.getByRole('dialog', { name: 'New vendor' });
    await vendorDialog.getByRole('button', { name: 'Create vendor' }).click();
    await vendorDialog.waitFor({ state: 'detached' });
    await eventually(() => vendor.inputValue(), 'Mombasa Paper Mills');

    await page.getByRole('button', { name: 'New expense category' }).click();
    const category = page.getByRole('dialog', { name: 'New expense category' });
    await category.getByLabel(/^Name/).fill('Paper');
    await category.getByRole('button', { name: 'Create expense category' }).click();
    await category.waitFor({ state: 'detached' });
    await eventually(async () => (await page.getByLabel(/^Category/).locator('option:checked').textContent())?.trim(), 'Paper');
    await expectNoSeriousViolations(page, 'Transactions/Create with new records');
  });

  it('every picker of the new company offers "+ New …": customer, category, item and tax are made in a modal and chosen', async () => {
    await page.goto('/sales/invoices/create');
    const customer = page.getByRole('combobox', { name: /^Customer/ });
    await customer.click();
    await page.getByText('No customer yet.').waitFor();
    await customer.fill('Baraka Stores');
    await page.getByRole('option', { name: '+ New customer "Baraka Stores"' }).click();
    const dialog = page.getByRole('dialog', { name: 'New customer' });
    expect(await dialog.getByLabel(/^Name/).inputValue()).toBe('Baraka Stores');
    await dialog.getByLabel(/^Email/).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create customer' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The email field must be a valid email address.' }).waitFor();
    await expectNoSeriousViolations(page, 'New customer dialog');
    await dialog.getByLabel(/^Email/).fill('accounts@baraka.example');
    await dialog.getByRole('button', { name: 'Create customer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => customer.inputValue(), 'Baraka Stores');
    // the company's currency came with it
    expect(await page.getByLabel(/^Currency/).inputValue()).toBe('KES');

    await page.getByRole('button', { name: 'New income category' }).click();
    const category = page.getByRole('dialog', { name: 'New income category' });
    await category.getByLabel(/^Name/).fill('Consulting');
    await category.getByRole('button', { name: 'Create income category' }).click();
    await category.waitFor({ state: 'detached' });
    await eventually(async () => (await page.getByLabel(/^Category/).locator('option:checked').textContent())?.trim(), 'Consulting');

    // the first line's item: "+ New item" is offered before anything is typed
    const item = page.getByLabel('Line 1 Item');
    await item.click();
    await page.getByText('No items yet.').waitFor();
    await page.getByRole('option', { name: '+ New item' }).click();
    const itemDialog = page.getByRole('dialog', { name: 'New item' });
    await itemDialog.getByLabel(/^Name/).fill('Design work');
    await itemDialog.getByLabel(/^Sale price/).fill('150');
    await itemDialog.getByRole('button', { name: 'Create item' }).click();
    await itemDialog.waitFor({ state: 'detached' });
    await eventually(() => item.inputValue(), 'Design work');
    await eventually(() => page.getByLabel('Line 1 Price').inputValue(), '150');

    await page.getByRole('button', { name: /^Line 1 Taxes/ }).click();
    await page.getByRole('option', { name: '+ New tax' }).click();
    const taxDialog = page.getByRole('dialog', { name: 'New tax' });
    await taxDialog.getByLabel(/^Name/).fill('VAT');
    await taxDialog.getByLabel(/^Rate/).fill('16');
    await taxDialog.getByRole('button', { name: 'Create tax' }).click();
    await taxDialog.waitFor({ state: 'detached' });
    await eventually(async () => (await page.getByRole('button', { name: /^Line 1 Taxes/ }).textContent())?.trim(), 'VAT');
    // 150 + 16 % = 174
    await page.getByTestId('totals-panel').getByText('KSh174.00').waitFor();
  });

  it('the lines are a compact table worked from the keyboard: Tab along a line, Enter adds one, Ctrl+Shift+Backspace removes one; the shortcuts are shown', async () => {
    const lines = page.getByRole('table', { name: 'Lines' });
    const rows = lines.locator(':scope > tbody > tr');
    const hint = page.locator(`#${await lines.getAttribute('aria-describedby')}`);
    await hint.waitFor();
    expect((await hint.textContent())?.replace(/\s+/g, ' ')).toBe('Tab moves along a line, Enter adds a line, Ctrl+Shift+Backspace removes the line.');
    // a line is one row, not a card of fields
    const height = (await rows.first().boundingBox())!.height;
    expect(height).toBeLessThan(80);

    // Tab goes along the line in order
    await page.getByLabel('Line 1 Item').focus();
    const order = ['Line 1 Description', 'Line 1 Quantity', 'Line 1 Price', 'Line 1 Discount', 'Line 1 discount kind'];
    for (const name of order) {
      await page.keyboard.press('Tab');
      const target = page.getByLabel(name, { exact: true });
      await eventually(() => target.evaluate((el) => el === document.activeElement), true);
    }
    await page.keyboard.press('Tab');
    await eventually(() => page.getByRole('button', { name: /^Line 1 Taxes/ }).evaluate((el) => el === document.activeElement), true);
    await page.getByLabel('Line 1 Quantity').fill('2');

    // Enter in a box adds a line (not the form's submit), with the focus in its item box
    await page.getByLabel('Line 1 Quantity').press('Enter');
    await eventually(() => rows.count(), 2);
    await eventually(() => page.getByLabel('Line 2 Item', { exact: true }).evaluate((el) => el === document.activeElement), true);
    expect(page.url()).toMatch(/\/sales\/invoices\/create$/);
    await page.keyboard.type('Printing');
    await page.keyboard.press('Escape');
    await page.getByLabel('Line 2 Price').fill('5');
    await page.getByLabel('Line 2 Price').press('Enter');
    await eventually(() => rows.count(), 3);
    // the shortcut removes the line with the focus, and the focus stays in the lines
    await page.getByLabel('Line 3 Item').press('Control+Shift+Backspace');
    await eventually(() => rows.count(), 2);
    await eventually(() => page.evaluate(() => document.activeElement?.closest('table')?.getAttribute('aria-label') ?? ''), 'Lines');
    // 2 × 150 + 16 % of 300 + 5 = 353
    await page.getByTestId('totals-panel').getByText('KSh353.00').waitFor();
  });

  it('reads well at desktop and phone widths (screenshots, axe in light and dark); on a phone the lines become cards', async () => {
    await b.screenshot('forms-invoice-desktop');
    await expectNoSeriousViolations(page, 'Invoices/Create with lines (light)');
    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await expectNoSeriousViolations(page, 'Invoices/Create with lines (dark)');
    await b.screenshot('forms-invoice-desktop-dark');
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    // the row fits its card at desktop widths, the sidebar shown: nothing scrolls sideways or overlaps
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await settled(page); // the shell slides its sidebar in or out
      const widths = await page.getByRole('table', { name: 'Lines' }).evaluate((table) => ({
        table: table.scrollWidth,
        room: table.parentElement?.clientWidth ?? 0,
        cells: [...table.querySelectorAll('tbody > tr:first-child > td')].map((td) => td.scrollWidth - td.clientWidth),
      }));
      expect(widths.table, `lines table at ${width} px: ${JSON.stringify(widths)}`).toBeLessThanOrEqual(widths.room + 1);
      expect(Math.max(...widths.cells), `a cell overflows at ${width} px: ${JSON.stringify(widths)}`).toBeLessThanOrEqual(1);
    }
    await b.screenshot('forms-invoice-desktop-1024');

    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    const row = page.getByRole('table', { name: 'Lines' }).locator(':scope > tbody > tr').first();
    await eventually(() => row.evaluate((el) => getComputedStyle(el).display), 'grid');
    // nothing sticks out sideways on a phone
    const sideways = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      culprits: [...document.querySelectorAll('main *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        // what sits in a screen-reader-only box (1 px, overflow hidden) shows nothing
        .filter((el) => {
          for (let a: Element | null = el; a; a = a.parentElement) if (getComputedStyle(a).overflow === 'hidden' && a.getBoundingClientRect().width <= 1) return false;
          return true;
        })
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} → ${Math.round(el.getBoundingClientRect().right)}`),
    }));
    expect(sideways.culprits, 'elements wider than the phone').toEqual([]);
    expect(sideways.page).toBeLessThanOrEqual(sideways.viewport);
    // the labels show above the boxes on a phone
    expect(await page.locator('label', { hasText: 'Quantity' }).first().isVisible()).toBe(true);
    // the column heads are left to screen readers (a 1 px box)
    expect((await page.getByRole('table', { name: 'Lines' }).locator('thead').boundingBox())!.height).toBeLessThanOrEqual(1);
    await b.screenshot('forms-invoice-phone');
    await expectNoSeriousViolations(page, 'Invoices/Create on a phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('"Save and send" saves the invoice and mails it to the customer (it is sent)', async () => {
    await page.getByRole('button', { name: 'Save and send' }).click();
    await page.waitForURL(/\/sales\/invoices\/\d+$/);
    await toast(page, /sent to accounts@baraka\.example/).waitFor();
    await page.getByRole('heading', { level: 1 }).getByText('Sent').waitFor();
  });
});
