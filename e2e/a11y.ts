import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { settled } from './browser';

// Evaluated through the DevTools protocol, not added as a <script>: the pages' Content-Security-Policy
// refuses an inline script without the page's nonce, as it would refuse any injected one.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type A11yViolation = {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
};

export type A11yOptions = {
  /** a CSS selector to check instead of the whole document */
  include?: string;
  /** axe rule ids to skip (say why at the call site) */
  disableRules?: string[];
  /** known findings to leave out: a rule and a piece of the offending element's HTML */
  ignore?: readonly { rule: string; html: string }[];
  /** told about every finding left out through `ignore` */
  onIgnored?: (violation: { rule: string; target: string; summary: string }) => void;
};

/**
 * Runs axe-core in the page (injected from node_modules/axe-core/axe.min.js) and returns the
 * violations whose impact is 'serious' or 'critical'. Wait for the page to settle first: text in
 * the middle of a fade-in is reported with the wrong contrast.
 */
export async function seriousA11yViolations(page: Page, options: A11yOptions = {}): Promise<A11yViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);

  const runOptions: RunOptions = {
    resultTypes: ['violations'],
    rules: Object.fromEntries((options.disableRules ?? []).map((id) => [id, { enabled: false }])),
  };
  const violations = await page.evaluate(
    async ({ include, runOptions }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe;
      const results = await axe.run(include ? { include: [include] } : document, runOptions);
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 300), summary: n.failureSummary ?? '' })),
      }));
    },
    { include: options.include, runOptions },
  );
  const ignore = options.ignore ?? [];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      ...v,
      nodes: v.nodes.filter((n) => {
        const known = ignore.some((i) => i.rule === v.id && n.html.includes(i.html));
        if (known) options.onIgnored?.({ rule: v.id, target: n.target, summary: n.summary });
        return !known;
      }),
    }))
    .filter((v) => v.nodes.length > 0);
}

/** A readable list of violations, for an assertion's message. */
export function formatA11yViolations(violations: A11yViolation[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes.map((n) => `    at ${n.target}\n      ${n.html}\n      ${n.summary.replace(/\n/g, '\n      ')}`).join('\n'),
    )
    .join('\n');
}

/**
 * Playwright's 'networkidle' for the page, or else half a second without a request. Its own
 * state also waits for every child frame's lifecycle, and the about:blank frames GrapesJS
 * makes after a client-side visit to the e-mail editor may never report one: the wait then
 * times out on a page that loads nothing.
 */
async function networkIdle(page: Page): Promise<void> {
  try {
    await page.waitForLoadState('networkidle', { timeout: 5_000 });
    return;
  } catch {
    // measured by hand below
  }
  let inflight = 0;
  let last = Date.now();
  const start = () => {
    inflight += 1;
    last = Date.now();
  };
  const end = () => {
    inflight = Math.max(0, inflight - 1);
    last = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    await expect.poll(() => inflight === 0 && Date.now() - last >= 500, { timeout: 25_000, interval: 100, message: 'the page kept loading' }).toBe(true);
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

/** Waits for the page to settle, then fails with a readable list when axe finds serious or critical violations. */
export async function expectNoSeriousViolations(page: Page, what: string, options: A11yOptions = {}): Promise<void> {
  await networkIdle(page);
  // a toast or panel mid-fade is measured at its passing contrast
  await settled(page);
  const violations = await seriousA11yViolations(page, options);
  expect(violations, `${what}\n${formatA11yViolations(violations)}`).toEqual([]);
}
