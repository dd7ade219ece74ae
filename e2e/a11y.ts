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

/** Waits for the page to settle, then fails with a readable list when axe finds serious or critical violations. */
export async function expectNoSeriousViolations(page: Page, what: string, options: A11yOptions = {}): Promise<void> {
  await page.waitForLoadState('networkidle');
  // a toast or panel mid-fade is measured at its passing contrast
  await settled(page);
  const violations = await seriousA11yViolations(page, options);
  expect(violations, `${what}\n${formatA11yViolations(violations)}`).toEqual([]);
}
