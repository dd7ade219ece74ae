import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type TestApp } from '../testing/app.js';
import { TestClient } from '../testing/client.js';
import { startSmtp } from '../testing/smtp.js';

// A separate worker process needs a database two processes can share: PostgreSQL.
// (Embedded PGlite belongs to one process; there the web process runs the workers.)
describe.runIf(process.env.DATABASE_URL)('npm run worker: job handlers in their own process', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let worker: ChildProcess;
  let output = '';

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ MAIL_URL: smtp.url, WORKERS: 'none' });
    worker = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
      env: { ...process.env, DATABASE_URL: t.config.databaseUrl!, MAIL_URL: smtp.url, DATA_DIR: t.config.dataDir, APP_KEY: t.config.appKey, LOG_LEVEL: 'info', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (d) => (output += d));
    worker.stderr!.on('data', (d) => (output += d));
    const until = Date.now() + 30_000;
    while (!output.includes('worker running') && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(async () => {
    worker?.kill('SIGTERM');
    await t?.close();
    await smtp?.close();
  });

  it('delivers mail queued by a web process that runs no workers', async () => {
    expect(output).toContain('worker running');
    const owner = await seedTenant(t.database, 'Workerco', 'worker@example.test');
    const c = new TestClient(t.app);
    await c.get('/forgot-password');
    const res = await c.post('/forgot-password', { email: owner.email }, { json: true });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor('worker@example.test', 30_000);
    expect(mail.raw).toContain('Subject: Reset Password Notification');
    // the listener has the message before the worker's send() returns and logs it
    const until = Date.now() + 10_000;
    while (!output.includes('mail sent') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(output).toContain('mail sent');
  });
});
