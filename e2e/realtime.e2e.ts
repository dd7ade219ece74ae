import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { inviteColleague, openBrowser, registerTenant, toast, type Browser, type Tenant } from './browser';

/**
 * Realtime with two browsers (issue 22): the owner and an admin colleague, each signed in in
 * their own browser. What one does reaches the other's open page without a reload: a
 * notification in the bell (with a toast, being important), and the colleague's online dot in
 * the users list, which goes when the colleague's page closes.
 */
describe('realtime between two browsers', () => {
  let owner: Browser;
  let colleague: Browser;
  let page: Page;
  let other: Page;
  let tenant: Tenant;
  const mate = { name: `Amani Live ${Date.now().toString(36)}`, email: `amani-${Date.now().toString(36)}@example.com` };

  beforeAll(async () => {
    owner = await openBrowser();
    page = owner.page;
    tenant = await registerTenant(page);
    colleague = await inviteColleague(page, { ...mate, role: 'Admin', password: 'live-updates-pass-1' });
    other = colleague.page;
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      const shots = await Promise.all([owner.screenshot(`realtime-owner-${context.task.name}`), colleague.screenshot(`realtime-colleague-${context.task.name}`)]).catch(() => null);
      console.error(`[e2e] "${context.task.name}" failed at ${page.url()} / ${other.url()}; screenshots: ${shots}; server output: ${inject('serverLog')}`);
    }
  });
  afterAll(async () => {
    await colleague?.close();
    await owner?.close();
  });

  const status = (p: Page) => p.getByTestId('realtime-status');

  it('shows the connection state discreetly in the top bar', async () => {
    await status(other).and(other.locator('[data-state="connected"]')).waitFor();
    expect(await status(other).getAttribute('title')).toBe('Live updates: connected');
  });

  it("a notification made by the owner's action appears in the colleague's bell without a reload", async () => {
    await other.goto('/dashboard');
    await status(other).and(other.locator('[data-state="connected"]')).waitFor();
    // a mark on the page's window: a reload would lose it
    await other.evaluate(() => ((window as unknown as { kaziMark: number }).kaziMark = 42));
    const bell = other.getByRole('button', { name: /^Notifications/ });
    const before = Number((await other.getByTestId('unread-count').textContent({ timeout: 1_000 }).catch(() => '0')) || 0);

    // the owner sets the wallet's alert above its balance: every wallet manager is told
    await page.goto('/wallet');
    const alert = page.locator('form').filter({ has: page.getByLabel('Alert below (credits)') });
    await alert.getByLabel('Alert below (credits)').fill('100000');
    await alert.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Wallet settings saved successfully.').waitFor();

    await toast(other, 'Your credit balance is low').waitFor();
    await expect.poll(async () => Number(await other.getByTestId('unread-count').textContent())).toBe(before + 1);
    await bell.click();
    await other.getByRole('link', { name: /Your credit balance is low/ }).first().waitFor();
    expect(await other.evaluate(() => (window as unknown as { kaziMark?: number }).kaziMark)).toBe(42);
  });

  it("the colleague's online dot appears in the users list and goes when their page closes", async () => {
    await page.goto('/users');
    const row = page.getByRole('row').filter({ hasText: mate.email });
    await row.waitFor();
    await row.getByTestId('online-dot').waitFor();
    // the owner's own row has its dot too: this page is online
    await page.getByRole('row').filter({ hasText: tenant.email }).getByTestId('online-dot').waitFor();

    await other.goto('about:blank');
    await row.getByTestId('online-dot').waitFor({ state: 'detached' });
    await other.goto('/dashboard');
    await row.getByTestId('online-dot').waitFor();
  });
});
