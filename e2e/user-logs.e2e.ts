import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatA11yViolations, seriousA11yViolations } from './a11y';
import { inviteColleague, openBrowser, registerTenant, settled, type Browser, type Tenant } from './browser';

/**
 * Users Logs: the owner opens User activity from the menu, searches the members, opens a
 * timeline, switches its filter tabs, searches it, sees the figures and charts, resets, and
 * steps to the next member (whose timeline was preloaded).
 */
describe('user activity', () => {
  let owner: Browser;
  let page: Page;
  let tenant: Tenant;
  const colleague = { name: `Neema Front ${Date.now().toString(36)}`, email: `neema-${Date.now().toString(36)}@example.com` };

  beforeAll(async () => {
    owner = await openBrowser();
    page = owner.page;
    tenant = await registerTenant(page);

    // a colleague with the Viewer role, who accepts the mailed invitation and looks around
    const invitee = await inviteColleague(page, { ...colleague, role: 'Viewer', password: 'front-desk-pass-1' });
    try {
      await invitee.page.goto('/profile');
    } finally {
      await invitee.close();
    }
    await page.goto('/roles');
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      const shot = await owner.screenshot(`user-logs-${context.task.name}`).catch(() => null);
      console.error(`[e2e] "${context.task.name}" failed at ${page.url()}; screenshot: ${shot}; server output: ${inject('serverLog')}`);
    }
  });
  afterAll(async () => {
    await owner?.close();
  });

  const table = () => page.getByRole('table', { name: 'Users and their activity' });
  const rowOf = (text: string) => table().getByRole('row').filter({ hasText: text });
  const timeline = () => page.getByRole('list', { name: 'Activity timeline' });

  it('lists the members with their activity counts, and searches them', async () => {
    await page.goto('/dashboard');
    await page.getByRole('navigation').first().getByRole('link', { name: 'User activity' }).click();
    await page.waitForURL(/\/users\/activity$/);
    await page.getByRole('heading', { name: 'User activity', level: 1 }).waitFor();

    await rowOf(tenant.email).waitFor();
    await rowOf(colleague.email).waitFor();
    // columns: user, role, page visits, actions, total activity, last activity
    const cells = rowOf(tenant.email).getByRole('cell');
    const [visits, actions, total] = await Promise.all([2, 3, 4].map(async (i) => Number((await cells.nth(i).innerText()).replace(/\D/g, ''))));
    expect(visits).toBeGreaterThanOrEqual(2); // dashboard, users, roles…
    expect(actions).toBeGreaterThanOrEqual(2); // register, invite
    expect(total).toBe(visits + actions);

    await page.getByRole('searchbox', { name: 'Search users' }).fill('Neema');
    await expect.poll(() => table().getByRole('row').count()).toBe(2); // header + the colleague
    await rowOf(colleague.email).waitFor();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('nobody-by-this-name');
    await page.getByText('Nothing matches').waitFor();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('');
    await rowOf(tenant.email).waitFor();

    const violations = await seriousA11yViolations(page);
    expect(violations, formatA11yViolations(violations)).toEqual([]);
  });

  it("opens a member's timeline: tabs with counts, search, figures and charts, reset", async () => {
    await page.goto('/users/activity');
    await rowOf(tenant.email).getByRole('link', { name: tenant.name, exact: true }).click();
    await page.waitForURL(/\/users\/\d+\/activity$/);
    await page.getByRole('heading', { name: tenant.name, level: 1 }).waitFor();
    await timeline().waitFor();

    // the tabs show the counts of page visits and actions
    const actionsTab = page.getByRole('tab', { name: /^Actions/ });
    await expect.poll(async () => (await actionsTab.innerText()).replace(/\s+/g, ' ')).toMatch(/^Actions [1-9]\d*$/);
    expect((await page.getByRole('tab', { name: /^Pages/ }).innerText()).replace(/\s+/g, ' ')).toMatch(/^Pages [1-9]\d*$/);

    await actionsTab.click();
    await expect.poll(() => actionsTab.getAttribute('aria-selected')).toBe('true');
    await timeline().getByText(`Invited ${colleague.email}`).waitFor();
    await expect.poll(() => timeline().getByText('Page visit', { exact: true }).count()).toBe(0);

    await page.getByRole('tab', { name: /^Pages/ }).click();
    await timeline().getByText('Visited /users').first().waitFor();
    await expect.poll(() => timeline().getByText('Action', { exact: true }).count()).toBe(0);

    // search the timeline
    await page.getByRole('tab', { name: /^All/ }).click();
    await page.locator('#timeline-search').fill('Invited');
    await expect.poll(() => timeline().getByRole('listitem').count()).toBe(1);
    await page.locator('#timeline-search').fill('no-such-entry-anywhere');
    await page.getByText('Nothing matches').waitFor();

    // the figures and the four charts
    await page.getByText('Engagement', { exact: true }).waitFor();
    await page.getByText('Last 24 hours', { exact: true }).waitFor();
    await page.getByRole('heading', { name: /Activity patterns/ }).waitFor();
    await expect.poll(() => page.locator('figure canvas').count(), { timeout: 15_000 }).toBe(4);
    await page.getByRole('heading', { name: /Top pages/ }).waitFor();

    // reset: back to every entry, no search
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => page.locator('#timeline-search').inputValue()).toBe('');
    await expect.poll(() => page.getByRole('tab', { name: /^All/ }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => timeline().getByRole('listitem').count()).toBeGreaterThan(2);

    const violations = await seriousA11yViolations(page);
    expect(violations, formatA11yViolations(violations)).toEqual([]);
    expect(owner.pageErrors).toEqual([]);
  });

  it("preloads the next member's timeline, which then opens without asking again", async () => {
    const asked: string[] = [];
    const record = (r: { url: () => string }) => {
      if (r.url().includes('/logs/json')) asked.push(new URL(r.url()).pathname);
    };
    page.on('request', record);
    try {
      await page.goto('/users/activity');
      await rowOf(tenant.email).getByRole('link', { name: tenant.name, exact: true }).click();
      await page.waitForURL(/\/users\/\d+\/activity$/);
      const next = page.getByRole('link', { name: `Next user: ${colleague.name}` });
      await next.waitFor();
      const nextPath = `${new URL((await next.getAttribute('href'))!, 'http://x').pathname.replace(/\/activity$/, '')}/logs/json`;
      await expect.poll(() => asked.filter((p) => p === nextPath).length, { timeout: 5_000 }).toBe(1);
      await next.click();
      await page.getByRole('heading', { name: colleague.name, level: 1 }).waitFor();
      await timeline().waitFor();
      expect(asked.filter((p) => p === nextPath)).toHaveLength(1);
      await page.getByRole('link', { name: `Previous user: ${tenant.name}` }).waitFor();
    } finally {
      page.off('request', record);
    }
  });

  it('looks right in light and dark mode', async () => {
    await page.goto('/users/activity');
    await rowOf(colleague.email).waitFor();
    await owner.screenshot('user-logs-index-light');
    await rowOf(tenant.email).getByRole('link', { name: tenant.name, exact: true }).click();
    await page.waitForURL(/\/users\/\d+\/activity$/);
    await expect.poll(() => page.locator('figure canvas').count(), { timeout: 15_000 }).toBe(4);
    await settled(page); // the charts' 300 ms animation
    await owner.screenshot('user-logs-show-light');
    await page.evaluate(() => window.localStorage.setItem('darkMode', 'true'));
    await page.reload();
    await expect.poll(() => page.locator('figure canvas').count(), { timeout: 15_000 }).toBe(4);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await owner.screenshot('user-logs-show-dark');
    const violations = await seriousA11yViolations(page);
    expect(violations, formatA11yViolations(violations)).toEqual([]);
    await page.evaluate(() => window.localStorage.removeItem('darkMode'));
  });
});
