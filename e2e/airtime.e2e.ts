import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, logIn, openBrowser, reportFailure, settled, toast, type Browser } from './browser';

// Issue 16, "Done means": send airtime from the page and see it settle. The server runs the log
// airtime driver (no provider keys): each top-up is accepted, and its "Success" status callback
// comes back through the app's own status route, as Africa's Talking's would.

const demo = () => inject('demoLogin') ?? { email: 'demo@kazi.test', password: 'password' };

type Metrics = { total: number; successful: number; total_sent: string; currency: string };
const metrics = async (page: Page) => (await apiCall(page, 'GET', '/airtime/metrics')).json.data as unknown as Metrics;
const balance = async (page: Page) => Number(((await apiCall(page, 'GET', '/wallet/metrics')).json.data as unknown as { balance: string }).balance);

describe('airtime (issue 16)', () => {
  let browser: Browser;
  let page: Page;
  // numbers of this run only: the demo company is shared with other flows
  const stamp = String(Date.now()).slice(-6);
  const numbers = [`+254712${stamp}`, `+254722${stamp}`];

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    await logIn(page, demo().email, demo().password);
  });
  afterEach((context) => reportFailure(context, browser, 'airtime'));
  afterAll(async () => {
    await browser?.close();
  });

  it('sends airtime to pasted numbers, shows its cost, and sees each top-up settle and the wallet charged', async () => {
    const before = await metrics(page);
    const credits = await balance(page);
    await page.goto('/airtime');
    await page.getByRole('heading', { name: 'Airtime', level: 1 }).waitFor();
    await page.getByText('Total top-ups').waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Airtime/Overview');

    await page.getByRole('button', { name: 'Send airtime' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Phone numbers/).fill(numbers.join('\n'));
    await dialog.getByLabel(/^Amount per recipient/).fill('25');
    // 2 recipients × 25 at the airtime rate of 1 credit a unit
    await dialog.getByText(/50 credits/).first().waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Airtime/Overview, the send dialog');
    await dialog.getByRole('button', { name: 'Send airtime' }).click();
    await toast(page, 'Send Successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // the status callbacks settle both; the list refreshes itself
    for (const n of numbers) await page.getByRole('row').filter({ hasText: n }).filter({ hasText: 'Successful' }).first().waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await metrics(page)).successful, { timeout: 20_000 }).toBe(before.successful + 2);
    expect(Number((await metrics(page)).total_sent)).toBe(Number(before.total_sent) + 50);
    await expect.poll(() => balance(page)).toBe(credits - 50);
  });

  it('lists the top-ups with their outcome, filtered by status and searched by phone', async () => {
    await page.goto('/airtime/transactions');
    await page.getByRole('heading', { name: 'Airtime transactions', level: 1 }).waitFor();
    await page.getByLabel('Search airtime transactions').fill(numbers[0]);
    const row = page.getByRole('row').filter({ hasText: numbers[0] });
    await row.filter({ hasText: 'Successful' }).first().waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: numbers[1] }).count()).toBe(0);
    await page.getByRole('combobox', { name: /^Status/ }).selectOption('failed');
    await page.getByText('Nothing matches').first().waitFor();
    await page.reload();
    // the filters live in the address: a reload keeps them
    await expect.poll(() => page.getByRole('combobox', { name: /^Status/ }).inputValue()).toBe('failed');
    await settled(page);
    await expectNoSeriousViolations(page, 'Airtime/Transactions');
  });

  it('shows why a send is refused and sends nothing', async () => {
    const before = await metrics(page);
    await page.goto('/airtime');
    await page.getByRole('button', { name: 'Send airtime' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send airtime' }).click();
    await dialog.getByText('Enter the amount.').waitFor();
    await dialog.getByText('Choose who to send to: contacts, segments or numbers.').waitFor();
    await dialog.getByLabel(/^Phone numbers/).fill('not a phone');
    await dialog.getByLabel(/^Amount per recipient/).fill('5');
    await dialog.getByRole('button', { name: 'Send airtime' }).click();
    await dialog.getByText(/These numbers could not be read: not a phone/).waitFor();
    // more than the wallet holds: the server's refusal is shown
    await dialog.getByLabel(/^Phone numbers/).fill(numbers[0]);
    await dialog.getByLabel(/^Amount per recipient/).fill('900000');
    await dialog.getByText(/may not cover this send/).waitFor();
    await dialog.getByRole('button', { name: 'Send airtime' }).click();
    await dialog.getByText(/Not enough credits/).first().waitFor();
    expect((await metrics(page)).total).toBe(before.total);
  });

  it('schedules a send, and cancels it from the sends list with its credits given back', async () => {
    const credits = await balance(page);
    await page.goto('/airtime');
    await page.getByRole('button', { name: 'Send airtime' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Phone numbers/).fill(numbers[0]);
    await dialog.getByLabel(/^Amount per recipient/).fill('7');
    await dialog.getByLabel(/^Send at/).fill('2099-01-01T09:00');
    await dialog.getByRole('button', { name: 'Schedule airtime' }).click();
    await toast(page, 'Airtime scheduled successfully').waitFor();
    await expect.poll(() => balance(page)).toBe(credits - 7);
    const sends = page.getByRole('table', { name: 'Airtime sends' });
    await sends.getByRole('row').filter({ hasText: 'Scheduled' }).first().waitFor();
    await sends.getByRole('button', { name: 'Cancel the send to 1 number' }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel send' }).click();
    await toast(page, 'Airtime cancelled').waitFor();
    await sends.getByRole('row').filter({ hasText: 'Cancelled' }).first().waitFor();
    await expect.poll(() => balance(page)).toBe(credits);
  });

  it('reads in dark mode and right to left, the dialog too', async () => {
    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await page.goto('/airtime');
    await page.getByText('Total top-ups').waitFor();
    await page.getByRole('row').filter({ hasText: numbers[0] }).first().waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Airtime/Overview (dark)');
    await page.getByRole('button', { name: 'Send airtime' }).click();
    await page.getByRole('dialog').getByLabel(/^Amount per recipient/).fill('10');
    await settled(page);
    await expectNoSeriousViolations(page, 'Airtime/Overview, the send dialog (dark)');
    await browser.screenshot('airtime-overview-dialog-dark');
    await page.keyboard.press('Escape');
    await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    await settled(page);
    await browser.screenshot('airtime-overview-rtl-dark');
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
  });
});
