#!/usr/bin/env node
// `npm test`: the whole suite, in this order, stopping at the first failing step with its exit code,
// each step's time printed as it ends and all of them in the summary:
//
//   1. typecheck        tsc --noEmit -p tsconfig.json
//   2. lint             eslint .
//   3. client build     vite build, when public/build is older than its sources (build-if-stale.mjs)
//   4. bundle budget    first-load JS and each page's own JS against their budgets, gzip
//                       (scripts/bundle-budget.mjs: 250 KB and 60 KB); fails past either
//   5. unit + HTTP      vitest run                      (embedded PGlite)
//   6. ... on Postgres  vitest run, DATABASE_URL=$TEST_DATABASE_URL
//                       only when TEST_DATABASE_URL is set (a server the tests may create
//                       databases on, e.g. postgres://postgres@127.0.0.1:5432/postgres)
//   7. browser flows    vitest run --config vitest.e2e.config.ts   (real server + chromium), once,
//                       on the production database when there is one: with TEST_DATABASE_URL set
//                       the server runs on a fresh database created there (E2E_DATABASE_URL, dropped
//                       after); without it, on a fresh embedded PGlite
//   8. browser smoke    only when step 7 ran on PostgreSQL: the flows of E2E_SMOKE (sign-in and
//                       registration, one list + form flow) on embedded PGlite, so `npm start`'s
//                       default database is still driven by a real browser
//
// Why once: the flows cost most of the suite's time and test the pages, not the dialect; the unit
// and HTTP steps already run every query on both databases (docs/decisions/0021-suite-structure.md).
//
// Environment:
//   TEST_DATABASE_URL=postgres://…   also run step 6, and run step 7 on that PostgreSQL server
//                                    (step 8 then smoke-tests PGlite)
//   SKIP_E2E=1                       skip steps 7 and 8 (no browser needed)
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './build-if-stale.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const skipE2E = ['1', 'true', 'yes'].includes((process.env.SKIP_E2E ?? '').toLowerCase());
const testDatabaseUrl = process.env.TEST_DATABASE_URL || '';
/** The browser flows that also run on PGlite when the full run was on PostgreSQL: sign-in and a list + form. */
const E2E_SMOKE = ['e2e/auth.e2e.ts', 'e2e/contacts.e2e.ts'];

/** @type {{ name: string, command: string, args: string[], env?: Record<string, string>, skip?: string }[]} */
const steps = [
  { name: 'typecheck', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: bin('eslint'), args: ['.'] },
  // the browser flows would build it anyway; built here so the budget below measures it
  { name: 'client build', command: process.execPath, args: [join(ROOT, 'scripts', 'build-if-stale.mjs')] },
  { name: 'bundle budget', command: process.execPath, args: [join(ROOT, 'scripts', 'bundle-budget.mjs')] },
  { name: 'unit + HTTP (PGlite)', command: bin('vitest'), args: ['run'] },
  {
    name: 'unit + HTTP (PostgreSQL)',
    command: bin('vitest'),
    args: ['run'],
    env: { DATABASE_URL: testDatabaseUrl },
    skip: testDatabaseUrl ? undefined : 'TEST_DATABASE_URL is not set',
  },
  {
    name: testDatabaseUrl ? 'browser flows (PostgreSQL)' : 'browser flows (PGlite)',
    command: bin('vitest'),
    args: ['run', '--config', 'vitest.e2e.config.ts'],
    env: testDatabaseUrl ? { E2E_DATABASE_URL: testDatabaseUrl } : undefined,
    skip: skipE2E ? 'SKIP_E2E is set' : undefined,
  },
  {
    name: 'browser smoke (PGlite)',
    command: bin('vitest'),
    args: ['run', '--config', 'vitest.e2e.config.ts', ...E2E_SMOKE],
    // embedded PGlite whatever the shell exports
    env: { E2E_DATABASE_URL: '' },
    skip: skipE2E ? 'SKIP_E2E is set' : testDatabaseUrl ? undefined : 'the browser flows above ran on PGlite',
  },
];

const useColour = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (useColour ? `\u001b[${code}m${text}\u001b[0m` : text);
const bold = (text) => paint('1', text);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** @type {{ name: string, outcome: string, ms: number }[]} */
const results = [];
let running = null;

function summary() {
  console.log(`\n${bold('Summary')}`);
  const width = Math.max(...steps.map((s) => s.name.length));
  for (const step of steps) {
    const result = results.find((r) => r.name === step.name);
    const outcome = result ? result.outcome : 'not run';
    const colour = outcome === 'passed' ? '32' : outcome.startsWith('FAILED') ? '31' : '33';
    const time = result && result.ms > 0 ? seconds(result.ms).padStart(8) : ''.padStart(8);
    console.log(`  ${step.name.padEnd(width)}  ${time}  ${paint(colour, outcome)}`);
  }
  const total = results.reduce((sum, r) => sum + r.ms, 0);
  console.log(`  ${'total'.padEnd(width)}  ${seconds(total).padStart(8)}`);
}

function run(step) {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...step.env },
    });
    running = child;
    child.on('error', (error) => {
      console.error(`Could not run ${step.command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  }).finally(() => {
    running = null;
  });
}

// Ctrl+C reaches the running step directly (same process group); a signal sent to this process
// alone is passed on. Either way: wait for the step to end, report what ran, exit 130.
let interrupted = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = signal;
    if (running) running.kill(signal);
    else {
      summary();
      process.exit(130);
    }
  });
}

for (const [index, step] of steps.entries()) {
  const header = `[${index + 1}/${steps.length}] ${step.name}`;
  if (step.skip) {
    console.log(`\n${bold(`━━ ${header}`)} — skipped: ${step.skip}`);
    results.push({ name: step.name, outcome: `skipped (${step.skip})`, ms: 0 });
    continue;
  }
  const shown = [step.command, ...step.args].map((part) => (part === process.execPath ? 'node' : part.startsWith(ROOT) ? part.slice(ROOT.length + 1).replace('node_modules/.bin/', '') : part));
  const envShown = step.env ? `${Object.keys(step.env).map((k) => `${k}=…`).join(' ')} ` : '';
  console.log(`\n${bold(`━━ ${header}`)}  ${paint('2', `${envShown}${shown.join(' ')}`)}`);

  const startedAt = Date.now();
  const code = await run(step);
  const ms = Date.now() - startedAt;
  if (interrupted) {
    results.push({ name: step.name, outcome: `interrupted (${interrupted})`, ms });
    summary();
    process.exit(130);
  }
  if (code !== 0) {
    results.push({ name: step.name, outcome: `FAILED (exit code ${code})`, ms });
    console.log(`${bold(`━━ ${header}`)} FAILED after ${seconds(ms)}`);
    summary();
    process.exit(code);
  }
  results.push({ name: step.name, outcome: 'passed', ms });
  console.log(`${bold(`━━ ${header}`)} passed in ${seconds(ms)}`);
}

summary();
