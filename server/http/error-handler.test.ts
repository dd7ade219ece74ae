import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseUnavailable, installErrorHandling } from './error-handler.js';

/** an error as node-postgres raises it when the server ends the connection (a restart) */
const adminShutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('a database that goes away under a request', () => {
  it('is told apart from a fault of ours, here or as the cause of a wrapped error', () => {
    expect(databaseUnavailable(adminShutdown)).toBe(true);
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(databaseUnavailable(Object.assign(new Error('Failed query: select 1'), { cause: adminShutdown }))).toBe(true);
    expect(databaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(databaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(databaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });

  it('is answered 503 with Retry-After, a real fault still 500', async () => {
    const app = Fastify({ logger: false });
    app.decorateRequest('wantsJson', true);
    installErrorHandling(app);
    app.get('/gone', async () => {
      throw Object.assign(new Error('Failed query'), { cause: adminShutdown });
    });
    app.get('/bug', async () => {
      throw new TypeError('x is undefined');
    });
    const gone = await app.inject({ url: '/gone', headers: { accept: 'application/json' } });
    expect(gone.statusCode).toBe(503);
    expect(gone.headers['retry-after']).toBe('2');
    expect(gone.json().message).toMatch(/database is not answering/);
    expect((await app.inject({ url: '/bug', headers: { accept: 'application/json' } })).statusCode).toBe(500);
    await app.close();
  });
});
