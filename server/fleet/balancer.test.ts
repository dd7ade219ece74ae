import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { buildApp } from '../app.js';
import { signIn } from '../../bench/load.js';
import { createTestApp, seedTenant, type TestApp } from '../testing/app.js';
import { startBalancer, type Balancer } from './balancer.js';

/** A stand-in instance: answers its own name, /health while `healthy`, and echoes on a websocket. */
async function instance(name: string) {
  const state = { healthy: true };
  const server: Server = http.createServer((req, res) => {
    if (req.url === '/health') return res.writeHead(state.healthy ? 200 : 503).end();
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => res.writeHead(200, { 'x-instance': name, 'set-cookie': ['a=1', 'b=2'] }).end(JSON.stringify({ name, body, proto: req.headers['x-forwarded-proto'] })));
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws) => ws.on('message', (m) => ws.send(`${name}:${m}`)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { name, state, server, port: (server.address() as AddressInfo).port, close: () => new Promise<void>((r) => (wss.close(), server.closeAllConnections(), server.close(() => r()))) };
}

const get = async (b: Balancer, init: RequestInit = {}) => {
  const r = await fetch(`http://127.0.0.1:${b.port}/x`, init);
  return { status: r.status, cookies: r.headers.getSetCookie(), json: r.status === 200 ? ((await r.json()) as { name: string; body: string; proto: string }) : null };
};
const until = async (ok: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('the fleet balancer', () => {
  let a: Awaited<ReturnType<typeof instance>>;
  let b: Awaited<ReturnType<typeof instance>>;
  let bal: Balancer;
  beforeAll(async () => {
    [a, b] = await Promise.all([instance('a'), instance('b')]);
    bal = await startBalancer([a, b].map((x) => ({ host: '127.0.0.1', port: x.port })), { port: 0, checkMs: 50 });
  });
  afterAll(async () => {
    await bal?.close();
    await a?.close();
    await b?.close();
  });

  it('takes requests without a session in turn, passes bodies, every Set-Cookie and the forwarded protocol', async () => {
    const names = [];
    for (let i = 0; i < 4; i++) names.push((await get(bal, { method: 'POST', body: `n${i}` })).json!);
    expect(names.map((n) => n.name).sort()).toEqual(['a', 'a', 'b', 'b']);
    expect(names.map((n) => n.body)).toEqual(['n0', 'n1', 'n2', 'n3']);
    expect(names[0].proto).toBe('http');
    expect((await get(bal)).cookies).toEqual(['a=1', 'b=2']);
  });

  it('keeps a session on one instance', async () => {
    for (const session of ['s-1', 's-2', 's-3', 's-4']) {
      const seen = new Set<string>();
      for (let i = 0; i < 5; i++) seen.add((await get(bal, { headers: { cookie: `x=1; kazi_session=${session}` } })).json!.name);
      expect(seen.size, session).toBe(1);
    }
  });

  it('leaves out an instance whose /health fails, and takes it back when it answers', async () => {
    a.state.healthy = false;
    await until(() => !bal.up()[0]);
    for (let i = 0; i < 4; i++) expect((await get(bal, { headers: { cookie: `kazi_session=s-${i}` } })).json!.name).toBe('b');
    a.state.healthy = true;
    await until(() => bal.up()[0]);
    const names = new Set<string>();
    for (let i = 0; i < 4; i++) names.add((await get(bal)).json!.name);
    expect([...names].sort()).toEqual(['a', 'b']);
  });

  it('answers 503 when no instance is up, never holding the request', async () => {
    a.state.healthy = b.state.healthy = false;
    await until(() => bal.up().every((u) => !u));
    expect((await get(bal)).status).toBe(503);
    a.state.healthy = b.state.healthy = true;
    await until(() => bal.up().every(Boolean));
  });

  it('tries a GET once on another instance when its own refuses the connection; a POST is a 502, never sent twice', async () => {
    const c = await instance('c');
    const d = await instance('d');
    // health checked rarely: the balancer still thinks d is up after it stops
    const slow = await startBalancer([c, d].map((x) => ({ host: '127.0.0.1', port: x.port })), { port: 0, checkMs: 60_000 });
    try {
      await d.close();
      const gets = [];
      for (let i = 0; i < 4; i++) gets.push(await get(slow));
      expect(gets.map((g) => [g.status, g.json?.name])).toEqual(Array(4).fill([200, 'c']));
      const e = await instance('e');
      const posted = await startBalancer([e, d].map((x) => ({ host: '127.0.0.1', port: x.port })), { port: 0, checkMs: 60_000 });
      try {
        const answers = [];
        for (let i = 0; i < 2; i++) answers.push((await get(posted, { method: 'POST', body: 'once' })).status);
        expect(answers.sort()).toEqual([200, 502]);
      } finally {
        await posted.close();
        await e.close();
      }
    } finally {
      await slow.close();
      await c.close();
    }
  });

  it('pipes a websocket through to the session’s instance', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${bal.port}/socket`, { headers: { cookie: 'kazi_session=s-1' } });
    const answer = new Promise<string>((resolve, reject) => {
      ws.on('message', (m) => resolve(String(m)));
      ws.on('error', reject);
    });
    await new Promise((r) => ws.on('open', r));
    ws.send('hello');
    const sticky = (await get(bal, { headers: { cookie: 'kazi_session=s-1' } })).json!.name;
    expect(await answer).toBe(`${sticky}:hello`);
    ws.close();
  });
});

// Two real app instances on one PostgreSQL behind the balancer: a browser signed in through it
// stays signed in when its instance goes away, since sessions live in the database.
describe.runIf(inject('dbUrl'))('two app instances behind the balancer', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let bal: Balancer;
  beforeAll(async () => {
    t = await createTestApp();
    second = await buildApp(t.config, { migrate: false, logger: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const port = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;
    bal = await startBalancer([t.app, second].map((app) => ({ host: '127.0.0.1', port: port(app) })), { port: 0, checkMs: 100 });
  }, 120_000);
  afterAll(async () => {
    await bal?.close();
    await second?.close();
    await t?.close();
  });

  it('a session made on one instance is served by the other when the first stops', async () => {
    const a = await seedTenant(t.database, 'Fleet Co');
    const base = `http://127.0.0.1:${bal.port}`;
    const cookie = await signIn(base, a.email, a.password);
    const me = async () => fetch(`${base}/settings/company/json`, { headers: { cookie, accept: 'application/json' } });
    expect((await me()).status).toBe(200);
    const before = bal.served();
    expect((await me()).status).toBe(200);
    const after = bal.served();
    const used = after.findIndex((n, i) => n > before[i]);
    // stop the instance this session uses; the balancer notices and the other answers, still signed in
    await (used === 0 ? t.app : second).close();
    await until(() => !bal.up()[used], 10_000);
    const again = await me();
    expect(again.status).toBe(200);
    expect(((await again.json()) as { data: { value: { name: string } } }).data.value.name).toBe('Fleet Co');
    expect(bal.served()[1 - used]).toBeGreaterThan(after[1 - used]);
  });
});
