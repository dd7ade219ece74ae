#!/usr/bin/env node
// `npm start`: builds the client when public/build is missing or out of date (see
// build-if-stale.mjs; a current build costs a few milliseconds of mtime checks), bundles the
// server the same way when build/server is missing or out of date (build-server.mjs), then runs
// the server, `node --enable-source-maps build/server/main.mjs` (or `node --import tsx
// server/main.ts` should bundling be impossible), with this process's stdio and environment.
//
// The server runs in its own process group so that Ctrl+C reaches it exactly once (from here)
// rather than twice (from the terminal and from here). SIGINT and SIGTERM are forwarded as they
// are and SIGHUP (terminal closed) as SIGTERM, so the server always shuts down cleanly; this
// process exits with the server's exit code.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { buildIfStale, ROOT } from './build-if-stale.mjs';
import { serverCommand } from './build-server.mjs';

try {
  await buildIfStale({ root: ROOT });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const args = await serverCommand({ root: ROOT });

const server = spawn(process.execPath, args, {
  cwd: ROOT,
  stdio: 'inherit',
  detached: process.platform !== 'win32',
});

const FORWARD = { SIGINT: 'SIGINT', SIGTERM: 'SIGTERM', SIGHUP: 'SIGTERM' };
for (const [received, sent] of Object.entries(FORWARD)) {
  process.on(received, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(sent);
  });
}
// Should this process end some other way, do not leave the server running on its own.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});

server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  if (signal) process.exit(128 + (constants.signals[signal] ?? 0));
  process.exit(code ?? 1);
});
