// Builds the client (`vite build` → public/build/) only when it is missing or older than its
// sources. Used by `npm start` (scripts/start.mjs) and the browser flows (e2e/global-setup.ts).
//
// "Older" is a quick mtime scan: the build is stale when public/build/.vite/manifest.json is
// missing or any file under web/ or common/, or vite.config.ts, is newer than it. Test files
// (*.test.*, *.spec.*) are not part of the bundle and are ignored. After a build the manifest's
// mtime is set back to the moment the build started, so a file saved during a build still
// counts as newer next time.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const MANIFEST = 'public/build/.vite/manifest.json';
/** Inputs of the bundle, relative to the project root: directories are scanned recursively. */
export const SOURCES = ['web', 'common', 'vite.config.ts'];

const SKIP_DIR = new Set(['node_modules', '.git', '.vite']);
const SKIP_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** Returns the first source path newer than `since` (ms), or null. Stops at the first hit. */
function firstNewer(path, since) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return null; // a source that does not exist (yet) cannot be newer
  }
  if (!stat.isDirectory()) return stat.mtimeMs > since ? path : null;
  // A directory's own mtime changes when a file is added, removed or renamed in it.
  if (stat.mtimeMs > since) return path;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIR.has(entry.name)) continue;
    if (!entry.isDirectory() && SKIP_FILE.test(entry.name)) continue;
    const hit = firstNewer(join(path, entry.name), since);
    if (hit) return hit;
  }
  return null;
}

/**
 * Why the client needs building, or null when public/build is current.
 * @param {string} [root]
 * @returns {string | null}
 */
export function staleReason(root = ROOT) {
  const manifest = join(root, MANIFEST);
  if (!existsSync(manifest)) return `${MANIFEST} is missing`;
  const builtAt = statSync(manifest).mtimeMs;
  for (const source of SOURCES) {
    const hit = firstNewer(join(root, source), builtAt);
    if (hit) return `${hit.slice(root.length + 1)} changed since the last build`;
  }
  return null;
}

/** @param {string} root */
function viteBin(root) {
  const bin = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'vite.cmd' : 'vite');
  return existsSync(bin) ? bin : null;
}

/**
 * Runs `vite build` when the build is stale. Resolves to true when it built, false when the
 * build was current (or could not be refreshed but an older one exists); rejects when the
 * build fails or when there is no build and no way to make one.
 * @param {{ root?: string, log?: (line: string) => void, force?: boolean }} [options]
 * @returns {Promise<boolean>}
 */
export async function buildIfStale({ root = ROOT, log = (line) => console.log(line), force = false } = {}) {
  const reason = force ? 'a build was requested' : staleReason(root);
  if (!reason) return false;

  const bin = viteBin(root);
  if (!bin) {
    if (existsSync(join(root, MANIFEST))) {
      log(`Client build may be out of date (${reason}) but vite is not installed; serving the existing build.`);
      return false;
    }
    throw new Error(`The client is not built (${MANIFEST} is missing) and vite is not installed: run \`npm install\` first.`);
  }

  log(`Building the client (${reason})...`);
  const startedAt = new Date();
  const code = await new Promise((resolvePromise, reject) => {
    // a production build whatever the caller's NODE_ENV: under vitest (NODE_ENV=test, the browser
    // flows' global set-up) vite would otherwise bundle React's development build
    const child = spawn(bin, ['build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    child.on('error', reject);
    child.on('exit', (exitCode, signal) => resolvePromise(exitCode ?? (signal ? 1 : 0)));
  });
  if (code !== 0) throw new Error(`vite build failed (exit code ${code})`);
  const manifest = join(root, MANIFEST);
  if (!existsSync(manifest)) throw new Error(`vite build finished but wrote no ${MANIFEST}`);
  utimesSync(manifest, startedAt, startedAt);
  log(`Client built in ${((Date.now() - startedAt.getTime()) / 1000).toFixed(1)} s.`);
  return true;
}

// `node scripts/build-if-stale.mjs [--force]`
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildIfStale({ force: process.argv.includes('--force') }).then(
    (built) => {
      if (!built) console.log('Client build is up to date.');
    },
    (error) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
