import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { eventually, logIn, openBrowser, registerTenant, submitLogin, type Browser } from './browser';

/** Register → dashboard → log out → log in, plus the failed and the demo login, as a user does them. */
describe('authentication', () => {
  let browser: Browser;
  let page: Page;

  beforeEach(async () => {
    browser = await openBrowser();
    page = browser.page;
  });

  afterEach(async (context) => {
    try {
      if (context.task.result?.state === 'fail') {
        const shot = await browser.screenshot(`auth-${context.task.name}`).catch(() => null);
        console.error(
          `[e2e] "${context.task.name}" failed at ${page.url()}` +
            (shot ? `; screenshot: ${shot}` : '') +
            `; server output: ${inject('serverLog')}` +
            (browser.pageErrors.length ? `; errors in the page: ${browser.pageErrors.join(' | ')}` : ''),
        );
      }
    } finally {
      await browser.close();
    }
  });

  const path = () => new URL(page.url()).pathname;
  /** Log out lives in the user menu of the top bar (the account button opens it). */
  const logOut = async () => {
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out', exact: true }).click();
  };

  async function expectDashboardOf(company: string) {
    expect(path()).toBe('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor({ state: 'visible' });
    await page.getByText(company, { exact: true }).first().waitFor({ state: 'visible' });
    await eventually(() => page.title(), `Dashboard - ${company}`);
  }

  it('registers a company, lands on its dashboard, logs out and logs back in', async () => {
    const tenant = await registerTenant(page);
    await expectDashboardOf(tenant.company);
    // a first visit is greeted, not welcomed "back"
    await page.getByText(`Welcome, ${tenant.name}.`, { exact: true }).waitFor();

    await logOut();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');

    // Logged out for real: the dashboard now sends a visitor to the login page.
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');

    await logIn(page, tenant.email, tenant.password);
    await expectDashboardOf(tenant.company);
    await page.getByText(`Welcome back, ${tenant.name}.`, { exact: true }).waitFor();
    expect(browser.pageErrors).toEqual([]);
  });

  it('refuses a wrong password with an error under the email field and stays on the login page', async () => {
    const tenant = await registerTenant(page);
    await logOut();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');

    await submitLogin(page, tenant.email, `${tenant.password}-wrong`);

    const email = page.getByLabel(/^Email/);
    const password = page.getByLabel(/^Password/);
    const alert = await alertBetween(page, email, password, { stayOn: '/login' });
    expect((await alert.innerText()).trim()).not.toBe('');
    expect(path()).toBe('/login');
    // The visitor is still a guest.
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(browser.pageErrors).toEqual([]);
  });

  it('accepts the demo login printed at start', async () => {
    const demo = inject('demoLogin');
    expect(demo, 'the server printed no "Demo login: <email> / <password>" line at start').not.toBeNull();
    await logIn(page, demo!.email, demo!.password);
    expect(path()).toBe('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor({ state: 'visible' });
    expect(browser.pageErrors).toEqual([]);
  });
});

/**
 * Waits for a visible role=alert placed below `above` and above `below` on screen (the message
 * under a field), and returns it. Other alerts on the page (toasts) are ignored. Fails at once,
 * saying where it went, if the page leaves `stayOn`.
 */
async function alertBetween(
  page: Page,
  above: Locator,
  below: Locator,
  { stayOn, timeoutMs = 10_000 }: { stayOn: string; timeoutMs?: number },
): Promise<Locator> {
  const alerts = page.getByRole('alert');
  const box = (locator: Locator) => locator.boundingBox({ timeout: 500 }).catch(() => null);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const where = new URL(page.url()).pathname;
    if (where !== stayOn) throw new Error(`Expected to stay on ${stayOn}, but the page went to ${where}`);
    const top = await box(above);
    const bottom = await box(below);
    if (top && bottom) {
      for (const alert of await alerts.all()) {
        const at = await box(alert);
        if (!at || !(await alert.isVisible())) continue;
        if (at.y >= top.y + top.height - 1 && at.y + at.height <= bottom.y + 1) return alert;
      }
    }
    if (Date.now() > deadline) {
      const texts = await alerts.allInnerTexts();
      throw new Error(
        `No alert appeared between the two fields within ${timeoutMs / 1000} s` +
          (texts.length ? ` (alerts on the page: ${texts.map((t) => JSON.stringify(t)).join(', ')})` : ''),
      );
    }
    // look again once the page has drawn its next frame (a navigation meanwhile is reported above)
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))).catch(() => undefined);
  }
}
