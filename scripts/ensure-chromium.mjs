#!/usr/bin/env node
// Finds the Chromium the browser flows drive (playwright-core never downloads its own browser).
//
//   1. $CHROMIUM_PATH, when set (it must exist);
//   2. /usr/bin/chromium, Debian's package;
//   3. otherwise, only when running as root on a machine with apt-get, installs Debian's
//      `chromium` package (about 30 s) and uses it.
//
// As a command (`node scripts/ensure-chromium.mjs`) it prints the path on stdout and nothing
// else there: apt's progress goes to stderr. Exit code 1 with one line of explanation when no
// browser can be had.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export class ChromiumError extends Error {}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command) {
  const dirs = (process.env.PATH ?? '').split(':').filter(Boolean);
  return dirs.some((dir) => isExecutable(resolve(dir, command)));
}

function run(command, args) {
  // stdout of apt goes to our stderr so that the CLI's stdout carries only the path.
  const result = spawnSync(command, args, {
    stdio: ['ignore', 2, 2],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw new ChromiumError(`${command} ${args.join(' ')} could not run: ${result.error.message}`);
  if (result.status !== 0) {
    throw new ChromiumError(`${command} ${args.join(' ')} failed with exit code ${result.status ?? result.signal}`);
  }
}

/**
 * Returns the path of a Chromium executable, installing Debian's package when that is possible.
 * @param {{ install?: boolean, log?: (line: string) => void }} [options]
 * @returns {string}
 */
export function ensureChromium({ install = true, log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new ChromiumError(`CHROMIUM_PATH=${fromEnv} is not an executable file`);
    return fromEnv;
  }
  if (isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = onPath('apt-get');
  if (!install || !isRoot || !hasApt) {
    const why = !install
      ? 'installation was not requested'
      : !hasApt
        ? 'apt-get is not available'
        : 'installing it needs root';
    throw new ChromiumError(
      `Chromium not found at ${DEBIAN_CHROMIUM} (${why}). ` +
        'Install it (Debian/Ubuntu: `apt-get install chromium`) or set CHROMIUM_PATH to a Chromium/Chrome executable.',
    );
  }

  log(`Chromium is missing: installing Debian's chromium package (apt-get)...`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']);
  if (!existsSync(DEBIAN_CHROMIUM)) {
    throw new ChromiumError(`apt-get installed chromium but ${DEBIAN_CHROMIUM} is still missing`);
  }
  return DEBIAN_CHROMIUM;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${ensureChromium()}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
