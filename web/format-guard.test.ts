import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// One money format, one date format (docs/decisions/0024-formats-one-money-one-date.md): pages,
// charts and components format numbers and dates through common/format.ts (web/lib/format.ts
// hands it the company's settings). Formatting on the spot is how "12180 KES", "KES 4,500.00"
// and "11/24/2026" came about, so this fails when a file under web/ does it again.

const WEB = fileURLToPath(new URL('.', import.meta.url));
const ROOT = join(WEB, '..');

const FORBIDDEN: [RegExp, string][] = [
  [/Intl\.NumberFormat/, 'Intl.NumberFormat'],
  [/Intl\.DateTimeFormat/, 'Intl.DateTimeFormat'],
  [/\.toLocaleString\(/, 'toLocaleString'],
  [/\.toLocaleDateString\(/, 'toLocaleDateString'],
  [/\.toLocaleTimeString\(/, 'toLocaleTimeString'],
  [/\.toFixed\(/, 'toFixed'],
  [/\bformatAmount\(/, 'formatAmount (use formatMoney)'],
];

/** Files allowed a listed call, and why. Keep it short. */
const ALLOWED: Record<string, string[]> = {
  // browserTimeZone(): reads the browser's zone for the registration form's first guess; formats nothing
  'web/lib/format.ts': ['Intl.DateTimeFormat'],
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Every place in `text` a forbidden call appears outside comments, as "name (line n)". */
function strayFormatting(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
    for (const [pattern, name] of FORBIDDEN) if (pattern.test(code)) found.push(`${name} (line ${i + 1})`);
  });
  return found;
}

describe('money and dates are formatted in one place', () => {
  it('the check itself finds a page formatting money on its own', () => {
    expect(strayFormatting("const s = `${new Intl.NumberFormat().format(n)} KES`;")).toEqual(['Intl.NumberFormat (line 1)']);
    expect(strayFormatting('const d = date.toLocaleDateString();\nconst m = total.toFixed(2);')).toEqual(['toLocaleDateString (line 1)', 'toFixed (line 2)']);
    expect(strayFormatting('// Intl.NumberFormat in a comment is fine')).toEqual([]);
  });

  it('no file under web/ formats numbers or dates itself: they call common/format.ts', () => {
    const stray: string[] = [];
    for (const file of sources(WEB)) {
      const name = relative(ROOT, file);
      const allowed = ALLOWED[name] ?? [];
      for (const hit of strayFormatting(readFileSync(file, 'utf8'))) {
        if (!allowed.some((a) => hit.startsWith(a))) stray.push(`${name}: ${hit}`);
      }
    }
    expect(stray, 'format through common/format.ts (formatMoney, formatDate, formatCount…) or web/lib/format.ts useFormats()').toEqual([]);
  });
});
