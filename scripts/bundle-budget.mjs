// The client bundle's budget, checked after `vite build` (a step of `npm test`, scripts/test.mjs):
//
//   - first load: the entry chunk and everything it imports statically, JS only, gzip -9 —
//     at most 250 KB;
//   - each page's own chunk (a dynamic import of the entry: web/pages/**), with the chunks only it
//     imports — at most 60 KB gzip. Chunks several pages share (the layout, the data table) are
//     printed apart; what a page loads later by a dynamic import of its own (the e-mail template
//     editor's GrapesJS) is not part of it.
//
// `node scripts/bundle-budget.mjs` prints the figures and exits 1 past a budget (bench/bundle.ts
// prints the same figures with the CSS beside them).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { MANIFEST, ROOT } from './build-if-stale.mjs';

export const BUDGET = { firstLoadJs: 250 * 1024, pageJs: 60 * 1024 };

/**
 * @typedef {{ file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }} Chunk
 * @typedef {{ entry: string, firstLoad: { js: number, css: number, files: number }, pages: { name: string, js: number, css: number, firstVisit: number }[], shared: { name: string, js: number, pages: number }[] }} BundleSizes
 */

/**
 * The figures of a Vite manifest. `sizeOf(file)` is a built file's gzip size in bytes.
 *
 * A page's own JS is its chunk plus the chunks only it reaches by static imports (weight moved
 * into a private chunk still counts); chunks two pages share (the layout, the table) are listed
 * apart in `shared`, and `firstVisit` is all a first visit to the page adds to the first load.
 * @param {Record<string, Chunk>} manifest
 * @param {(file: string) => number} sizeOf
 * @returns {BundleSizes}
 */
export function bundleSizes(manifest, sizeOf) {
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length !== 1) throw new Error(`the manifest has ${entries.length} entries, expected one`);
  const entry = entries[0];
  /** @param {string} key @param {Set<string>} seen */
  const closure = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const k of manifest[key].imports ?? []) closure(k, seen);
    return seen;
  };
  /** @param {Iterable<string>} keys */
  const sum = (keys) => {
    const js = new Set();
    const css = new Set();
    for (const k of keys) {
      js.add(manifest[k].file);
      manifest[k].css?.forEach((c) => css.add(c));
    }
    const total = (/** @type {Set<string>} */ set) => [...set].reduce((s, f) => s + sizeOf(f), 0);
    return { js: total(js), css: total(css), files: js.size };
  };
  const shell = closure(entry);
  const pageKeys = [...new Set(manifest[entry].dynamicImports ?? [])].filter((k) => manifest[k]);
  const extra = new Map(pageKeys.map((key) => [key, [...closure(key)].filter((k) => !shell.has(k))]));
  /** chunk → how many pages reach it */
  const reach = new Map();
  for (const keys of extra.values()) for (const k of keys) reach.set(k, (reach.get(k) ?? 0) + 1);
  const pages = pageKeys.map((key) => {
    const keys = extra.get(key) ?? [];
    const own = sum(keys.filter((k) => k === key || reach.get(k) === 1));
    return { name: manifest[key].src ?? key, js: own.js, css: own.css, firstVisit: sum(keys).js };
  });
  pages.sort((a, b) => b.js - a.js);
  const shared = [...reach].filter(([k, n]) => n > 1 && !pageKeys.includes(k)).map(([k, n]) => ({ name: k, js: sum([k]).js, pages: n }));
  shared.sort((a, b) => b.js - a.js);
  return { entry, firstLoad: sum(shell), pages, shared };
}

/**
 * What is past the budget: one line per excess, empty when the bundle fits.
 * @param {BundleSizes} sizes
 * @param {{ firstLoadJs: number, pageJs: number }} [budget]
 * @returns {string[]}
 */
export function budgetProblems(sizes, budget = BUDGET) {
  const problems = [];
  if (sizes.firstLoad.js > budget.firstLoadJs) problems.push(`first-load JS is ${kb(sizes.firstLoad.js)} gzip, over the budget of ${kb(budget.firstLoadJs)}`);
  for (const page of sizes.pages) {
    if (page.js > budget.pageJs) problems.push(`${page.name} has ${kb(page.js)} gzip of JS of its own, over the budget of ${kb(budget.pageJs)} per page`);
  }
  return problems;
}

/** @param {number} n */
export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * The figures of a build (gzip -9 of each file): public/build unless another directory is named.
 * @param {string} [dir]
 * @returns {BundleSizes}
 */
export function measureBuild(dir = join(ROOT, 'public', 'build')) {
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST.replace(/^public\/build\//, '')), 'utf8'));
  return bundleSizes(manifest, (file) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length);
}

// `node scripts/bundle-budget.mjs [build directory]`
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = measureBuild(process.argv[2]);
  const biggest = sizes.pages[0];
  console.log(`first load (${sizes.entry} + static imports): JS ${kb(sizes.firstLoad.js)} gzip of ${kb(BUDGET.firstLoadJs)}, CSS ${kb(sizes.firstLoad.css)}, ${sizes.firstLoad.files} files`);
  console.log(`${sizes.pages.length} pages; the heaviest, ${biggest?.name ?? '-'}, has JS ${kb(biggest?.js ?? 0)} gzip of its own (budget ${kb(BUDGET.pageJs)})`);
  const layout = sizes.shared[0];
  if (layout) console.log(`heaviest shared chunk: ${layout.name}, JS ${kb(layout.js)} gzip, used by ${layout.pages} pages`);
  const problems = budgetProblems(sizes);
  for (const p of problems) console.error(`over budget: ${p}`);
  process.exit(problems.length > 0 ? 1 : 0);
}
