import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, seedTenant, type TestApp } from '../testing/app.js';
import { TestClient } from '../testing/client.js';

// A PostgreSQL restart ends every connection with "terminating connection due to administrator
// command" (57P01). The app, its job queue and its realtime adapter must live through it and
// answer again once the database is back; pg_terminate_backend does the same to one database.
describe.runIf(inject('dbUrl'))('connections ended by the database server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the app keeps running and answers again after every connection of its database is ended', async () => {
    const a = await seedTenant(t.database, 'Restart Co');
    const c = new TestClient(t.app);
    await c.login(a.email, a.password);
    expect((await c.json('GET', '/settings/company/json')).statusCode).toBe(200);
    const admin = new pg.Client({ connectionString: t.config.databaseUrl! });
    await admin.connect();
    try {
      const ended = await admin.query(`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
      expect(ended.rows[0].n).toBeGreaterThan(1);
    } finally {
      await admin.end();
    }
    // the process is still here (an unhandled 'error' would have failed this run) and serves again
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await c.json('GET', '/settings/company/json')).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect((await c.json('POST', '/contacts/store', { first_name: 'After', phone: '+254712000999' })).statusCode).toBe(201);
  });
});
