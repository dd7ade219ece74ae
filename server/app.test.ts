import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../common/permissions.js';
import { createTestApp, seedTenant, type TestApp } from './testing/app.js';
import { TestClient } from './testing/client.js';

// The app is built while the file is collected, so the every-route sweeps below are one test per
// route (bounded work each, however many routes the product grows) rather than one long loop.
const t: TestApp = await createTestApp();
const routes: { method: string; url: string; access: unknown }[] = t.app.routeAccess.filter((r) => r.method !== 'HEAD');
let owner: TestClient;
let guest: TestClient;

// these take no input (a body is ignored); everything else is hit as its audience would hit it
const bodyless = ['/logout', '/email/verification-notification', '/notifications/mark-all-read', '/email/templates/token', '/calendar/feed-url/regenerate'];
// providers' webhooks read their body as raw bytes, verified by signature before anything is read
const rawBodies = ['/webhooks/stripe', '/webhooks/mpesa/:paymentId/:token', '/webhooks/sms/delivery/:tenant/:token', '/webhooks/sms/inbound/:tenant/:token', '/webhooks/sms/optout/:tenant/:token', '/webhooks/airtime/status/:tenant/:token', '/webhooks/mailgun/:tenant/:token'];
const writes = routes.filter((r) => r.method !== 'GET' && !bodyless.includes(r.url) && !rawBodies.includes(r.url));
const reads = routes.filter((r) => r.method === 'GET' && !r.url.startsWith('/__test') && r.url !== '/health');
const concrete = (url: string) => url.replace(/:(\w+)/g, (_, p) => (p === 'id' ? '999999' : 'x'));
const clientFor = (r: { access: unknown }) => (r.access === 'public' ? guest : owner);

beforeAll(async () => {
  const a = await seedTenant(t.database, 'Alpha');
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  guest = new TestClient(t.app);
  await guest.get('/login');
});
afterAll(() => t.close());

describe('routes', () => {
  it('every route declares what it needs; the snapshot makes any change visible in review', async () => {
    const table = routes
      .map((r) => `${r.method.padEnd(6)} ${r.url.padEnd(48)} ${[r.access].flat().join(' | ')}`)
      .sort()
      .join('\n');
    expect(routes.length).toBeGreaterThan(10);
    await expect(table + '\n').toMatchFileSnapshot('./__snapshots__/route-access.txt');
  });

  it('a route without a declared access fails at registration', async () => {
    await expect(createTestApp({}, (app) => app.get('/__test/undeclared', async () => 'x'))).rejects.toThrow(/declares no access/);
  });
});

describe('tenant JSON endpoints', () => {
  it('GET /settings/company/json answers the tenant settings value object and logos', async () => {
    const res = await owner.get('/settings/company/json', { json: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { value: { name: 'Alpha', timezone: 'UTC' }, logo_light: null, logo_dark: null } });
  });

  it('GET /roles/active-permissions: the owner holds every permission of the registry', async () => {
    const res = await owner.get('/roles/active-permissions', { json: true });
    expect(res.json().permissions).toEqual([...PERMISSIONS]);
    expect(PERMISSIONS).toContain('documents.send');
    expect(PERMISSIONS).toContain('wallet.purchase');
    expect(PERMISSIONS).toContain('tasks.approve');
    expect(PERMISSIONS).toContain('sms.send');
  });
});

describe('Inertia shared props and pages', () => {
  it('every page gets auth.user, tenant, permissions and flash; a first visit is HTML with the page object', async () => {
    const res = await owner.get('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    // "back" after a failed form post relies on the browser sending our own Referer
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const m = res.body.match(/<script data-page="app" type="application\/json"[^>]*>([\s\S]*?)<\/script>\s*<div id="app"><\/div>/);
    expect(m).not.toBeNull();
    const page = JSON.parse(m![1]);
    expect(page.component).toBe('Dashboard');
    expect(page.url).toBe('/dashboard');
    expect(page.props.auth.user).toMatchObject({ name: 'Alpha Owner', email: 'alpha@example.test' });
    expect(page.props.auth.user.password_hash).toBeUndefined();
    expect(page.props.tenant).toMatchObject({ name: 'Alpha', timezone: 'UTC' });
    expect(page.props.permissions).toContain('dashboard.view');
    expect(page.props.flash).toEqual({ success: null, error: null, status: null });
    expect(page.props.errors).toEqual({});
  });

  it('a stale asset version gets 409 with X-Inertia-Location, so the browser reloads the new build', async () => {
    const res = await owner.get('/dashboard?tab=1', { inertia: true, headers: { 'x-inertia-version': 'old-build' } });
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-inertia-location']).toBe('http://kazi.test/dashboard?tab=1');
    const current = await owner.get('/dashboard', { inertia: true });
    expect(current.statusCode).toBe(200);
    expect(current.headers['x-inertia']).toBe('true');
    expect(current.headers.vary).toMatch(/X-Inertia/);
  });

  it('Home is public and sends a signed-in user to the dashboard', async () => {
    const guest = await new TestClient(t.app).get('/', { inertia: true });
    expect(guest.json().component).toBe('Home');
    const signedIn = await owner.get('/');
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe('/dashboard');
  });
});

describe('malformed input never produces a 5xx', () => {
  const bodies: { name: string; payload: string; type: string }[] = [
    { name: 'broken JSON', payload: '{"name": ', type: 'application/json' },
    { name: 'JSON array', payload: '[1,2,3]', type: 'application/json' },
    { name: 'JSON string', payload: '"hello"', type: 'application/json' },
    { name: 'null', payload: 'null', type: 'application/json' },
    { name: 'wrong types', payload: JSON.stringify({ type: 1, name: { a: 1 }, email: [], rate: {}, enabled: 'x', password: 5 }), type: 'application/json' },
    { name: 'huge strings', payload: JSON.stringify({ name: 'x'.repeat(200_000), email: 'a'.repeat(100_000), company_name: 'y'.repeat(50_000) }), type: 'application/json' },
    { name: 'deep nesting', payload: '{"a":'.repeat(500) + '1' + '}'.repeat(500), type: 'application/json' },
    { name: 'prototype pollution', payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}', type: 'application/json' },
    { name: 'form body', payload: 'name=%ZZ&email[]=1', type: 'application/x-www-form-urlencoded' },
    { name: 'unknown content type', payload: '<xml/>', type: 'application/xml' },
    { name: 'too large', payload: JSON.stringify({ name: 'z'.repeat(2 * 1024 * 1024) }), type: 'application/json' },
  ];

  it('the sweeps below cover every write and read endpoint', () => {
    expect(writes.length).toBeGreaterThan(8);
    expect(reads.length).toBeGreaterThan(8);
  });

  it.each(writes)('answers 4xx with a message on $method $url', async (r) => {
    const url = concrete(r.url);
    for (const b of bodies) {
      const res = await clientFor(r).request(r.method as 'POST', url, { body: b.payload, json: true, headers: { 'content-type': b.type } });
      expect(res.statusCode, `${r.method} ${url} with ${b.name}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${r.method} ${url} with ${b.name}`).toBeLessThan(500);
      expect(typeof res.json().message, `${r.method} ${url} with ${b.name}`).toBe('string');
    }
  });

  it.each(reads)('answers 4xx on GET $url for bad ids and bad query strings', async (r) => {
    const ids = ['abc', '-1', '0', '1e3', '99999999999999999999999', '%00', "1;drop table users"];
    const queries = ['page=abc', 'per_page=-5', 'search=' + 'q'.repeat(5000), 'page[]=1', 'type=%00', 'sort_by=x&sort_order=sideways'];
    const variants = r.url.includes(':')
      ? ids.map((id) => r.url.replace(/:(\w+)/g, encodeURIComponent(id)))
      : queries.map((q) => `${r.url}?${q}`);
    for (const url of variants) {
      const res = await owner.get(url, { json: true });
      expect(res.statusCode, `GET ${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});

describe('a NUL character (U+0000) in a text field is bad input, never a 500', () => {
  // PostgreSQL stores no NUL in text or jsonb; each write route must refuse it as a 422 naming the
  // field, whichever field it is (a top-level one and one inside a list), and write nothing.
  const nulBody = { name: 'Nul\u0000Name', items: [{ description: 'line\u0000one' }] };
  const expected = {
    name: ['The name field must not contain a NUL character.'],
    'items.0.description': ['The description field must not contain a NUL character.'],
  };

  /** Every application table's row count and content hash (sessions and the request log aside). */
  async function fingerprint(): Promise<Record<string, string>> {
    const tables = await t.database.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' and tablename not in ('sessions', 'activity_logs') order by 1`,
    );
    const parts = tables.map(({ name }) => `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtext(x::text)), 0)::text as print from "${name}" x`);
    const rows = await t.database.query<{ name: string; print: string }>(parts.join(' union all '));
    return Object.fromEntries(rows.map((r) => [r.name, r.print]));
  }

  it.each(writes)('$method $url answers 422 naming the field and writes nothing', async (r) => {
    const url = concrete(r.url);
    const before = await fingerprint();
    const res = await clientFor(r).request(r.method as 'POST', url, { body: nulBody, json: true });
    expect(res.statusCode, `${r.method} ${url}: ${res.body.slice(0, 300)}`).toBe(422);
    expect(res.json()).toEqual({ message: 'The name field must not contain a NUL character. (and 1 more error)', errors: expected });
    expect(await fingerprint(), `${r.method} ${url} wrote something`).toEqual(before);
  });

  it.each(rawBodies)('POST %s refuses an unsigned body with a 4xx and writes nothing', async (url) => {
    const before = await fingerprint();
    const res = await guest.request('POST', concrete(url), { body: nulBody, json: true });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await fingerprint()).toEqual(before);
  });

  it('a page form (urlencoded, Inertia visit) gets the field\'s error back, and no account is made', async () => {
    const c = new TestClient(t.app);
    await c.get('/register');
    const body = new URLSearchParams({
      name: 'Ni\u0000la',
      email: 'nila@example.test',
      password: 'secret-pass-1',
      password_confirmation: 'secret-pass-1',
      company_name: 'Nila Ltd',
    }).toString();
    const res = await c.post('/register', body, { inertia: true, headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'http://kazi.test/register' } });
    expect(res.statusCode).toBe(303);
    const page = await c.get('/register', { inertia: true });
    expect(page.json().props.errors).toEqual({ name: 'The name field must not contain a NUL character.' });
    const users = await t.database.query<{ n: number }>(`select count(*)::int as n from users where email = 'nila@example.test'`);
    expect(users[0].n).toBe(0);
  });
});
