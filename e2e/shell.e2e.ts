import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { formatA11yViolations, seriousA11yViolations } from './a11y';
import { eventually, openBrowser, settled as pageSettled, type Browser } from './browser';

/**
 * The signed-in shell as a user meets it: the customizer and its stored preferences, the menu on
 * a phone, the menu search, the notifications bell, the user menu, and what axe-core finds.
 */

const DESKTOP = { width: 1440, height: 900 };
const MOBILE = { width: 390, height: 844 };
const SHOTS = join(process.cwd(), 'test-results', 'screenshots', 'shell');

const PREFERENCE_KEYS = [
  'darkMode',
  'semiDarkMode',
  'sidebarCollapsed',
  'direction',
  'skin',
  'type',
  'contentWidth',
  'navbarType',
  'footerType',
  'monochrome',
] as const;

type HtmlState = { classes: string[]; dir: string | null; data: Record<string, string>; filter: string };

/**
 * Findings in files this flow does not own, reported to their owners and left out here until
 * they are fixed (then delete the entry).
 */
// serious/critical findings accepted for now, each with its reason (none at the moment)
const KNOWN_ELSEWHERE: readonly { rule: string; html: string }[] = [];

const demo = () => inject('demoLogin') ?? { email: 'demo@kazi.test', password: 'password' };

async function dashboardReady(page: Page) {
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor({ state: 'visible' });
}

async function reload(page: Page) {
  await page.reload();
  await dashboardReady(page);
}

async function stored(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), [...PREFERENCE_KEYS]);
}

async function html(page: Page): Promise<HtmlState> {
  return page.evaluate(() => {
    const root = document.documentElement;
    return {
      // only the preferences' classes (the progress bar adds its own while a visit runs)
      classes: [...root.classList].filter((c) => ['dark', 'semi-dark', 'monochrome'].includes(c)).sort(),
      dir: root.getAttribute('dir'),
      data: { ...root.dataset } as Record<string, string>,
      filter: getComputedStyle(root).filter,
    };
  });
}

const style = (locator: Locator, property: string) =>
  locator.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

async function sidebarBox(page: Page) {
  // the width animates for 200 ms
  await pageSettled(page);
  return page.locator('#app-sidebar').boundingBox();
}

async function openCustomizer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Theme customizer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Theme customizer' });
  await dialog.waitFor({ state: 'visible' });
  return dialog;
}

async function closeCustomizer(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Theme customizer' }).waitFor({ state: 'hidden' });
  // focus is back on the gear button that opened it
  await eventually(() => focusedLabel(page), 'Theme customizer');
}

/**
 * Waits until a dialog's opening animation has finished (Headless UI marks its transitioning
 * parts with data-transition / data-enter). Twice on the loaded CI machine an Escape pressed
 * straight after opening left the dialog open for 15 s; it never happened locally, even with the
 * page's CPU slowed eightfold, so the flows press Escape on a dialog that has settled.
 */
async function settled(dialog: Locator) {
  await eventually(() => dialog.evaluate((el) => el.querySelectorAll('[data-transition], [data-enter]').length === 0 && !el.hasAttribute('data-transition')), true);
}

/** The aria-label (else the text) of the focused element. */
function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el ? (el.getAttribute('aria-label') ?? el.textContent?.trim() ?? null) : null;
  });
}

async function toggle(dialog: Locator, name: string, on: boolean) {
  const control = dialog.getByRole('switch', { name, exact: true });
  if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
  await eventually(() => control.getAttribute('aria-checked'), String(on));
}

async function choose(dialog: Locator, legend: string, option: string) {
  const group = dialog.getByRole('group', { name: legend, exact: true });
  await group.getByText(option, { exact: true }).click();
  await eventually(() => group.getByRole('radio', { name: option, exact: true }).isChecked(), true);
}

async function setPreferences(page: Page, prefs: Record<string, string>) {
  await page.evaluate(
    ({ prefs, keys }) => {
      for (const key of keys) localStorage.removeItem(key);
      for (const [key, value] of Object.entries(prefs)) localStorage.setItem(key, value);
    },
    { prefs, keys: [...PREFERENCE_KEYS] },
  );
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await pageSettled(page); // let transitions end
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

describe('application shell', () => {
  let browser: Browser;
  let page: Page;

  beforeEach(async () => {
    browser = await openBrowser({ viewport: DESKTOP });
    page = browser.page;
  });

  afterEach(async (context) => {
    try {
      if (context.task.result?.state === 'fail') {
        const path = await browser.screenshot(`shell-${context.task.name}`).catch(() => null);
        console.error(
          `[e2e] "${context.task.name}" failed at ${page.url()}` +
            (path ? `; screenshot: ${path}` : '') +
            `; server output: ${inject('serverLog')}` +
            (browser.pageErrors.length ? `; errors in the page: ${browser.pageErrors.join(' | ')}` : ''),
        );
      }
    } finally {
      await browser.close();
    }
  });

  async function signIn() {
    const { email, password } = demo();
    await page.goto('/login');
    // (a label may carry a required-field marker after its text)
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await dashboardReady(page);
  }

  it('keeps every customizer option across a reload, and resets them', async () => {
    await signIn();
    expect(await html(page)).toMatchObject({
      classes: [],
      dir: 'ltr',
      data: { skin: 'default', layout: 'vertical', contentWidth: 'full', navbar: 'sticky', footer: 'static', sidebar: 'expanded' },
    });
    expect((await sidebarBox(page))?.width).toBe(248);

    // Round 1: semi-dark, monochrome, collapsed, right-to-left, bordered, boxed, floating, sticky footer.
    let dialog = await openCustomizer(page);
    await toggle(dialog, 'Semi-dark', true);
    await toggle(dialog, 'Monochrome', true);
    await toggle(dialog, 'Collapsed sidebar', true);
    await choose(dialog, 'Direction', 'Right to left');
    await choose(dialog, 'Skin', 'Bordered');
    await choose(dialog, 'Content width', 'Boxed');
    await choose(dialog, 'Navbar', 'Floating');
    await choose(dialog, 'Footer', 'Sticky');
    await closeCustomizer(page);
    await reload(page);

    expect(await stored(page)).toEqual({
      darkMode: null,
      semiDarkMode: 'true',
      sidebarCollapsed: 'true',
      direction: 'rtl',
      skin: 'bordered',
      type: null,
      contentWidth: 'boxed',
      navbarType: 'floating',
      footerType: 'sticky',
      monochrome: 'true',
    });
    const round1 = await html(page);
    expect(round1.classes).toEqual(['monochrome', 'semi-dark']);
    expect(round1.dir).toBe('rtl');
    expect(round1.data).toMatchObject({ skin: 'bordered', contentWidth: 'boxed', navbar: 'floating', footer: 'sticky', sidebar: 'collapsed' });
    expect(round1.filter).toBe('grayscale(1)');
    const sidebar = page.locator('#app-sidebar');
    const box = await sidebarBox(page);
    expect(box?.width).toBe(72);
    expect(box!.x + box!.width).toBe(DESKTOP.width); // right-to-left: the sidebar sits on the right
    expect(await style(sidebar, 'background-color')).toBe('rgb(30, 41, 59)'); // semi-dark: #1E293B
    expect(await style(page.locator('main#main > div'), 'max-width')).toBe('1320px');
    expect(await style(page.locator('footer'), 'position')).toBe('sticky');
    expect(await style(page.getByRole('banner'), 'border-radius')).not.toBe('0px'); // floating
    // collapsed: icons only, each link named for assistive technology
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().waitFor({ state: 'visible' });

    // Round 2: reset, then dark mode, horizontal menu, static navbar, no footer.
    dialog = await openCustomizer(page);
    await dialog.getByRole('button', { name: 'Reset to defaults' }).click();
    expect(Object.values(await stored(page)).every((v) => v === null)).toBe(true);
    expect(await html(page)).toMatchObject({ classes: [], dir: 'ltr', data: { skin: 'default', sidebar: 'expanded' } });
    await toggle(dialog, 'Dark mode', true);
    await choose(dialog, 'Menu layout', 'Horizontal');
    await choose(dialog, 'Navbar', 'Static');
    await choose(dialog, 'Footer', 'Hidden');
    await closeCustomizer(page);
    await reload(page);

    expect(await stored(page)).toMatchObject({ darkMode: 'true', type: 'horizontal', navbarType: 'static', footerType: 'hidden' });
    const round2 = await html(page);
    expect(round2.classes).toEqual(['dark']);
    expect(round2.data).toMatchObject({ layout: 'horizontal', navbar: 'static', footer: 'hidden' });
    expect(await page.locator('#app-sidebar').count()).toBe(0);
    const topNav = page.getByRole('navigation', { name: 'Main' });
    await topNav.waitFor({ state: 'visible' });
    expect((await topNav.boundingBox())!.y).toBeGreaterThanOrEqual(64); // under the top bar
    expect(await style(page.getByRole('banner').locator('..'), 'position')).toBe('relative');
    expect(await page.locator('footer').count()).toBe(0);
    expect(await style(page.locator('html'), 'background-color')).toBe('rgb(15, 23, 42)'); // #0F172A

    // The quick toggle in the top bar turns dark mode off again, and that is stored too.
    await page.getByRole('button', { name: 'Dark mode', exact: true }).click();
    expect((await html(page)).classes).toEqual([]);
    expect((await stored(page)).darkMode).toBe('false');

    // Round 3: vertical again with the navbar hidden: the gear moves to the window's edge.
    dialog = await openCustomizer(page);
    await choose(dialog, 'Menu layout', 'Vertical');
    await choose(dialog, 'Navbar', 'Hidden');
    await page.keyboard.press('Escape');
    await reload(page);
    expect(await stored(page)).toMatchObject({ type: 'vertical', navbarType: 'hidden' });
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect((await sidebarBox(page))?.width).toBe(248);
    dialog = await openCustomizer(page); // the floating gear
    await dialog.getByRole('button', { name: 'Reset to defaults' }).click();
    await page.keyboard.press('Escape');
    await reload(page);
    expect(Object.values(await stored(page)).every((v) => v === null)).toBe(true);
    expect(await html(page)).toMatchObject({
      classes: [],
      dir: 'ltr',
      data: { skin: 'default', layout: 'vertical', contentWidth: 'full', navbar: 'sticky', footer: 'static', sidebar: 'expanded' },
    });
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(browser.pageErrors).toEqual([]);
  });

  it('applies the stored preferences before the first paint', async () => {
    await signIn();
    await setPreferences(page, { darkMode: 'true', direction: 'rtl', sidebarCollapsed: 'true' });
    // Without the bundle, only the root view's inline script can have set these.
    await page.route('**/build/assets/*.js', (route) => route.abort());
    await page.goto('/dashboard');
    expect(await html(page)).toMatchObject({ classes: ['dark'], dir: 'rtl', data: { sidebar: 'collapsed' } });
    await page.unroute('**/build/assets/*.js');
  });

  // one test per theme (each in its own browser): a bounded amount of work per test
  const themes: { theme: string; prefs: Record<string, string> }[] = [
    { theme: 'light', prefs: {} },
    { theme: 'dark', prefs: { darkMode: 'true' } },
    { theme: 'semi-dark', prefs: { semiDarkMode: 'true' } },
    { theme: 'rtl', prefs: { direction: 'rtl' } },
  ];
  it.each(themes)('screenshots the dashboard in $theme, on desktop and phone', async ({ theme, prefs }) => {
    await signIn();
    await setPreferences(page, prefs);
    await page.setViewportSize(DESKTOP);
    await reload(page);
    await shot(page, `dashboard-${theme}-desktop`);
    await page.setViewportSize(MOBILE);
    await reload(page);
    await shot(page, `dashboard-${theme}-mobile`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'visible' });
    await shot(page, `dashboard-${theme}-mobile-menu`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    expect(browser.pageErrors).toEqual([]);
  });

  it('screenshots the other layouts and the shell\'s overlays, for review', async () => {
    await signIn();
    await page.setViewportSize(DESKTOP);
    await setPreferences(page, { type: 'horizontal' });
    await reload(page);
    await shot(page, 'dashboard-horizontal-desktop');
    await setPreferences(page, { sidebarCollapsed: 'true', skin: 'bordered', contentWidth: 'boxed', navbarType: 'floating' });
    await reload(page);
    await shot(page, 'dashboard-collapsed-bordered-boxed-floating-desktop');
    await setPreferences(page, { darkMode: 'true', direction: 'rtl' });
    await reload(page);
    await openCustomizer(page);
    await shot(page, 'customizer-dark-rtl-desktop');
    await page.keyboard.press('Escape');
    await setPreferences(page, {});
    await reload(page);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor({ state: 'visible' });
    await shot(page, 'notifications-desktop');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await shot(page, 'user-menu-desktop');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search pages' }).fill('da');
    await shot(page, 'search-desktop');
    expect(browser.pageErrors).toEqual([]);
  });

  it('opens the phone menu from the keyboard, traps focus in it, and Escape gives focus back', async () => {
    await page.setViewportSize(MOBILE);
    await signIn();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Tab');
    const opener = page.getByRole('button', { name: 'Open menu' });
    expect(await focusedLabel(page)).toBe('Open menu');
    expect(await opener.getAttribute('aria-expanded')).toBe('false');

    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor({ state: 'visible' });
    const focusInDrawer = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    expect(await focusInDrawer()).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDrawer()).toBe(true);
    }
    await settled(drawer);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await eventually(() => focusedLabel(page), 'Open menu');

    // A click on the overlay closes it as well.
    await opener.click();
    await drawer.waitFor({ state: 'visible' });
    await page.mouse.click(MOBILE.width - 20, MOBILE.height / 2);
    await drawer.waitFor({ state: 'hidden' });

    // Following a link closes it.
    await opener.click();
    await drawer.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await drawer.waitFor({ state: 'hidden' });

    // The skip link moves focus to the content.
    await page.locator('a[href="#main"]').focus();
    await page.keyboard.press('Enter');
    await eventually(() => page.evaluate(() => document.activeElement?.id), 'main');
    expect(browser.pageErrors).toEqual([]);
  });

  it('finds a page from the search box with the keyboard and opens it', async () => {
    await signIn();
    await page.goto('/dashboard?from=search');
    await dashboardReady(page);
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Search pages' });
    await input.waitFor({ state: 'visible' });
    await input.fill('zzzz');
    await page.getByText('Nothing matches “zzzz”.').waitFor({ state: 'visible' });
    await input.fill('dash');
    await page.getByRole('option', { name: /Dashboard/ }).waitFor({ state: 'visible' });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Search pages and records' }).waitFor({ state: 'hidden' });
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '');

    // Escape closes it and focus returns to the search button.
    await page.getByRole('button', { name: 'Search…' }).click();
    await input.waitFor({ state: 'visible' });
    await settled(page.getByRole('dialog', { name: 'Search pages and records' }));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Search pages and records' }).waitFor({ state: 'hidden' });
    await eventually(async () => (await focusedLabel(page))?.startsWith('Search…'), true);
    expect(browser.pageErrors).toEqual([]);
  });

  it('shows the unread count on the bell, lists the latest notifications and marks them read', async () => {
    await signIn();
    const server = await page.request.get('/notifications/recent', { headers: { Accept: 'application/json' } });
    const recent = (await server.json()) as { data: { title: string; read_at: string | null }[]; unread: number };
    const bell = page.getByRole('button', { name: /^Notifications/ });
    expect(await bell.getAttribute('aria-label')).toBe(recent.unread > 0 ? `Notifications, ${recent.unread} unread` : 'Notifications');

    await bell.click();
    await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor({ state: 'visible' });
    for (const item of recent.data) await page.getByText(item.title, { exact: true }).first().waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await eventually(async () => (await focusedLabel(page))?.startsWith('Notifications'), true);

    // "Mark all as read", against a stand-in for the server so that the demo tenant's notifications
    // stay unread for the other flows (the endpoint has its own tests in server/modules/notifications).
    let marked = false;
    await page.route('**/notifications/mark-all-read', async (route) => {
      marked = route.request().method() === 'POST' && !!route.request().headers()['x-xsrf-token'];
      await route.fulfill({ json: { message: 'All notifications marked as read.', updated: recent.unread } });
    });
    await page.route('**/notifications/recent', (route) =>
      route.fulfill({ json: marked ? { data: recent.data.map((n) => ({ ...n, read_at: n.read_at ?? new Date().toISOString() })), unread: 0 } : recent }),
    );
    await page.route('**/dashboard', async (route) => {
      const response = await route.fetch();
      if (!marked || !route.request().headers()['x-inertia-partial-data']) return route.fulfill({ response });
      const visit = (await response.json()) as { props: Record<string, unknown> };
      visit.props.notifications = { unread: 0 };
      await route.fulfill({ response, json: visit });
    });
    await bell.click();
    const markAll = page.getByRole('button', { name: 'Mark all as read' });
    if (recent.unread > 0) {
      await markAll.click();
      await eventually(() => bell.getAttribute('aria-label'), 'Notifications');
      expect(marked).toBe(true);
    }
    expect(await markAll.isDisabled()).toBe(true);
    expect(browser.pageErrors).toEqual([]);
  });

  it('has a user menu with the profile pages that exist and a working Log out', async () => {
    await signIn();
    await page.getByRole('button', { name: /^Account menu/ }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await eventually(async () => (await focusedLabel(page))?.startsWith('Account menu'), true);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    expect(await page.evaluate(() => [localStorage.getItem('mobileLogo'), localStorage.getItem('mobileLogoWhite')])).toEqual([null, null]);
  });

  it('has no serious or critical accessibility violations on Login, Register and the Dashboard', async () => {
    const findings: string[] = [];
    const known = new Set<string>();
    const check = async (where: string) => {
      await pageSettled(page); // transitions end
      const violations = await seriousA11yViolations(page, {
        ignore: KNOWN_ELSEWHERE,
        onIgnored: (v) => known.add(`${where}: ${v.rule} at ${v.target} (${v.summary.split('\n').pop()?.trim()})`),
      });
      if (violations.length) findings.push(`${where}:\n${formatA11yViolations(violations)}`);
    };

    for (const theme of ['light', 'dark'] as const) {
      await page.goto('/login');
      await setPreferences(page, theme === 'dark' ? { darkMode: 'true' } : {});
      await page.reload();
      await page.getByRole('heading', { name: 'Log in' }).waitFor({ state: 'visible' });
      await check(`Login (${theme})`);
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Register' }).waitFor({ state: 'visible' });
      await check(`Register (${theme})`);
    }

    await setPreferences(page, {});
    await signIn();
    await check('Dashboard (light)');
    await setPreferences(page, { darkMode: 'true' });
    await reload(page);
    await check('Dashboard (dark)');

    // The shell's overlays, open.
    await openCustomizer(page);
    await check('Customizer (dark)');
    await page.keyboard.press('Escape');
    await setPreferences(page, { semiDarkMode: 'true', direction: 'rtl' });
    await reload(page);
    await check('Dashboard (semi-dark, right-to-left)');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor({ state: 'visible' });
    await check('Notifications dropdown');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menu').waitFor({ state: 'visible' });
    await check('User menu');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search pages' }).fill('s');
    await check('Menu search');
    await page.keyboard.press('Escape');
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'visible' });
    await check('Mobile menu');

    if (known.size) console.warn(`[a11y] known findings in other files, left out:\n  ${[...known].join('\n  ')}`);
    expect(findings, findings.join('\n\n')).toEqual([]);
  });
});
