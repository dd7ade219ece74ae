import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openBrowser, registerTenant, type Browser } from './browser';
import { invitationLink } from './mail';

describe('roles and invitations', () => {
  let owner: Browser;
  let invitee: Browser | null = null;
  let page: Page;

  beforeEach(async () => {
    owner = await openBrowser();
    page = owner.page;
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      const shot = await owner.screenshot(`roles-${context.task.name}`).catch(() => null);
      const other = invitee ? await invitee.screenshot(`roles-invitee-${context.task.name}`).catch(() => null) : null;
      console.error(`[e2e] "${context.task.name}" failed at ${page.url()}; screenshots: ${shot} ${other ?? ''}; server output: ${inject('serverLog')}`);
    }
    await owner.close();
    await invitee?.close();
  });

  it('creates a role, invites a user with it, and the new member sees only what the role allows', async () => {
    await registerTenant(page);

    // a role that may see the dashboard and notifications, nothing else
    await page.goto('/roles/create');
    await page.getByLabel(/^Name/).fill('Front desk');
    await page.getByLabel('Dashboard: view', { exact: true }).check();
    await page.getByLabel('Notifications: view', { exact: true }).check();
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.waitForURL(/\/roles(\/\d+\/edit)?$/);

    // invite someone new with that role
    const email = `front-${Date.now().toString(36)}@example.com`;
    await page.goto('/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    await page.getByRole('dialog').getByLabel(/^Email/).fill(email);
    await page.getByRole('dialog').getByLabel(/^Role/).selectOption({ label: 'Front desk' });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(email).first().waitFor();

    // the invitee opens the mailed link in their own browser and creates an account
    const link = await invitationLink(email);
    invitee = await openBrowser();
    const p = invitee.page;
    await p.goto(link);
    await p.getByLabel(/^Name/).fill('Neema Front');
    await p.getByLabel(/^Password/).fill('front-desk-pass-1');
    await p.getByLabel(/^Confirm Password/).fill('front-desk-pass-1');
    await p.getByRole('button', { name: 'Accept invitation' }).click();
    await p.waitForURL(/\/dashboard$/);

    // the menu shows what the role allows, and the server refuses the rest
    const nav = p.getByRole('navigation').first();
    await nav.getByRole('link', { name: 'Notifications' }).first().waitFor();
    expect(await p.getByRole('link', { name: 'Users', exact: true }).count()).toBe(0);
    expect(await p.getByRole('link', { name: 'Roles', exact: true }).count()).toBe(0);
    const res = await p.goto('/roles');
    expect(res?.status()).toBe(403);
  });
});
