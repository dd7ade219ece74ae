import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStripeStandIn } from '../server/testing/standins/stripe';
import { expectNoSeriousViolations } from './a11y';
import { download, openBrowser, reportFailure, startFreeTrial, submitRegistration, toast, type Browser, type Tenant } from './browser';

/**
 * Plans and subscriptions in the browser (issue 24; docs/decisions/0046): registration leads
 * into onboarding, which a user who leaves halfway resumes at the step reached, then the free
 * trial (code by e-mail) and the dashboard; the Subscriptions page shows the trial and its
 * usage, and the company moves to another plan paid by card through the Stripe stand-in.
 */
describe('plans and subscriptions', () => {
  let browser: Browser;
  let page: Page;
  let tenant: Tenant;
  let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;

  beforeAll(async () => {
    const { stripePort } = inject('paymentStandIns');
    stripe = await startStripeStandIn({ port: stripePort, webhookUrl: `${inject('baseURL')}/webhooks/stripe` });
    browser = await openBrowser();
    page = browser.page;
  });
  afterEach((context) => reportFailure(context, browser, 'subscriptions'));
  afterAll(async () => {
    await browser?.close();
    await stripe?.close();
  });

  it('register → onboarding (left halfway, resumed after signing in again) → free trial → dashboard', async () => {
    tenant = await submitRegistration(page);
    // every page sends the new company to onboarding
    await page.goto('/dashboard');
    await page.waitForURL(/\/onboarding$/);
    await page.getByRole('heading', { name: 'Tell us about the company' }).waitFor();
    await expectNoSeriousViolations(page, 'Onboarding/Index (company)');
    await page.getByLabel(/^Phone/).fill('+254 712 345 678');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: 'Choose a plan' }).waitFor();
    await page.getByRole('radio', { name: /Starter/ }).waitFor();

    // leave, sign in again: back at the plan step
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    await page.goto('/login');
    await page.getByLabel(/^Email/).fill(tenant.email);
    await page.getByLabel(/^Password/).fill(tenant.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/onboarding$/);
    await page.getByRole('heading', { name: 'Choose a plan' }).waitFor();
    await expectNoSeriousViolations(page, 'Onboarding/Index (plan)');

    // the trial asks for the code, refuses a wrong one, takes the right one
    await page.getByRole('button', { name: 'Back to the company\'s details' }).click();
    await startFreeTrial(page, tenant);
    await page.getByRole('heading', { name: 'Your free trial has started' }).waitFor();
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
  });

  it('the Subscriptions page shows the trial and its usage; a plan paid by card through Stripe makes it active, with its invoice', async () => {
    await page.goto('/settings/company/subscriptions');
    await page.getByRole('heading', { name: 'Subscription', exact: true }).waitFor();
    await page.getByText('Free trial', { exact: true }).first().waitFor();
    await page.getByRole('progressbar', { name: 'Users' }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Users' }).getAttribute('aria-valuenow')).toBe('10'); // 1 of 10 on Growth
    await page.getByText('No invoices yet').waitFor();
    await expectNoSeriousViolations(page, 'Settings/Company/Subscriptions');

    await page.getByRole('radio', { name: /Business/ }).check();
    await page.getByRole('button', { name: 'Pay and start this plan now' }).click();
    await page.getByRole('heading', { name: 'Pay the invoice' }).waitFor();
    await page.getByRole('radio', { name: /^Card/ }).check();
    await page.getByRole('button', { name: 'Pay now' }).click();

    await page.waitForURL((url) => url.href.startsWith(stripe.url));
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/settings\/company\/subscriptions/);
    await toast(page, /Invoice SUB-00001 paid/).waitFor();
    await page.getByText('Active', { exact: true }).first().waitFor();
    await page.getByText('Business', { exact: true }).first().waitFor();
    const invoice = page.getByRole('link', { name: 'SUB-00001' });
    const pdf = await download(page, invoice);
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // cancel at the period's end, and take it back
    await page.getByRole('button', { name: 'Cancel at the period end' }).click();
    await toast(page, /Cancelled: everything keeps working until/).waitFor();
    await page.getByRole('button', { name: 'Keep the subscription' }).click();
    await toast(page, 'The subscription continues and will renew.').waitFor();
  });
});
