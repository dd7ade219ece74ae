import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, logIn, openBrowser, registerTenant, reportFailure, settled, toast, type Browser } from './browser';

// The platform operator (docs/decisions/0031): the demo login is one outside production. A
// company pays by bank transfer; the operator sees it waiting, approves one (the credits land)
// and rejects another with a reason; someone who is not an operator has no Operator menu and
// gets 403 at its address.

const demo = () => inject('demoLogin') ?? { email: 'demo@kazi.test', password: 'password' };

/** A purchase of credits paid by bank transfer, as the checkout starts it: its id and the transfer's reference. */
async function offlinePurchase(page: Page, credits: string): Promise<{ id: number; reference: string }> {
  const made = await apiCall(page, 'POST', '/wallet/credits/purchase', { credits });
  expect(made.status).toBe(201);
  const id = made.json.data!.id;
  const paid = await apiCall(page, 'POST', '/wallet/complete-payment', { purchase_id: id, driver: 'offline' });
  expect(paid.status).toBe(200);
  const action = (paid.json.data as unknown as { action: { kind: string; reference: string } }).action;
  expect(action.kind).toBe('instructions');
  return { id, reference: action.reference };
}

const purchaseStatus = async (page: Page, id: number) =>
  ((await apiCall(page, 'GET', `/wallet/get-checkout-data/${id}`)).json.data as unknown as { purchase: { status: string; receipt_number: string | null } }).purchase;

describe('the platform operator', () => {
  let b: Browser;
  let page: Page;
  beforeEach(async () => {
    b = await openBrowser();
    page = b.page;
  });
  afterEach(async (context) => {
    await reportFailure(context, b, 'operator');
    await b.close();
  });

  it('approves one bank transfer and rejects another with a reason', async () => {
    await logIn(page, demo().email, demo().password);
    const approved = await offlinePurchase(page, '1000');
    const rejected = await offlinePurchase(page, '2000');

    await page.getByRole('navigation').first().getByRole('link', { name: 'Operator payments' }).first().click();
    await page.waitForURL(/\/operator\/payments$/);
    await page.getByRole('heading', { name: 'Payments' }).waitFor();

    await page.getByRole('button', { name: `Approve ${approved.reference}` }).first().waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Operator/Payments');

    await page.getByRole('button', { name: `Approve ${approved.reference}` }).first().click();
    const approveDialog = page.getByRole('dialog');
    await approveDialog.getByLabel(/^Bank reference/).waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Operator/Payments, the approval dialog');
    await approveDialog.getByLabel(/^Bank reference/).fill('EQ-TRF-0042');
    await approveDialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await toast(page, 'Payment approved.').waitFor();
    await expect.poll(async () => (await purchaseStatus(page, approved.id)).status).toBe('succeeded');
    expect((await purchaseStatus(page, approved.id)).receipt_number).toMatch(/^RCT-\d{5}$/);

    await page.getByRole('button', { name: `Reject ${rejected.reference}` }).first().click();
    const rejectDialog = page.getByRole('dialog');
    await rejectDialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await rejectDialog.getByText('Give the reason, in a few words.').waitFor();
    await rejectDialog.getByLabel(/^Reason/).fill('No transfer with this reference arrived');
    await rejectDialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await toast(page, 'Payment rejected.').waitFor();
    await expect.poll(async () => (await purchaseStatus(page, rejected.id)).status).toBe('failed');
    // neither waits any more
    await expect.poll(async () => page.getByRole('button', { name: `Approve ${rejected.reference}` }).count()).toBe(0);
  });

  it('changes the platform rates (a refused value first), keeps them after a reload, and gives one company its own rate and takes it back', async () => {
    await logIn(page, demo().email, demo().password);
    const original = (await apiCall(page, 'GET', '/operator/rates/json')).json.data as unknown as Record<string, unknown>;
    try {
      await page.getByRole('navigation').first().getByRole('link', { name: 'Operator rates' }).first().click();
      await page.waitForURL(/\/operator\/rates$/);
      await page.getByRole('heading', { name: 'Rates', exact: true }).waitFor();
      const rates = page.getByRole('form', { name: 'Platform rates' });
      const sms = rates.getByLabel('Credits per SMS part');
      await sms.waitFor();
      await settled(page);
      await expectNoSeriousViolations(page, 'Operator/Rates');

      // a bad value: the server's sentence on the field, which gets the focus; nothing saved
      await sms.fill('-1');
      await rates.getByLabel('Package 1 credits').fill('750');
      await rates.getByLabel('Package 1 label').fill('Starter plus');
      await rates.getByRole('button', { name: 'Save rates' }).click();
      await rates.getByText('Enter a positive number with at most four decimals.').waitFor();
      await expect.poll(() => sms.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await sms.getAttribute('aria-invalid')).toBe('true');
      expect(((await apiCall(page, 'GET', '/operator/rates/json')).json.data as unknown as { service: { sms: string } }).service.sms).toBe(
        (original as { service: { sms: string } }).service.sms,
      );

      await sms.fill('1.5');
      await rates.getByRole('button', { name: 'Save rates' }).click();
      await toast(page, 'Rates saved successfully.').waitFor();
      await page.reload();
      await page.getByRole('form', { name: 'Platform rates' }).getByLabel('Credits per SMS part').waitFor();
      expect(await page.getByLabel('Credits per SMS part').inputValue()).toBe('1.5');
      expect(await page.getByLabel('Package 1 credits').inputValue()).toBe('750');
      expect(await page.getByLabel('Package 1 label').inputValue()).toBe('Starter plus');

      // one company: its own SMS rate, then the platform's again
      await page.getByLabel('Find a company').fill('Acme');
      await page.getByRole('list', { name: 'Companies' }).getByRole('button', { name: 'Acme', exact: true }).click();
      const acme = page.getByRole('form', { name: 'Rates of Acme' });
      await acme.getByText('platform rates').waitFor();
      await acme.getByLabel('Credits per SMS part (override)').fill('3');
      await acme.getByRole('button', { name: 'Save override' }).click();
      await toast(page, 'Rates of Acme saved successfully.').waitFor();
      await acme.getByText('own rates').waitFor();
      await acme.getByText('Pays now: 3').waitFor();
      await settled(page);
      await expectNoSeriousViolations(page, 'Operator/Rates, a company override');
      // an emptied field is the platform's rate again (1.5 now), the rest of the override stays
      await acme.getByLabel('Credits per e-mail (override)').fill('0.5');
      await acme.getByLabel('Credits per SMS part (override)').fill('');
      await acme.getByRole('button', { name: 'Save override' }).click();
      await acme.getByText('Pays now: 1.5').waitFor();
      await acme.getByText('Pays now: 0.5').waitFor();
      await acme.getByText('own rates').waitFor();
      await acme.getByRole('button', { name: 'Remove override' }).click();
      await toast(page, "Acme pays the platform's rates again.").waitFor();
      await acme.getByText('platform rates').waitFor();
      expect(await acme.getByLabel('Credits per SMS part (override)').inputValue()).toBe('');
    } finally {
      // the other browser flows buy with the demo's rates
      expect((await apiCall(page, 'PUT', '/operator/rates', original)).status).toBe(200);
    }
  });

  it('someone who is not an operator has no Operator menu and is refused at its address', async () => {
    await registerTenant(page);
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByRole('link', { name: 'Operator payments' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Operator rates' }).count()).toBe(0);
    const res = await page.goto('/operator/payments');
    expect(res?.status()).toBe(403);
    expect((await page.goto('/operator/rates'))?.status()).toBe(403);
  });
});
