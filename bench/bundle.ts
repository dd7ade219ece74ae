/**
 * Size of what a browser downloads for the first page load: the entry chunk, its static
 * imports and their CSS (gzip -9), plus each page's own chunk. Run after `npm run build`:
 *   npx tsx bench/bundle.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const root = join(import.meta.dirname, '..', 'public', 'build');
const manifest = JSON.parse(readFileSync(join(root, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
const gz = (file: string) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** a chunk plus everything it imports statically */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const k of manifest[key]?.imports ?? []) closure(k, seen);
  return seen;
}
const files = (keys: Iterable<string>) => {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const k of keys) {
    js.add(manifest[k].file);
    manifest[k].css?.forEach((c) => css.add(c));
  }
  return { js, css };
};
const size = (set: Set<string>) => [...set].reduce((s, f) => s + gz(f), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
const shell = closure(entryKey);
const { js, css } = files(shell);
console.log(`first load (entry ${entryKey} + static imports): JS ${kb(size(js))} gzip, CSS ${kb(size(css))} gzip, ${js.size} files`);

const rows: [string, number][] = [];
for (const key of manifest[entryKey].dynamicImports ?? []) {
  const extra = [...closure(key)].filter((k) => !shell.has(k));
  const f = files(extra);
  rows.push([manifest[key].src ?? key, size(f.js) + size(f.css)]);
}
rows.sort((a, b) => b[1] - a[1]);
console.log('per page, on top of the first load:');
for (const [name, n] of rows) console.log(`  ${name.padEnd(48)} ${kb(n)}`);
