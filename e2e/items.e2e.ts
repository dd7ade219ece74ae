import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { listSummary, openBrowser, registerTenant, reportFailure, apiCall, toast, type Browser } from './browser';


/** The list's visible "Showing 1 to 15 of 17 results" (a hidden live region repeats it for screen readers). */
const row = (page: Page, name: string) => page.locator('tbody tr', { has: page.getByText(name, { exact: true }) });


describe('items', () => {
  let browser: Browser;
  let page: Page;
  let itemId: number;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    await registerTenant(page);
    for (const [name, rate] of [['VAT', '16'], ['Excise', '2.5']]) {
      expect((await apiCall(page, 'POST', '/settings/accounting/taxes/store', { name, rate })).status).toBe(201);
    }
  });
  afterEach((context) => reportFailure(context, browser, 'items'));
  afterAll(() => browser.close());

  it('creates an item with a category and two taxes, priced in the default currency', async () => {
    await page.goto('/sales/items');
    await page.getByText('No items yet').waitFor();
    await page.getByRole('link', { name: 'New item' }).first().click();
    await page.waitForURL(/\/sales\/items\/create$/);
    await expectNoSeriousViolations(page, 'Items/Create');

    // a name and no price at all: both prices say so, before anything is sent
    await page.getByLabel(/^Name/).fill('Espresso beans 1kg');
    await page.getByRole('button', { name: 'Create item' }).click();
    await page.getByRole('alert').filter({ hasText: 'The sale price field is required when purchase price is not present.' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'The purchase price field is required when sale price is not present.' }).waitFor();

    await page.getByLabel(/^Description/).fill('Single origin, roasted weekly');
    await page.getByLabel(/^Sale price/).fill('1234.5');
    await page.getByLabel(/^Purchase price/).fill('800');
    // leaving the box settles the amount and clears the price errors; a click straight on a checkbox
    // would land after that layout shift (the kit's MoneyField commits on blur)
    await page.getByLabel(/^Purchase price/).press('Tab');
    await page.getByLabel(/^Category/).selectOption({ label: 'General' });
    await page.getByLabel('VAT (16%)').check();
    await page.getByLabel('Excise (2.5%)').check();
    await page.getByRole('button', { name: 'Create item' }).click();
    await page.waitForURL(/\/sales\/items$/);
    await toast(page, 'Item created successfully.').waitFor();

    const espresso = row(page, 'Espresso beans 1kg');
    await espresso.getByText('$1,234.50').waitFor();
    await espresso.getByText('$800.00').waitFor();
    await espresso.getByText('General').waitFor();
    await espresso.getByText('VAT 16%').waitFor();
    await espresso.getByText('Excise 2.5%').waitFor();

    const list = (await apiCall(page, 'GET', '/sales/items/json?search=Espresso')).json as unknown as { data: { id: number }[] };
    itemId = list.data[0].id;
    const stored = (await apiCall(page, 'GET', `/sales/items/show/${itemId}`)).json.data!;
    expect(stored).toMatchObject({ sale_price: '1234.5000', purchase_price: '800.0000', description: 'Single origin, roasted weekly' });
    expect((stored.taxes as { name: string }[]).map((t) => t.name)).toEqual(['Excise', 'VAT']);
  });

  it('edits the price and the taxes', async () => {
    await page.goto('/sales/items');
    await page.getByRole('link', { name: 'Edit Espresso beans 1kg' }).click();
    await page.waitForURL(new RegExp(`/sales/items/${itemId}/edit$`));
    await expect.poll(() => page.getByLabel('Excise (2.5%)').isChecked()).toBe(true);
    await expectNoSeriousViolations(page, 'Items/Edit');
    // as a person edits an amount by keyboard: into the box (it turns "$1,234.50" into "1234.50" and
    // selects it), then type over it — the typed digits must replace the old amount, not follow it
    const sale = page.getByLabel(/^Sale price/);
    await sale.focus();
    await expect.poll(() => sale.inputValue()).toBe('1234.50');
    await expect.poll(() => sale.evaluate((el: HTMLInputElement) => el.selectionEnd! - el.selectionStart!)).toBe(7);
    await sale.pressSequentially('99.99');
    // by mouse, typing at once on a busy machine (the next frame comes late, as on a loaded phone):
    // the click's own mouse-up must not drop the selection, and the first keys must not land
    // before it is made ("800.00" + "750" → "800.00750")
    await page.evaluate(() => {
      window.requestAnimationFrame = (callback) => window.setTimeout(() => callback(performance.now()), 400);
    });
    await page.getByLabel(/^Purchase price/).click();
    await page.keyboard.type('750');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.getByLabel(/^Purchase price/).inputValue()).toBe('$750.00');
    await page.getByLabel('Excise (2.5%)').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/sales\/items$/);
    await toast(page, 'Item updated successfully.').waitFor();
    const espresso = row(page, 'Espresso beans 1kg');
    await espresso.getByText('$99.99').waitFor();
    expect(await espresso.getByText('Excise 2.5%').count()).toBe(0);
    const stored = (await apiCall(page, 'GET', `/sales/items/show/${itemId}`)).json.data!;
    expect(stored).toMatchObject({ sale_price: '99.9900', purchase_price: '750.0000' });
    expect((stored.taxes as { name: string }[]).map((t) => t.name)).toEqual(['VAT']);
  });

  it('pages and searches the list', async () => {
    for (let i = 1; i <= 16; i++) {
      const res = await apiCall(page, 'POST', '/sales/items/store', { name: `Widget ${String(i).padStart(2, '0')}`, sale_price: `${i}.25` });
      expect(res.status).toBe(201);
    }
    await page.goto('/sales/items');
    await listSummary(page, 'Showing 1 to 15 of 17 results').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(15);
    await expectNoSeriousViolations(page, 'Items/Index');
    console.log(`[e2e] Items/Index screenshot: ${await browser.screenshot('items-index')}`);
    await page.getByRole('button', { name: 'Next page' }).click();
    await listSummary(page, 'Showing 16 to 17 of 17 results').waitFor();
    await page.getByText('Widget 16', { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search items' }).fill('roasted');
    await listSummary(page, 'Showing 1 to 1 of 1 result').waitFor();
    await row(page, 'Espresso beans 1kg').waitFor();
  });

  it('deletes an item, then two at once, after confirming', async () => {
    await page.goto('/sales/items');
    await page.getByRole('button', { name: 'Delete Espresso beans 1kg' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Espresso beans 1kg').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Item deleted successfully.').waitFor();
    await listSummary(page, 'Showing 1 to 15 of 16 results').waitFor();
    expect(await page.getByText('Espresso beans 1kg', { exact: true }).count()).toBe(0);
    expect((await apiCall(page, 'GET', `/sales/items/show/${itemId}`)).status).toBe(404);

    // several at once: select, Delete in the bulk bar, confirm
    await page.getByLabel('Select Widget 01').check();
    await page.getByLabel('Select Widget 02').check();
    await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete 2 items?' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, '2 items deleted.').waitFor();
    await listSummary(page, 'Showing 1 to 14 of 14 results').waitFor();
    expect(await page.getByText('Widget 01', { exact: true }).count()).toBe(0);
  });
});
