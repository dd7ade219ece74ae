import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMpesaStandIn, type MpesaStandIn } from '../server/testing/standins/mpesa';
import { startStripeStandIn } from '../server/testing/standins/stripe';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, csvLines, download, listSummary, openBrowser, registerTenant, reportFailure, settled, toast, type Browser } from './browser';

// Issue 15, "Done means": buy credits with the Stripe stand-in (through its hosted page) and with
// the M-Pesa stand-in (an STK push the test answers as the payer), see the balance, the figures and
// the transactions change, and download the receipt. The server was started (e2e/global-setup.ts)
// with the stand-ins' credentials and ports; the stand-ins themselves run here, in the test.

type Rates = { currency: string; credit_price: string; packages: { credits: string; label: string }[]; min_credits: string; max_credits: string };
type Metrics = { balance: string; amount_spent: string; total_transactions: number; currency: string; rates: Rates };

/** the figure of a stat card ("Balance", "Amount spent") as the page shows it */
const statValue = (page: Page, label: string) => page.locator('dl').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd').first();

/** credits as the page writes them: "1,000" (whole credits here) */
const credits = (text: string) => BigInt(text.split('.')[0]).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

async function metrics(page: Page): Promise<Metrics> {
  const answer = await apiCall(page, 'GET', '/wallet/metrics');
  expect(answer.status).toBe(200);
  return answer.json.data as unknown as Metrics;
}

describe('the prepaid credit wallet (issue 15)', () => {
  let browser: Browser;
  let page: Page;
  let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
  let mpesa: MpesaStandIn;
  const checkoutIds: number[] = [];

  beforeAll(async () => {
    const { stripePort, mpesaPort } = inject('paymentStandIns');
    stripe = await startStripeStandIn({ port: stripePort, webhookUrl: `${inject('baseURL')}/webhooks/stripe` });
    mpesa = await startMpesaStandIn({ port: mpesaPort });
    // every push waits for the test to answer it as the payer: no timer decides when
    mpesa.pauseCallbacks(true);
    browser = await openBrowser();
    page = browser.page;
    // a Kenyan company: its books and its credits are in KES, and M-Pesa is offered
    await registerTenant(page, { country: 'KE' });
  });
  afterEach((context) => reportFailure(context, browser, 'wallet'));
  afterAll(async () => {
    await browser?.close();
    await stripe?.close();
    await mpesa?.close();
  });

  /** starts a purchase from the wallet's form (a package, or a custom amount) and answers the checkout page's purchase id */
  async function startPurchase(amount: { package: string } | { custom: string }): Promise<number> {
    await page.goto('/wallet');
    const form = page.locator('#buy-credits');
    if ('package' in amount) await form.getByRole('radio', { name: amount.package }).check();
    else {
      await form.getByRole('radio', { name: 'Another amount' }).check();
      await form.getByLabel(/^Credits/).fill(amount.custom);
    }
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/wallet\/checkout\/\d+/);
    const id = Number(/\/wallet\/checkout\/(\d+)/.exec(page.url())![1]);
    checkoutIds.push(id);
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    return id;
  }

  it('starts empty, and shows the rates the operator set, never a price of its own', async () => {
    await page.goto('/wallet');
    await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor();
    await statValue(page, 'Balance').filter({ hasText: /^0 credits$/ }).waitFor();
    const m = await metrics(page);
    expect(m.currency).toBe('KES');
    expect(m.rates.packages.length).toBeGreaterThan(0);
    const form = page.locator('#buy-credits');
    // the first package is chosen, and the summary says what it buys
    const first = m.rates.packages[0];
    expect(await form.getByRole('radio', { name: first.label }).isChecked()).toBe(true);
    await form.getByText(new RegExp(`^${credits(first.credits)} credits? for `)).waitFor();
    // a custom amount outside the bounds is refused before anything is sent
    await form.getByRole('radio', { name: 'Another amount' }).check();
    const below = (BigInt(m.rates.min_credits.split('.')[0]) - 1n).toString();
    await form.getByLabel(/^Credits/).fill(below);
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    await form.getByText(`The smallest purchase is ${credits(m.rates.min_credits)} credits.`).waitFor();
    expect(page.url()).toMatch(/\/wallet$/);
    await expectNoSeriousViolations(page, 'Wallet/Index (empty)');
  });

  it('buys a package by card: the Stripe page, back to the settled checkout, the receipt, and the wallet credited', async () => {
    const before = await metrics(page);
    const pack = before.rates.packages[0];
    await startPurchase({ package: pack.label });
    await page.getByRole('radio', { name: /^Card/ }).check();
    await expectNoSeriousViolations(page, 'Wallet/Checkout (choose)');
    await page.getByRole('button', { name: 'Continue to card payment' }).click();

    // the card processor's hosted page (the stand-in), then back to the checkout
    await page.waitForURL((url) => url.href.startsWith(stripe.url));
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/wallet\/checkout\/\d+/);
    await page.getByText('Payment received', { exact: true }).waitFor();
    await page.getByText(`${credits(pack.credits)} credits were added to your wallet.`).waitFor();
    await settled(page);
    await browser.screenshot('wallet-checkout-paid');

    // the receipt is a PDF
    const receipt = await download(page, page.getByRole('link', { name: 'Download the receipt' }));
    expect(receipt.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(receipt.name).toMatch(/\.pdf$/);

    // the wallet: balance, amount spent and the number of lines moved
    const after = await metrics(page);
    expect(Number(after.balance) - Number(before.balance)).toBe(Number(pack.credits));
    expect(Number(after.amount_spent)).toBeGreaterThan(Number(before.amount_spent));
    expect(after.total_transactions).toBeGreaterThan(before.total_transactions);
    await page.getByRole('link', { name: 'Back to the wallet' }).click();
    await page.waitForURL(/\/wallet$/);
    await statValue(page, 'Balance').filter({ hasText: `${credits(after.balance)} credits` }).waitFor();
    await statValue(page, 'Total transactions').filter({ hasText: String(after.total_transactions) }).waitFor();
    // the purchase is listed as paid, with its receipt
    const purchases = page.getByRole('table', { name: 'All credit purchases' });
    await purchases.getByRole('cell', { name: 'Paid', exact: true }).first().waitFor();
    await purchases.getByRole('link', { name: /Download receipt/ }).first().waitFor();
  });

  it('buys a custom amount by M-Pesa: the prompt, the wait, the payer accepts, the wallet credited', async () => {
    const before = await metrics(page);
    const amount = (BigInt(before.rates.min_credits.split('.')[0]) + 50n).toString();
    await startPurchase({ custom: amount });
    await page.getByRole('radio', { name: /^M-Pesa/ }).check();
    const phone = page.getByLabel(/^M-Pesa phone number/);
    // the company's country gives the number its start
    expect(await phone.inputValue()).toBe('+254');
    await phone.fill('0712 345 678');
    await page.getByRole('button', { name: 'Send the payment prompt' }).click();

    // the push went to the payer's phone: the page waits, polling
    await page.getByRole('progressbar', { name: 'Waiting for the payment' }).waitFor();
    const push = [...mpesa.pushes.values()].at(-1)!;
    expect(String(push.request.PhoneNumber)).toBe('254712345678');
    await settled(page);
    await browser.screenshot('wallet-checkout-mpesa-waiting');
    await mpesa.answer(push.checkoutRequestId, 0);
    await page.getByText('Payment received', { exact: true }).waitFor();
    await toast(page, /Payment received/).waitFor();

    const after = await metrics(page);
    expect(Number(after.balance) - Number(before.balance)).toBe(Number(amount));
  });

  it('shows why an M-Pesa payment failed and lets the payer try again', async () => {
    const before = await metrics(page);
    const id = await startPurchase({ package: before.rates.packages[0].label });
    await page.getByRole('radio', { name: /^M-Pesa/ }).check();
    await page.getByLabel(/^M-Pesa phone number/).fill('+254712345671');
    await page.getByRole('button', { name: 'Send the payment prompt' }).click();
    await page.getByRole('progressbar', { name: 'Waiting for the payment' }).waitFor();
    const push = [...mpesa.pushes.values()].at(-1)!;
    await mpesa.answer(push.checkoutRequestId, 1032); // the payer cancelled the prompt
    // the reason, in the payment panel (toasts are alerts too)
    const payment = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Payment', level: 2 }) });
    await payment.getByRole('alert').filter({ hasText: 'The payer cancelled the M-Pesa request.' }).waitFor();
    // nothing was credited
    expect((await metrics(page)).balance).toBe(before.balance);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL((url) => /\/wallet\/checkout\/\d+/.test(url.pathname) && !url.pathname.endsWith(`/${id}`));
    await page.getByRole('radio', { name: /^Card/ }).waitFor();
  });

  it('lists every line of the ledger, filtered in the address so a reload keeps it, and exports it', async () => {
    await page.goto('/wallet/transactions');
    await page.getByRole('heading', { name: 'Wallet transactions', level: 1 }).waitFor();
    await page.getByLabel('Type').selectOption('purchase');
    await page.waitForURL(/type=purchase/);
    await listSummary(page, 'Showing 1 to 2 of 2 results').waitFor();
    await page.reload();
    expect(await page.getByLabel('Type').inputValue()).toBe('purchase');
    await listSummary(page, 'Showing 1 to 2 of 2 results').waitFor();
    await expectNoSeriousViolations(page, 'Wallet/Transactions (purchases)');

    await page.getByRole('button', { name: /Export/ }).click();
    const file = await download(page, page.getByRole('menuitem', { name: /CSV/ }));
    const lines = csvLines(file.body);
    expect(lines).toHaveLength(3);
  });

  it('shows the bank transfer details and waits; the payer may switch to another way (the test payment of development)', async () => {
    const before = await metrics(page);
    const pack = before.rates.packages[0];
    await startPurchase({ package: pack.label });
    await page.getByRole('radio', { name: /^Bank transfer/ }).check();
    await page.getByRole('button', { name: 'Show the transfer details' }).click();
    await page.getByText(/^Reference: /).waitFor();
    expect(await page.getByText(/^Reference: /).locator('strong').textContent()).toMatch(/\S/);
    await page.getByText('The credits are added once the transfer is confirmed. You can leave this page.').waitFor();
    // nothing lands until the operator approves
    expect((await metrics(page)).balance).toBe(before.balance);
    await page.reload();
    await page.getByText(/^Reference: /).waitFor();

    // the keyboard alone: another way, the test payment, paid at once
    await page.getByRole('button', { name: 'Pay another way' }).focus();
    await page.keyboard.press('Enter');
    const test = page.getByRole('radio', { name: /^Test payment/ });
    await test.focus();
    await page.keyboard.press('Space');
    expect(await test.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Pay', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Payment received', { exact: true }).waitFor();
    expect(Number((await metrics(page)).balance) - Number(before.balance)).toBe(Number(pack.credits));
  });

  it('sets up the automatic top-up with an M-Pesa number: the server’s errors by field, then saved and still there after a reload', async () => {
    await page.goto('/wallet');
    const alert = page.locator('form').filter({ has: page.getByLabel('Alert below (credits)') });
    await alert.getByLabel('Alert below (credits)').fill('100');
    await alert.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Wallet settings saved successfully.').waitFor();
    const form = page.getByRole('form', { name: 'Automatic top-up' });
    await form.getByText(/^Off\. Buy credits back up/).waitFor();
    await form.getByLabel('Top up automatically').check();
    await form.getByLabel('Top up to (credits)').fill('50');
    await form.getByLabel('M-Pesa phone number').fill('12345');
    await form.getByRole('button', { name: 'Save automatic top-up' }).click();
    await form.getByText('The target balance must be above the alert threshold.').waitFor();
    await form.getByLabel('Top up to (credits)').fill('500');
    await form.getByRole('button', { name: 'Save automatic top-up' }).click();
    await form.getByText(/Enter a Kenyan mobile number/).waitFor();
    expect(await form.getByText('The target balance must be above the alert threshold.').count()).toBe(0);
    await form.getByLabel('M-Pesa phone number').fill('0712 345 678');
    await form.getByRole('button', { name: 'Save automatic top-up' }).click();
    await toast(page, 'Wallet settings saved successfully.').waitFor();
    await page.reload();
    const saved = page.getByRole('form', { name: 'Automatic top-up' });
    await saved.getByText(/^On: when the balance falls below 100 credits/).waitFor();
    expect(await saved.getByLabel('Top up automatically').isChecked()).toBe(true);
    expect(await saved.getByLabel('Top up to (credits)').inputValue()).toBe('500');
    expect(await saved.getByLabel('M-Pesa phone number').inputValue()).toBe('+254712345678');
    await saved.getByText('You will be asked to approve each top-up on your phone', { exact: false }).waitFor();
  });

  it('looks right in dark mode and right to left', async () => {
    for (const [name, setup] of [
      ['light', () => localStorage.clear()],
      ['dark', () => localStorage.setItem('darkMode', 'true')],
      ['rtl', () => {
        localStorage.clear();
        localStorage.setItem('direction', 'rtl');
      }],
    ] as const) {
      await page.evaluate(setup);
      for (const url of ['/wallet', '/wallet/transactions', `/wallet/checkout/${checkoutIds[0]}`]) {
        await page.goto(url);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' }).catch(() => undefined);
        await settled(page);
        if (name !== 'light') await expectNoSeriousViolations(page, `${url} (${name})`);
        await browser.screenshot(`wallet-${url.split('/').slice(2).join('-') || 'index'}-${name}`);
      }
    }
    await page.evaluate(() => localStorage.clear());
    expect(browser.pageErrors).toEqual([]);
  });
});
