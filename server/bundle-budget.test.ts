import { describe, expect, it } from 'vitest';
import { BUDGET, budgetProblems, bundleSizes, type Chunk } from '../scripts/bundle-budget.mjs';

/**
 * The bundle budget of `npm test` (scripts/bundle-budget.mjs) on made-up manifests: sizes are
 * given per file, so each case sits exactly at or just past a limit.
 */
const KB = 1024;

function manifest(pageImports: Record<string, string[]> = {}): Record<string, Chunk> {
  return {
    'web/app.tsx': { file: 'app.js', isEntry: true, imports: ['_vendor'], css: ['app.css'], dynamicImports: ['web/pages/A.tsx', 'web/pages/B.tsx'] },
    _vendor: { file: 'vendor.js', imports: ['web/app.tsx'] },
    'web/pages/A.tsx': { file: 'a.js', src: 'web/pages/A.tsx', imports: ['web/app.tsx', '_vendor', ...(pageImports.A ?? [])], css: ['a.css'] },
    'web/pages/B.tsx': { file: 'b.js', src: 'web/pages/B.tsx', imports: ['_shared', ...(pageImports.B ?? [])], dynamicImports: ['_editor'] },
    _shared: { file: 'shared.js' },
    _editor: { file: 'editor.js' },
  };
}

const sizes = (over: Record<string, number>) => (file: string) =>
  over[file] ?? { 'app.js': 100 * KB, 'vendor.js': 150 * KB, 'app.css': 30 * KB, 'a.js': 20 * KB, 'a.css': 5 * KB, 'b.js': 30 * KB, 'shared.js': 30 * KB, 'editor.js': 900 * KB }[file] ?? 0;

describe('the bundle budget', () => {
  it('measures the first load (entry + static imports, JS apart from CSS) and what each page adds', () => {
    const s = bundleSizes(manifest(), sizes({}));
    expect(s.entry).toBe('web/app.tsx');
    expect(s.firstLoad).toEqual({ js: 250 * KB, css: 30 * KB, files: 2 });
    // B's own chunk and the chunk only it imports statically; its lazily loaded editor is not counted
    expect(s.pages).toEqual([
      { name: 'web/pages/B.tsx', js: 60 * KB, css: 0, firstVisit: 60 * KB },
      { name: 'web/pages/A.tsx', js: 20 * KB, css: 5 * KB, firstVisit: 20 * KB },
    ]);
    expect(s.shared).toEqual([]);
  });

  it('counts a chunk two pages share apart from either page (the layout), but in each first visit', () => {
    const s = bundleSizes(manifest({ A: ['_shared'] }), sizes({}));
    expect(s.pages).toEqual([
      { name: 'web/pages/B.tsx', js: 30 * KB, css: 0, firstVisit: 60 * KB },
      { name: 'web/pages/A.tsx', js: 20 * KB, css: 5 * KB, firstVisit: 50 * KB },
    ]);
    expect(s.shared).toEqual([{ name: '_shared', js: 30 * KB, pages: 2 }]);
  });

  it('passes a bundle exactly at the limits', () => {
    expect(budgetProblems(bundleSizes(manifest(), sizes({})))).toEqual([]);
    expect(BUDGET).toEqual({ firstLoadJs: 250 * KB, pageJs: 60 * KB });
  });

  it('fails past 250 KB of first-load JS', () => {
    expect(budgetProblems(bundleSizes(manifest(), sizes({ 'app.js': 100 * KB + 1 })))).toEqual(['first-load JS is 250.0 KB gzip, over the budget of 250.0 KB']);
  });

  it('fails a page past 60 KB, the chunks only it imports included', () => {
    expect(budgetProblems(bundleSizes(manifest(), sizes({ 'b.js': 30 * KB + 1 })))).toEqual(['web/pages/B.tsx has 60.0 KB gzip of JS of its own, over the budget of 60.0 KB per page']);
    // weight moved from A's chunk into a chunk only A imports still counts as A's
    const moved = { ...manifest({ A: ['_private'] }), _private: { file: 'private.js' } };
    expect(budgetProblems(bundleSizes(moved, sizes({ 'private.js': 40 * KB })))).toEqual([]);
    expect(budgetProblems(bundleSizes(moved, sizes({ 'private.js': 40 * KB + 1 })))).toEqual(['web/pages/A.tsx has 60.0 KB gzip of JS of its own, over the budget of 60.0 KB per page']);
  });

  it('refuses a manifest without exactly one entry', () => {
    expect(() => bundleSizes({ a: { file: 'a.js' } }, () => 0)).toThrow(/0 entries/);
  });
});
