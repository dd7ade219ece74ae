// The server as one prebuilt ES module for `npm start` (scripts/start.mjs), rebuilt only when a
// source changed: loading ~300 TypeScript files through tsx's loader cost seconds of every start,
// loading one bundle costs a fraction of that (docs/decisions/0022-start-up.md).
//
// - esbuild (installed with tsx, which runs the server otherwise) bundles server/main.ts and
//   everything it imports from server/ and common/ into build/server/main.mjs, with a source map.
//   Packages stay imports of node_modules, resolved at run time as before.
// - `import.meta.url` keeps meaning the file it is written in: each occurrence becomes that
//   file's URL relative to the bundle, so `new URL('./migrations', import.meta.url)` still finds
//   server/db/migrations (and a moved checkout still works).
// - "Stale" is the client build's quick mtime check (build-if-stale.mjs), over the exact inputs
//   esbuild reported for the last build (build/server/meta.json) plus this script, tsconfig.json
//   and package.json: the bundle is stale when one of them is newer than it, or missing.
// - The files are written beside their final names and renamed into place, so a start running
//   at the same time never loads half a bundle.
// - Should esbuild be missing or the build fail, `serverCommand` falls back to tsx: never worse
//   than before.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './build-if-stale.mjs';

export const SERVER_ENTRY = 'server/main.ts';
export const SERVER_OUT_DIR = 'build/server';
/** Inputs of every build besides the files the bundle is made of (relative to the root). */
const ALWAYS = ['scripts/build-server.mjs', 'tsconfig.json', 'package.json'];
const THIS_FILE = fileURLToPath(import.meta.url);
/** @type {Record<string, 'ts' | 'tsx' | 'js' | 'jsx'>} */
const LOADERS = { ts: 'ts', mts: 'ts', cts: 'ts', tsx: 'tsx', js: 'js', mjs: 'js', cjs: 'js', jsx: 'jsx' };

/**
 * Why the server bundle in `outDir` needs building, or null when it is current.
 * @param {{ root?: string, outDir?: string }} [options]
 * @returns {string | null}
 */
export function serverStaleReason({ root = ROOT, outDir = SERVER_OUT_DIR } = {}) {
  const bundle = join(root, outDir, 'main.mjs');
  const metaFile = join(root, outDir, 'meta.json');
  if (!existsSync(bundle) || !existsSync(metaFile)) return `${outDir}/main.mjs is missing`;
  const builtAt = statSync(bundle).mtimeMs;
  /** @type {string[]} */
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(metaFile, 'utf8')).inputs;
  } catch {
    return `${outDir}/meta.json is unreadable`;
  }
  for (const input of [...ALWAYS, ...inputs]) {
    let mtime;
    try {
      mtime = statSync(join(root, input)).mtimeMs;
    } catch {
      return `${input} is gone`;
    }
    if (mtime > builtAt) return `${input} changed since the last build`;
  }
  return null;
}

/**
 * Replaces `import.meta.url` in the project's own files with that file's URL, computed from the
 * bundle's own URL at run time.
 * @param {string} root
 * @param {string} outDirAbs
 */
function ownImportMetaUrl(root, outDirAbs) {
  return {
    name: 'own-import-meta-url',
    /** @param {import('esbuild').PluginBuild} build */
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`) || !args.path.startsWith(root + sep)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const rel = relative(outDirAbs, args.path).split(sep).join('/');
        const loader = LOADERS[args.path.slice(args.path.lastIndexOf('.') + 1)];
        return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`), loader };
      });
    },
  };
}

/**
 * Bundles the server when the bundle is stale. Resolves to true when it built, false when it was
 * current; rejects when esbuild is missing or the build fails.
 * @param {{ root?: string, outDir?: string, log?: (line: string) => void, force?: boolean }} [options]
 * @returns {Promise<boolean>}
 */
export async function buildServerIfStale({ root = ROOT, outDir = SERVER_OUT_DIR, log = (line) => console.log(line), force = false } = {}) {
  const reason = force ? 'a build was requested' : serverStaleReason({ root, outDir });
  if (!reason) return false;
  const startedAt = new Date();
  const esbuild = await import('esbuild');
  const outDirAbs = resolve(root, outDir);
  const outfile = join(outDirAbs, 'main.mjs');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [SERVER_ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'silent',
    tsconfig: join(root, 'tsconfig.json'),
    plugins: [ownImportMetaUrl(resolve(root), outDirAbs)],
  });
  mkdirSync(outDirAbs, { recursive: true });
  const suffix = `.${process.pid}.tmp`;
  const written = result.outputFiles.map((file) => {
    writeFileSync(file.path + suffix, file.contents);
    return file.path;
  });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'));
  const metaFile = join(outDirAbs, 'meta.json');
  writeFileSync(metaFile + suffix, JSON.stringify({ entry: SERVER_ENTRY, inputs }, null, 1));
  // the bundle last: its mtime is what the inputs are compared with, and it is set back to the
  // moment the build started, so a file saved during the build still counts as newer next time
  utimesSync(outfile + suffix, startedAt, startedAt);
  for (const path of [metaFile, ...written.filter((p) => p !== outfile), outfile]) renameSync(path + suffix, path);
  log(`Server bundled in ${((Date.now() - startedAt.getTime()) / 1000).toFixed(1)} s (${reason}).`);
  return true;
}

/**
 * The arguments `node` runs the server with: the bundle, (re)built when stale, or tsx over the
 * sources when it cannot be built (the reason is logged).
 * @param {{ root?: string, outDir?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<string[]>}
 */
export async function serverCommand({ root = ROOT, outDir = SERVER_OUT_DIR, log = (line) => console.log(line) } = {}) {
  try {
    await buildServerIfStale({ root, outDir, log });
    return ['--enable-source-maps', join(outDir, 'main.mjs')];
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    log(`Could not bundle the server (${why}); running it through tsx instead.`);
    return ['--import', 'tsx', SERVER_ENTRY];
  }
}

// `node scripts/build-server.mjs [--force]`
if (process.argv[1] && resolve(process.argv[1]) === THIS_FILE) {
  buildServerIfStale({ force: process.argv.includes('--force') }).then(
    (built) => {
      if (!built) console.log('Server bundle is up to date.');
    },
    (error) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
