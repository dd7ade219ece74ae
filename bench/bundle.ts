/**
 * Size of what a browser downloads for the first page load: the entry chunk, its static
 * imports and their CSS (gzip -9), plus each page's own chunk. Run after `npm run build`:
 *   npx tsx bench/bundle.ts
 * The figures are scripts/bundle-budget.mjs's, which `npm test` checks against the budget.
 */
import { BUDGET, budgetProblems, kb, measureBuild } from '../scripts/bundle-budget.mjs';

const sizes = measureBuild();
console.log(`first load (entry ${sizes.entry} + static imports): JS ${kb(sizes.firstLoad.js)} gzip, CSS ${kb(sizes.firstLoad.css)} gzip, ${sizes.firstLoad.files} files (budget: JS ${kb(BUDGET.firstLoadJs)})`);
console.log(`per page: its own JS (budget ${kb(BUDGET.pageJs)}), its own CSS, and all the JS a first visit to it adds (shared chunks included):`);
for (const page of sizes.pages) console.log(`  ${page.name.padEnd(52)} ${kb(page.js).padStart(9)} ${kb(page.css).padStart(9)} ${kb(page.firstVisit).padStart(9)}`);
console.log('shared chunks (imported by several pages):');
for (const chunk of sizes.shared.slice(0, 15)) console.log(`  ${chunk.name.padEnd(52)} ${kb(chunk.js).padStart(9)}  ${chunk.pages} pages`);
const problems = budgetProblems(sizes);
for (const p of problems) console.log(`over budget: ${p}`);
