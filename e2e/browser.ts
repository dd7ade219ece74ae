import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { invitationLink, verificationCode } from './mail';

/** Flags for Debian's chromium in a container (no GPU, no sandbox, no background traffic). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Browser = {
  context: BrowserContext;
  /** the context's first tab */
  page: Page;
  baseURL: string;
  /** uncaught errors raised inside the pages, for assertions and failure messages */
  pageErrors: string[];
  /**
   * what the Content-Security-Policy refused (chromium's console lines "Refused to …"); close()
   * fails the flow when there is any: a page the policy breaks is a broken page
   */
  cspViolations: string[];
  /**
   * takes the refusals matching `pattern` out of cspViolations and returns them: for a flow that
   * feeds hostile content on purpose and expects the policy to refuse it
   */
  takeCspViolations: (pattern: RegExp) => string[];
  /** saves a full-page screenshot under test-results/ and returns its path */
  screenshot: (name: string) => Promise<string>;
  /** closes the browser and removes its profile directory */
  close: () => Promise<void>;
};

/**
 * Opens a headless chromium on a fresh profile, with the server under test as base URL, so
 * `page.goto('/login')` works. Always `close()` it (afterAll/afterEach). `args` adds switches, e.g.
 * a fake camera (e2e/camera.ts) for the check-in scanner.
 */
export async function openBrowser(options: { viewport?: { width: number; height: number }; args?: string[] } = {}): Promise<Browser> {
  const baseURL = inject('baseURL');
  const profile = mkdtempSync(join(tmpdir(), 'kazi-e2e-profile-'));
  let context: BrowserContext;
  try {
    // launchPersistentContext takes the profile directory itself (--user-data-dir in args is refused).
    context = await chromium.launchPersistentContext(profile, {
      executablePath: inject('chromiumPath'),
      headless: true,
      args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
      baseURL,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      locale: 'en-US',
      timezoneId: 'UTC',
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);

  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  const page = context.pages()[0] ?? (await context.newPage());

  let closed = false;
  return {
    context,
    page,
    baseURL,
    pageErrors,
    cspViolations,
    takeCspViolations(pattern) {
      const taken = cspViolations.filter((v) => pattern.test(v));
      const kept = cspViolations.filter((v) => !pattern.test(v));
      cspViolations.splice(0, cspViolations.length, ...kept);
      return taken;
    },
    async screenshot(name) {
      const dir = join(process.cwd(), 'test-results', 'screenshots');
      mkdirSync(dir, { recursive: true });
      const path = join(dir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await context.close();
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
      if (cspViolations.length > 0) throw new Error(`The Content-Security-Policy refused:\n${cspViolations.join('\n')}`);
    },
  };
}

export type Tenant = {
  name: string;
  email: string;
  password: string;
  company: string;
  /** the registration form's country, by its ISO code; "ZZ" (another country) starts in USD and UTC as every flow expects */
  country: string;
};

let counter = 0;

/** A never-used-before owner and company, so every flow seeds its own tenant. */
export function newTenant(overrides: Partial<Tenant> = {}): Tenant {
  const tag = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `Amani Owner ${tag}`,
    email: `owner-${tag}@example.com`,
    password: `Pw-${tag}-Strong!9`,
    company: `Kilima Traders ${tag}`,
    country: 'ZZ',
    ...overrides,
  };
}

/**
 * Fills and submits the registration form as a user would, takes the new company through
 * onboarding with the default plan's free trial (company details, plan, the code mailed) and
 * opens the dashboard. Onboarding's own pages are driven click by click in subscriptions.e2e.ts
 * and forms.e2e.ts (startFreeTrial); every other flow goes through the same steps by the calls
 * those pages make, which saves each flow five page visits.
 */
export async function registerTenant(page: Page, overrides: Partial<Tenant> = {}): Promise<Tenant> {
  const tenant = await submitRegistration(page, overrides);
  const plans = await apiCall(page, 'GET', '/get-plans');
  // the plan Onboarding/Index preselects: the second offered (the middle of three), else the first
  const offered = plans.json.data as unknown as { id: number; trial_days: number }[];
  const plan = offered[1] ?? offered[0];
  expect(plan?.trial_days, 'the preselected plan has a free trial').toBeGreaterThan(0);
  const steps: [string, unknown][] = [
    ['/get-started', { step: 'company', company_name: tenant.company }],
    ['/get-started', { step: 'plan', plan_id: plan!.id, interval: 'monthly', start: 'trial' }],
    ['/onboarding/free-trial', { channel: 'email' }],
  ];
  for (const [url, body] of steps) {
    const answer = await apiCall(page, 'POST', url, body);
    expect(answer.status, `${url}: ${JSON.stringify(answer.json)}`).toBe(200);
  }
  const verified = await apiCall(page, 'POST', '/onboarding/trial-verification', { code: await verificationCode(tenant.email) });
  expect(verified.status, JSON.stringify(verified.json)).toBe(200);
  await page.goto('/dashboard');
  await page.waitForURL(/\/dashboard$/);
  return tenant;
}

/** Onboarding from its first step to Onboarding/Success: the details as registered, the plan preselected, its free trial verified by the mailed code. */
export async function startFreeTrial(page: Page, tenant: Tenant): Promise<void> {
  await page.waitForURL(/\/onboarding$/);
  // the details step fills in the company as registered once its data has loaded; a Playwright
  // wait, not expect.poll, because flows register their company in beforeAll, outside any test
  const name = page.getByLabel(/^Company name/);
  await name.waitFor();
  await page.waitForFunction((el) => (el as HTMLInputElement | null)?.value !== '', await name.elementHandle(), { timeout: 10_000 });
  expect(await name.inputValue()).toBe(tenant.company);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: /^Start \d+-day free trial$/ }).click();
  await page.waitForURL(/\/onboarding\/free-trial$/);
  await page.getByRole('button', { name: 'Send the code', exact: true }).click();
  await page.waitForURL(/\/onboarding\/trial-verification$/);
  await page.getByLabel(/^Verification code/).fill(await verificationCode(tenant.email));
  await page.getByRole('button', { name: 'Start the free trial', exact: true }).click();
  await page.waitForURL(/\/onboarding\/success$/);
}

/** Fills and submits the registration form; the new company lands on onboarding. */
export async function submitRegistration(page: Page, overrides: Partial<Tenant> = {}): Promise<Tenant> {
  const tenant = newTenant(overrides);
  await page.goto('/register');
  await page.getByLabel(/^Name\b/).fill(tenant.name);
  await page.getByLabel(/^Email/).fill(tenant.email);
  await page.getByLabel(/^Password/).fill(tenant.password);
  await page.getByLabel(/^Confirm Password/).fill(tenant.password);
  await page.getByLabel(/^Company name/).fill(tenant.company);
  await page.getByLabel(/^Country/).selectOption(tenant.country);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.waitForURL(/\/onboarding$/);
  return tenant;
}

/** Fills and submits the login form. Does not wait for any outcome. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Logs in and waits for the dashboard. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await submitLogin(page, email, password);
  await page.waitForURL(/\/dashboard$/);
}

/** Polls `read` until it equals `expected` (page state that settles after a client-side visit). */
export async function eventually<T>(read: () => Promise<T> | T, expected: T, timeoutMs = 10_000): Promise<void> {
  await expect.poll(read, { timeout: timeoutMs, interval: 100 }).toEqual(expected);
}

/**
 * Waits until the page is still, instead of pausing a fixed time and hoping it is: every CSS
 * transition and short animation has ended (infinite ones, spinners, and long ones such as a toast's
 * countdown bar are not waited for), and every canvas (the charts animate in JavaScript) shows the
 * same pixels on two looks 100 ms apart. Document.getAnimations() flushes pending style changes, so
 * a transition just triggered by a class change is already counted.
 */
export async function settled(page: Page, timeoutMs = 10_000): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => {
        if (a.playState !== 'running') return true;
        const end = Number(a.effect?.getComputedTiming().endTime ?? 0);
        return !Number.isFinite(end) || end > 2_000;
      }),
    undefined,
    { timeout: timeoutMs, polling: 'raf' },
  );
  if ((await page.locator('canvas').count()) === 0) return;
  let previous: string | null = null;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => [...document.querySelectorAll('canvas')].map((c) => c.toDataURL()).join('|'));
        const still = now === previous;
        previous = now;
        return still;
      },
      { timeout: timeoutMs, interval: 100 },
    )
    .toBe(true);
}

/**
 * For afterEach: when the test failed, saves a screenshot and prints where the page was, its
 * uncaught errors and where the server's output is.
 */
export async function reportFailure(context: { task: { name: string; result?: { state?: string } } }, browser: Browser, prefix: string): Promise<void> {
  if (context.task.result?.state !== 'fail') return;
  const shot = await browser.screenshot(`${prefix}-${context.task.name}`).catch(() => null);
  console.error(
    `[e2e] "${context.task.name}" failed at ${browser.page.url()}; page errors: ${browser.pageErrors.join(' | ') || 'none'}; ` +
      `screenshot: ${shot}; server output: ${inject('serverLog')}`,
  );
}

/** A toast (react-toastify) showing `text`. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text).first();

export type ApiAnswer = { status: number; json: Record<string, unknown> & { data?: { id: number } & Record<string, unknown> } };

/** A JSON call from inside the signed-in page (its cookies and XSRF header, as the app sends them): seeding and checking what was stored. */
export async function apiCall(page: Page, method: string, url: string, body?: unknown): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-xsrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => ({})) };
    },
    { method, url, body },
  );
}

/** A downloaded CSV's lines, without the byte-order mark. */
export const csvLines = (body: Buffer) => body.toString('utf8').replace(/^\ufeff/, '').trim().split(/\r\n/);

/** A list's visible "Showing 1 to 1 of 1 result" (a hidden live region repeats it for screen readers). */
export const listSummary = (page: Page, text: string) => page.locator('span', { hasText: text }).first();

/** Clicks what starts a download and answers the saved file's suggested name and bytes. */
export async function download(page: Page, trigger: Locator): Promise<{ name: string; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { name: file.suggestedFilename(), body: readFileSync((await file.path())!) };
}

/** The import wizard's first step: picks the CSV text as `name`, uploads it, and waits for the column mapping. */
export async function uploadImportFile(page: Page, name: string, csv: string): Promise<void> {
  await page.getByLabel('File to import').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload and continue' }).click();
  await page.getByRole('heading', { name: 'Match the columns' }).waitFor();
}

/** The demo login, which is also the platform operator. */
export const demoLogin = () => inject('demoLogin') ?? { email: 'demo@kazi.test', password: 'password' };

/**
 * Credits for the signed-in company: a bank-transfer purchase that the platform operator (the demo
 * login, in a second browser) approves — the way a real company tops up its wallet.
 */
export async function fundCompany(page: Page, credits = 1000): Promise<void> {
  const made = await apiCall(page, 'POST', '/wallet/credits/purchase', { credits: String(credits) });
  expect(made.status).toBe(201);
  const paid = await apiCall(page, 'POST', '/wallet/complete-payment', { purchase_id: made.json.data!.id, driver: 'offline' });
  expect(paid.status).toBe(200);
  const { reference } = (paid.json.data as unknown as { action: { reference: string } }).action;
  const operator = await openBrowser();
  try {
    await logIn(operator.page, demoLogin().email, demoLogin().password);
    const found = await apiCall(operator.page, 'GET', `/operator/payments/json?search=${encodeURIComponent(reference)}`);
    expect(found.status).toBe(200);
    const [payment] = (found.json as unknown as { data: { tenant_id: number; id: number }[] }).data;
    const approved = await apiCall(operator.page, 'POST', `/operator/payments/${payment.tenant_id}/${payment.id}/approve`, {});
    expect(approved.status).toBe(200);
  } finally {
    await operator.close();
  }
}

/**
 * A colleague in their own browser: the owner's page invites them with `role` from Users, and the
 * colleague accepts the invitation mailed to them (name and password) and lands on the dashboard.
 * Flows that need two members (an assignee and an approver, a chat partner) share this.
 */
export async function inviteColleague(page: Page, colleague: { name: string; email: string; role: string; password?: string }): Promise<Browser> {
  await page.goto('/users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  await page.getByRole('dialog').getByLabel(/^Email/).fill(colleague.email);
  await page.getByRole('dialog').getByLabel(/^Role/).selectOption({ label: colleague.role });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByText(colleague.email).first().waitFor();
  const other = await openBrowser();
  const password = colleague.password ?? 'colleague-pass-1';
  await other.page.goto(await invitationLink(colleague.email));
  await other.page.getByLabel(/^Name/).fill(colleague.name);
  await other.page.getByLabel(/^Password/).fill(password);
  await other.page.getByLabel(/^Confirm Password/).fill(password);
  await other.page.getByRole('button', { name: 'Accept invitation' }).click();
  await other.page.waitForURL(/\/dashboard$/);
  return other;
}

