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

  it('someone who is not an operator has no Operator menu and is refused at its address', async () => {
    await registerTenant(page);
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByRole('link', { name: 'Operator payments' }).count()).toBe(0);
    const res = await page.goto('/operator/payments');
    expect(res?.status()).toBe(403);
  });
});
