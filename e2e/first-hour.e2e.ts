import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, openBrowser, registerTenant, reportFailure, settled, type Browser } from './browser';

/**
 * A new user's first hour with the books (issue 13): search finds records, right-to-left keeps
 * data readable, the dashboard leads with money, and the small things around customers,
 * invoices, reports, the skin and the tab icon.
 */
const SHOTS = join(process.cwd(), 'test-results', 'screenshots', 'first-hour');
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function setPrefs(page: Page, prefs: Record<string, string>) {
  await page.evaluate((p) => {
    for (const k of ['darkMode', 'direction', 'skin']) localStorage.removeItem(k);
    for (const [k, v] of Object.entries(p)) localStorage.setItem(k, v);
  }, prefs);
}

/**
 * Where characters of an element's text are drawn: the left edge of the first `from` and of the
 * last `to` character (a Range over each), so a test can compare their rendered order.
 */
async function xOf(el: Locator, chars: { first: string; last: string }): Promise<{ first: number; last: number }> {
  return el.evaluate((node, { first, last }) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
    const at = (ch: string, fromEnd: boolean) => {
      const list = fromEnd ? [...texts].reverse() : texts;
      for (const t of list) {
        const i = fromEnd ? t.data.lastIndexOf(ch) : t.data.indexOf(ch);
        if (i < 0) continue;
        const r = document.createRange();
        r.setStart(t, i);
        r.setEnd(t, i + ch.length);
        return r.getBoundingClientRect().left;
      }
      throw new Error(`"${ch}" not found in ${node.textContent}`);
    };
    return { first: at(first, false), last: at(last, true) };
  }, chars);
}

/** true when `first` is drawn to the left of `last`: the text reads left to right, as typed. */
async function readsLeftToRight(el: Locator, first: string, last: string) {
  const x = await xOf(el, { first, last });
  return x.first < x.last;
}

describe('a new user\'s first hour with the books', () => {
  let b: Browser;
  let page: Page;
  let customer = 0;
  let draft = 0;
  let sent = 0;
  let sentNumber = '';

  beforeAll(async () => {
    b = await openBrowser();
    page = b.page;
    await registerTenant(page);
    const seed = async (url: string, body: unknown) => {
      const res = await apiCall(page, 'POST', url, body);
      expect(res.status, `${url}: ${JSON.stringify(res.json)}`).toBe(201);
      return res.json.data!;
    };
    customer = (await seed('/accounting/contacts/store', { type: 'customer', name: 'Wanjiru Kamau Traders', email: 'pay@wanjiru.example', phone: '+254700111222', currency_code: 'USD' })).id;
    await seed('/accounting/contacts/store', { type: 'vendor', name: 'Kamau Paper Mills', currency_code: 'USD' });
    const account = await seed('/banking/accounts/store', { name: 'Equity Bank current account', number: '0170299', currency_code: 'USD', opening_balance: '5000' });
    const cats = await apiCall(page, 'GET', '/settings/accounting/categories/json?paginate=false');
    const list = (Array.isArray(cats.json) ? cats.json : ((cats.json as { data?: unknown[] }).data ?? [])) as { id: number; name: string; type: string }[];
    const sales = list.find((c) => c.type === 'income')?.id ?? null;
    const expense = list.find((c) => c.type === 'expense')?.id ?? null;
    const today = new Date().toISOString().slice(0, 10);
    await seed('/banking/transactions/store', { type: 'income', bank_account_id: account.id, paid_at: today, amount: '1250', category_id: sales, reference: 'MPESA-QX7781', description: 'Till sales' });
    await seed('/banking/transactions/store', { type: 'expense', bank_account_id: account.id, paid_at: today, amount: '300', category_id: expense, description: 'Rent' });
    const line = { name: 'Consulting, a long line name to fill the row', quantity: '12', price: '1234567.50', tax_ids: [] };
    const base = { type: 'invoice', contact_id: customer, items: [line] };
    draft = (await seed('/accounting/documents/store', { ...base, issued_at: today })).id;
    const issued = await seed('/accounting/documents/store', { ...base, issued_at: '2026-01-02', due_at: '2026-01-16' });
    sent = issued.id;
    sentNumber = String(issued.document_number);
    const status = await apiCall(page, 'POST', `/accounting/documents/update-status/${sent}`, { status: 'sent' });
    expect(status.status, JSON.stringify(status.json)).toBe(200);
  });
  afterEach((context) => reportFailure(context, b, 'first-hour'));
  afterAll(() => b.close());

  describe('Ctrl K finds records as well as pages', () => {
    it('groups customers, vendors and invoices by kind; arrows and Enter open one, Esc closes', async () => {
      await page.setViewportSize(DESKTOP);
      await page.goto('/dashboard');
      // the shortcut listens once the page has rendered
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: 'Search pages and records' });
      const input = dialog.getByRole('combobox', { name: 'Search pages and records' });
      await input.fill('kamau');
      const customers = dialog.getByRole('group', { name: 'Customers' });
      await customers.getByRole('option', { name: /Wanjiru Kamau Traders/ }).waitFor();
      await dialog.getByRole('group', { name: 'Vendors' }).getByRole('option', { name: /Kamau Paper Mills/ }).waitFor();
      await dialog.getByRole('group', { name: 'Invoices' }).getByRole('option').first().waitFor();
      await expectNoSeriousViolations(page, 'search with records (light)');
      await shot(page, 'search-records');

      // an invoice by its number, a transaction by its reference
      await input.fill(sentNumber);
      await dialog.getByRole('group', { name: 'Invoices' }).getByRole('option', { name: new RegExp(sentNumber) }).waitFor();
      await input.fill('QX778');
      await dialog.getByRole('group', { name: 'Transactions' }).getByRole('option', { name: /MPESA-QX7781/ }).waitFor();

      // pages are still found as before, and come first
      await input.fill('dash');
      await dialog.getByRole('group', { name: 'Pages' }).getByRole('option', { name: /Dashboard/ }).waitFor();

      // keyboard: the first record is active; ArrowDown crosses from the customers into the invoices, ArrowUp comes back; Enter opens
      await input.fill('wanjiru');
      await customers.getByRole('option', { name: /Wanjiru Kamau Traders/ }).waitFor();
      const active = () => dialog.locator('[role="option"][data-focus]').evaluate((el) => el.closest('[role="group"]')!.textContent!.slice(0, 12));
      await expect.poll(active).toMatch(/^Customers/);
      await input.press('ArrowDown');
      await expect.poll(active).toMatch(/^Invoices/);
      await input.press('ArrowUp');
      await expect.poll(active).toMatch(/^Customers/);
      await input.press('Enter');
      await page.waitForURL(new RegExp(`/sales/customers/${customer}$`));
      await dialog.waitFor({ state: 'hidden' });

      await page.keyboard.press('Control+k');
      await input.fill('nothing-like-this');
      await dialog.getByText('Nothing matches').waitFor();
      await input.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(b.pageErrors).toEqual([]);
    });

    it('stays accessible in dark mode', async () => {
      await setPrefs(page, { darkMode: 'true' });
      await page.goto('/dashboard');
      await page.getByTestId('widget-receivables').waitFor();
      await page.getByRole('button', { name: 'Search…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Search pages and records' });
      await dialog.getByRole('combobox').fill('kamau');
      await dialog.getByRole('group', { name: 'Customers' }).getByRole('option').first().waitFor();
      await expectNoSeriousViolations(page, 'search with records (dark)');
      await page.keyboard.press('Escape');
      await setPrefs(page, {});
    });
  });

  describe('the dashboard leads with money', () => {
    it('shows receivables, payables, profit and overdue first, then bank balances, categories, overdue invoices and recent activity; counts after', async () => {
      await page.setViewportSize(DESKTOP);
      await page.goto('/dashboard');
      const money = page.getByRole('region', { name: 'Money' });
      const records = page.getByRole('region', { name: 'Records' });
      await money.getByTestId('widget-receivables').waitFor();
      const [m, r] = [await money.boundingBox(), await records.boundingBox()];
      expect(m!.y).toBeLessThan(r!.y);
      await page.getByTestId('widget-accounts').getByText('Equity Bank current account').waitFor();
      await page.getByTestId('widget-overdue-list').getByRole('link', { name: sentNumber }).waitFor();
      await page.getByTestId('widget-recent').getByText('Till sales').waitFor();
      await page.getByRole('heading', { name: 'Income and expenses this year' }).waitFor();
      // the money figures stay on one line
      for (const id of ['widget-receivables', 'widget-payables', 'widget-profit']) {
        const dd = page.getByTestId(id).locator('dd').first();
        const lines = await dd.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
        expect(lines, id).toBe(1);
      }
      await expectNoSeriousViolations(page, 'dashboard (light)');
      await shot(page, 'dashboard-desktop');
      await setPrefs(page, { darkMode: 'true' });
      await page.reload();
      await page.getByTestId('widget-receivables').waitFor();
      await expectNoSeriousViolations(page, 'dashboard (dark)');
      await setPrefs(page, {});
    });

    it('fills a phone\'s first screen with money, not counts', async () => {
      await page.setViewportSize(PHONE);
      await page.goto('/dashboard');
      await page.getByTestId('widget-receivables').waitFor();
      const receivables = await page.getByTestId('widget-receivables').boundingBox();
      expect(receivables!.y + receivables!.height).toBeLessThanOrEqual(PHONE.height);
      const records = await page.getByRole('region', { name: 'Records' }).boundingBox();
      expect(records!.y).toBeGreaterThan(PHONE.height);
      await shot(page, 'dashboard-phone');
      await page.setViewportSize(DESKTOP);
    });
  });

  describe('right to left keeps data readable', () => {
    it('phone numbers, amounts with their currency and English sentences keep their order', async () => {
      await setPrefs(page, { direction: 'rtl' });
      await page.setViewportSize(DESKTOP);
      await page.goto('/dashboard');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      // the session that registered the company is greeted "Welcome", later ones "Welcome back"
      const welcome = page.getByText(/^Welcome(?: back)?, /);
      expect(await readsLeftToRight(welcome, 'W', '.')).toBe(true);
      // amounts in the company's format (common/format.ts): "$14,814,810.00"
      const receivable = page.getByTestId('widget-receivables').locator('dd').first();
      expect(await readsLeftToRight(receivable, '$', '0')).toBe(true);
      const overdue = page.getByTestId('widget-overdue').locator('dd').nth(1);
      expect(await overdue.innerText()).toMatch(/^\$[\d,]+\.\d\d past due$/);
      expect(await readsLeftToRight(overdue, '$', 'due')).toBe(true);
      expect(await readsLeftToRight(page.getByRole('button', { name: 'Search…' }), 'S', '…')).toBe(true);
      await shot(page, 'dashboard-rtl');

      await page.goto('/sales/customers');
      const phone = page.getByRole('cell', { name: '+254700111222' });
      expect(await readsLeftToRight(phone, '+', '2')).toBe(true);
      const email = page.getByRole('cell', { name: 'pay@wanjiru.example' });
      expect(await readsLeftToRight(email, 'p', 'e')).toBe(true);

      await page.goto(`/sales/invoices/${sent}`);
      const sheet = page.getByRole('article');
      const amount = sheet.getByRole('cell').filter({ hasText: '14,814,810' }).last();
      expect(await readsLeftToRight(amount, '1', '0')).toBe(true);
      await shot(page, 'invoice-rtl');
      await setPrefs(page, {});
    });
  });

  describe('customers, invoices and reports', () => {
    it('lists each customer\'s receivable balance, and a customer\'s page starts a new invoice on that customer', async () => {
      await setPrefs(page, {});
      await page.setViewportSize(DESKTOP);
      await page.goto('/sales/customers');
      await page.getByRole('columnheader', { name: 'Receivable' }).waitFor();
      const row = page.getByRole('row', { name: /Wanjiru Kamau Traders/ });
      await row.getByText('14,814,810.00').waitFor();
      await page.goto(`/sales/customers/${customer}`);
      await page.getByRole('link', { name: 'New invoice' }).click();
      await page.waitForURL(new RegExp(`/sales/invoices/create\\?contact_id=${customer}$`));
      expect(await page.getByRole('combobox', { name: /^Customer/ }).inputValue()).toBe('Wanjiru Kamau Traders');
      await expectNoSeriousViolations(page, 'invoice form for a customer');
    });

    it('leads an invoice page with steps forward; cancelling a draft says nothing is reversed, voiding an issued one says it is', async () => {
      await page.goto(`/sales/invoices/${draft}`);
      const toolbar = page.getByRole('toolbar', { name: 'Invoice actions' });
      await toolbar.getByRole('button', { name: 'Mark sent' }).waitFor();
      const first = toolbar.locator('button, a').first();
      expect(await first.innerText()).toBe('Mark sent');
      await toolbar.getByRole('button', { name: 'Cancel draft' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText('It was never entered in the books, so there is nothing to reverse.').waitFor();
      expect(await confirm.innerText()).not.toContain('reversed');
      await confirm.getByRole('button', { name: 'Keep it' }).click();
      await confirm.waitFor({ state: 'hidden' });

      await page.goto(`/sales/invoices/${sent}`);
      await toolbar.getByRole('button', { name: 'Void invoice' }).waitFor();
      expect(await toolbar.locator('button, a').first().innerText()).not.toMatch(/Void|Cancel/);
      await toolbar.getByRole('button', { name: 'Void invoice' }).click();
      await confirm.getByText('its entry in the books is reversed').waitFor();
      await confirm.getByRole('button', { name: 'Keep it' }).click();
      await expectNoSeriousViolations(page, 'invoice page (light)');
    });

    it('shows the whole account name in the payment dialog', async () => {
      await page.goto(`/sales/invoices/${sent}`);
      await page.getByRole('button', { name: 'Record payment' }).click();
      const select = page.getByRole('dialog', { name: 'Record payment' }).getByLabel(/^Account/);
      await select.waitFor();
      const fits = await select.evaluate((el) => {
        const s = el as HTMLSelectElement;
        const style = getComputedStyle(s);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = s.options[s.selectedIndex].text;
        return { text, needed: ctx.measureText(text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight), width: s.clientWidth };
      });
      expect(fits.text).toBe('Equity Bank current account (USD)');
      expect(fits.needed).toBeLessThanOrEqual(fits.width);
      await page.keyboard.press('Escape');
    });

    it('on a phone, the invoice lines reflow instead of being cut at the price column', async () => {
      await page.setViewportSize(PHONE);
      await page.goto(`/sales/invoices/${sent}`);
      const table = page.getByTestId('document-lines');
      await table.waitFor();
      const box = await table.evaluate((el) => ({ scroll: el.parentElement!.scrollWidth, client: el.parentElement!.clientWidth }));
      expect(box.scroll).toBeLessThanOrEqual(box.client);
      const amount = await table.getByRole('columnheader', { name: 'Amount' }).boundingBox();
      expect(amount!.x + amount!.width).toBeLessThanOrEqual(PHONE.width);
      await table.getByText('12 ×').waitFor();
      await shot(page, 'invoice-phone');
      await page.setViewportSize(DESKTOP);
    });

    it('offers "All" first in the reports\' Type filter, chosen while the list is unfiltered', async () => {
      const made = await apiCall(page, 'POST', '/reports/standard', {});
      expect(made.status, JSON.stringify(made.json)).toBeLessThan(300);
      await page.goto('/reports');
      const type = page.locator('label', { hasText: /^Type/ }).locator('select');
      await type.waitFor();
      expect(await type.inputValue()).toBe('');
      expect(await type.locator('option').first().innerText()).toBe('All');
      await type.selectOption({ label: 'Balance sheet' });
      await page.getByRole('link', { name: 'Balance sheet' }).first().waitFor();
      await type.selectOption('');
      await expectNoSeriousViolations(page, 'reports');
    });
  });

  describe('accessibility of the changed pages', () => {
    it('stays clean in light and dark: customers, a customer, the invoice form for them, an invoice, reports', async () => {
      await page.setViewportSize(DESKTOP);
      const pages = ['/sales/customers', `/sales/customers/${customer}`, `/sales/invoices/create?contact_id=${customer}`, `/sales/invoices/${sent}`, '/reports'];
      for (const prefs of [{}, { darkMode: 'true' }] as Record<string, string>[]) {
        await setPrefs(page, prefs);
        for (const url of pages) {
          await page.goto(url);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await expectNoSeriousViolations(page, `${url} ${prefs.darkMode ? '(dark)' : '(light)'}`);
        }
      }
      await setPrefs(page, {});
    });
  });

  describe('the shell', () => {
    it('serves a tab icon', async () => {
      const ico = await page.request.get('/favicon.ico');
      expect(ico.status()).toBe(200);
      expect(ico.headers()['content-type']).toBe('image/x-icon');
      expect(await page.locator('link[rel="icon"]').count()).toBe(2);
    });

    it('draws the bordered skin with a visible border, unlike the default skin', async () => {
      await page.setViewportSize(DESKTOP);
      const look = () =>
        page.getByTestId('widget-accounts').evaluate((el) => {
          const s = getComputedStyle(el);
          return s.boxShadow;
        });
      await setPrefs(page, {});
      await page.goto('/dashboard');
      await page.getByTestId('widget-accounts').waitFor();
      const plain = await look();
      await setPrefs(page, { skin: 'bordered' });
      await page.reload();
      await page.getByTestId('widget-accounts').waitFor();
      await page.locator('figure canvas').first().waitFor();
      const bordered = await look();
      expect(bordered).not.toBe(plain);
      // a solid 1px slate-300 ring and no soft shadow
      expect(bordered).toContain('rgb(203, 213, 225) 0px 0px 0px 1px');
      expect(bordered).not.toMatch(/rgba\(0, 0, 0, 0\.\d+\) 0px 1px/);
      await shot(page, 'dashboard-bordered');
      await setPrefs(page, {});
    });
  });
});
