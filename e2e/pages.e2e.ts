import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { formatA11yViolations, seriousA11yViolations } from './a11y';
import { eventually, openBrowser, registerTenant, type Browser, type Tenant } from './browser';

// a 1×1 PNG, written to disk for the file chooser
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** The shell's own pages (profile, notifications, errors, legal) as a new company's owner uses them. */
describe('profile, notifications and error pages', () => {
  let browser: Browser;
  let page: Page;
  let owner: Tenant;

  beforeEach(async () => {
    browser = await openBrowser();
    page = browser.page;
    owner = await registerTenant(page);
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      const shot = await browser.screenshot(`pages-${context.task.name}`).catch(() => null);
      console.error(`[e2e] "${context.task.name}" failed at ${page.url()}; screenshot: ${shot}; server output: ${inject('serverLog')}`);
    }
    await browser.close();
  });

  it('edits the profile with a photo upload, and the change survives a reload', async () => {
    await page.goto('/profile/edit');
    await page.getByLabel(/^Name/).fill('Wanjiku Kamau');
    const file = join(mkdtempSync(join(tmpdir(), 'kazi-avatar-')), 'me.png');
    writeFileSync(file, PNG);
    await page.getByLabel(/^Photo/).setInputFiles(file);
    await page.getByRole('button', { name: /^Save/ }).first().click();
    await page.getByText('Profile updated successfully.').first().waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel(/^Name/).inputValue()).toBe('Wanjiku Kamau');
    const avatar = await page.evaluate(async () => (await (await fetch('/settings/profile/json', { headers: { accept: 'application/json' } })).json()).data.avatar_url);
    expect(avatar).toMatch(/^\/avatars\/[0-9a-f]{32}\.png$/);
    const img = await page.request.get(avatar);
    expect(img.status()).toBe(200);
  });

  it('refuses a wrong current password beside the field', async () => {
    await page.goto('/profile/edit#password');
    await page.getByRole('tab', { name: 'Password' }).click();
    await page.getByLabel(/^Current password/).fill('not-my-password');
    await page.getByLabel(/^New password/).fill('a-brand-new-pass');
    await page.getByLabel(/^Confirm new password/).fill('a-brand-new-pass');
    await page.getByRole('tabpanel').getByRole('button', { name: /^Save/ }).click();
    await page.getByRole('alert').filter({ hasText: 'The password is incorrect.' }).waitFor();
  });

  it('shows the empty notifications list, a 404 inside the app, and the legal pages', async () => {
    await page.goto('/notifications');
    await eventually(() => page.title(), `Notifications - ${owner.company}`);
    await page.getByText(/no notifications/i).first().waitFor();
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: /not found/i }).first().waitFor();
    // still inside the app: the account menu is there
    await page.getByRole('button', { name: /^Account menu/ }).waitFor();
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { name: /privacy/i }).first().waitFor();
    await page.goto('/terms-and-conditions');
    await page.getByRole('heading', { name: /terms/i }).first().waitFor();
  });

  it('has no serious accessibility violations on Notifications and the Profile pages', async () => {
    for (const url of ['/notifications', '/profile', '/profile/edit', '/profile/account']) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      const violations = await seriousA11yViolations(page);
      expect(violations, `${url}\n${formatA11yViolations(violations)}`).toEqual([]);
    }
  });
});
