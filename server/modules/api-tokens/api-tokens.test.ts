import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember, roleId } from '../users/test-helpers.js';

/**
 * API tokens over HTTP (issue 24, docs/decisions/0047): made with scopes within the creator's
 * permissions, shown once and stored hashed, a Bearer token answering every JSON endpoint with
 * the route's own permission and company checks and without CSRF, revoked and expired tokens
 * refused, a token never reaching another company, and each token's rate limit.
 */
let t: TestApp;
let owner: TestClient;
let other: TestClient;
let accountant: TestClient;
let tenantA: number;
let customerId: number;

const RATE = 25;

beforeAll(async () => {
  t = await createTestApp({ API_TOKEN_RATE_LIMIT: String(RATE) });
  const a = await seedTenant(t.database, 'Token Alpha');
  const b = await seedTenant(t.database, 'Token Beta');
  tenantA = a.tenantId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const acc = await addMember(t.database, tenantA, 'accountant', 'accountant@token-alpha.test');
  accountant = new TestClient(t.app);
  await accountant.login(acc.email, acc.password);
  const c = await owner.json('POST', '/accounting/contacts/store', { type: 'customer', name: 'Bearer Customer' });
  expect(c.statusCode, c.body).toBe(201);
  customerId = c.json().data.id;
});
afterAll(async () => t?.close());

async function makeToken(c: TestClient, body: Record<string, unknown>) {
  const res = await c.json('POST', '/settings/company/tokens/store', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; plain_text_token: string; status: string; scopes: string[] };
}

/** A bare API client: no cookies, no XSRF header, only the bearer token. */
function bearer(app: FastifyInstance, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({ method, url, headers: { host: 'kazi.test', authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: payload as never });
}
const invoice = () => ({ type: 'invoice', contact_id: customerId, issued_at: '2026-03-01', items: [{ name: 'Consulting', quantity: '1', price: '10' }] });

describe('making tokens', () => {
  it('shows the token once, stores only its hash, and lists it without the secret', async () => {
    const made = await makeToken(owner, { name: 'Reporting', scopes: ['invoices.view'] });
    expect(made.plain_text_token).toMatch(new RegExp(`^kz_${tenantA}_${made.id}_[A-Za-z0-9_-]{43}$`));
    const secret = made.plain_text_token.split('_').slice(3).join('_');
    const [stored] = await t.database.query<{ secret_hash: string }>('select secret_hash from api_tokens where id = $1', [made.id]);
    expect(stored.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.secret_hash).not.toContain(secret);
    const list = (await owner.get('/settings/company/tokens/json', { json: true })).json();
    const row = list.data.find((r: { id: number }) => r.id === made.id);
    expect(row).toMatchObject({ name: 'Reporting', kind: 'personal', status: 'active', hint: secret.slice(-4), last_used_at: null });
    expect(JSON.stringify(list)).not.toContain(secret);
  });

  it('refuses scopes beyond the creator’s permissions, unknown scopes, no scopes, a past expiry, and company tokens without manage', async () => {
    const beyond = await accountant.json('POST', '/settings/company/tokens/store', { name: 'x', scopes: ['invoices.view', 'contacts.view'] });
    // the accountant holds no api_tokens.create in the built-in role: forbidden before any check
    expect(beyond.statusCode).toBe(403);
    const accRole = await roleId(t.database, tenantA, 'accountant');
    await t.database.query(`update roles set permissions = permissions || '["api_tokens.view","api_tokens.create","api_tokens.delete"]'::jsonb where id = $1`, [accRole]);
    const again = await accountant.json('POST', '/settings/company/tokens/store', { name: 'x', scopes: ['invoices.view', 'contacts.view'] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.scopes[0]).toMatch(/contacts\.view/);
    const company = await accountant.json('POST', '/settings/company/tokens/store', { name: 'x', kind: 'company', scopes: ['invoices.view'] });
    expect(company.json().errors.kind).toBeDefined();
    const bad = await owner.json('POST', '/settings/company/tokens/store', { name: '', scopes: ['nope.view'], expires_at: '2020-01-01' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'scopes.0']);
    const none = await owner.json('POST', '/settings/company/tokens/store', { name: 'x', scopes: [] });
    expect(none.json().errors.scopes).toEqual(['Choose at least one permission.']);
    const past = await owner.json('POST', '/settings/company/tokens/store', { name: 'x', scopes: ['invoices.view'], expires_at: '2020-01-01' });
    expect(past.json().errors.expires_at).toEqual(['The expiry date must be today or later.']);
    const count = await t.database.query<{ n: number }>("select count(*)::int as n from api_tokens where name = 'x'");
    expect(count[0].n).toBe(0);
  });
});

describe('using a token as Authorization: Bearer', () => {
  it('answers a JSON endpoint within its scopes, without CSRF, and records when it was last used', async () => {
    const made = await makeToken(owner, { name: 'Writer', scopes: ['invoices.view', 'invoices.create'] });
    const sessionsBefore = (await t.database.query<{ n: number }>('select count(*)::int as n from sessions'))[0].n;
    const list = await bearer(t.app, made.plain_text_token, 'GET', '/accounting/documents/json?type=invoice');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['set-cookie']).toBeUndefined();
    const created = await bearer(t.app, made.plain_text_token, 'POST', '/accounting/documents/store', invoice());
    expect(created.statusCode, created.body).toBe(201);
    const [used] = await t.database.query<{ last_used_at: string | null }>('select last_used_at from api_tokens where id = $1', [made.id]);
    expect(used.last_used_at).not.toBeNull();
    // a bearer request is stateless: no session row is written for it
    expect((await t.database.query<{ n: number }>('select count(*)::int as n from sessions'))[0].n).toBe(sessionsBefore);
  });

  it('answers 403 for an endpoint outside its scopes (a token without invoices.create)', async () => {
    const made = await makeToken(owner, { name: 'Reader', scopes: ['invoices.view'] });
    const res = await bearer(t.app, made.plain_text_token, 'POST', '/accounting/documents/store', invoice());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBeTruthy();
    const estimatesOnly = await makeToken(owner, { name: 'Estimates', scopes: ['estimates.create'] });
    expect((await bearer(t.app, estimatesOnly.plain_text_token, 'POST', '/accounting/documents/store', invoice())).statusCode).toBe(403);
  });

  it('cannot change what a session owns: the password, or make more tokens', async () => {
    const made = await makeToken(owner, { name: 'All', scopes: ['api_tokens.view', 'api_tokens.create', 'invoices.view'] });
    const more = await bearer(t.app, made.plain_text_token, 'POST', '/settings/company/tokens/store', { name: 'child', scopes: ['invoices.view'] });
    expect(more.statusCode).toBe(403);
    const pw = await bearer(t.app, made.plain_text_token, 'PUT', '/settings/profile/update-password', { current_password: 'x', password: 'y', password_confirmation: 'y' });
    expect(pw.statusCode).toBe(403);
  });

  it('answers 401 for a revoked, an expired, a malformed or a wrong-secret token', async () => {
    const made = await makeToken(owner, { name: 'Short-lived', scopes: ['invoices.view'] });
    expect((await bearer(t.app, made.plain_text_token, 'GET', '/accounting/documents/json?type=invoice')).statusCode).toBe(200);
    const revoke = await owner.json('DELETE', `/settings/company/tokens/delete/${made.id}`);
    expect(revoke.statusCode, revoke.body).toBe(200);
    const after = await bearer(t.app, made.plain_text_token, 'GET', '/accounting/documents/json?type=invoice');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Invalid or expired API token.');

    const expiring = await makeToken(owner, { name: 'Expiring', scopes: ['invoices.view'] });
    await t.database.query("update api_tokens set expires_at = now() - interval '1 second' where id = $1", [expiring.id]);
    expect((await bearer(t.app, expiring.plain_text_token, 'GET', '/accounting/documents/json?type=invoice')).statusCode).toBe(401);

    const good = await makeToken(owner, { name: 'Good', scopes: ['invoices.view'] });
    const wrong = good.plain_text_token.slice(0, -2) + (good.plain_text_token.endsWith('AA') ? 'BB' : 'AA');
    expect((await bearer(t.app, wrong, 'GET', '/accounting/documents/json?type=invoice')).statusCode).toBe(401);
    expect((await bearer(t.app, 'not-a-token', 'GET', '/accounting/documents/json?type=invoice')).statusCode).toBe(401);
    const list = (await owner.get('/settings/company/tokens/json', { json: true })).json().data as { id: number; status: string }[];
    expect(list.find((r) => r.id === made.id)!.status).toBe('revoked');
    expect(list.find((r) => r.id === expiring.id)!.status).toBe('expired');
  });

  it('never reaches another company: its records are 404, and its id in a token is 401', async () => {
    const theirs = await other.json('POST', '/accounting/contacts/store', { type: 'customer', name: 'Beta Customer' });
    const betaContact = theirs.json().data.id as number;
    const made = await makeToken(owner, { name: 'Alpha only', scopes: ['customers.view', 'invoices.view'] });
    const res = await bearer(t.app, made.plain_text_token, 'GET', `/accounting/contacts/get-contact/${betaContact}`);
    expect(res.statusCode).toBe(404);
    const company = await bearer(t.app, made.plain_text_token, 'GET', '/settings/company/json');
    expect(company.json().data.value.name).toBe('Token Alpha');
    // the same id and secret under the other company's number
    const [, , id, ...secret] = made.plain_text_token.split('_');
    const [{ id: betaId }] = await t.database.query<{ id: number }>("select id from tenants where name = 'Token Beta'");
    expect((await bearer(t.app, `kz_${betaId}_${id}_${secret.join('_')}`, 'GET', '/settings/company/json')).statusCode).toBe(401);
  });

  it('a personal token loses what its user’s role loses, and stops when the user leaves', async () => {
    const made = await makeToken(accountant, { name: 'Acc', scopes: ['invoices.view'] });
    expect((await bearer(t.app, made.plain_text_token, 'GET', '/accounting/documents/json?type=invoice')).statusCode).toBe(200);
    const accRole = await roleId(t.database, tenantA, 'accountant');
    await t.database.query(`update roles set permissions = permissions - 'invoices.view' where id = $1`, [accRole]);
    expect((await bearer(t.app, made.plain_text_token, 'GET', '/accounting/documents/json?type=invoice')).statusCode).toBe(403);
    await t.database.query(`update roles set permissions = permissions || '["invoices.view"]'::jsonb where id = $1`, [accRole]);
    await t.database.query("update memberships set status = 'inactive' where tenant_id = $1 and role_id = $2", [tenantA, accRole]);
    expect((await bearer(t.app, made.plain_text_token, 'GET', '/accounting/documents/json?type=invoice')).statusCode).toBe(401);
    await t.database.query("update memberships set status = 'active' where tenant_id = $1 and role_id = $2", [tenantA, accRole]);
  });

  it('limits each token to its rate per minute with a 429, and leaves other tokens alone', async () => {
    const a = await makeToken(owner, { name: 'Busy', scopes: ['invoices.view'] });
    const b = await makeToken(owner, { name: 'Calm', scopes: ['invoices.view'] });
    const codes: number[] = [];
    for (let i = 0; i < RATE + 1; i++) codes.push((await bearer(t.app, a.plain_text_token, 'GET', '/settings/company/json')).statusCode);
    expect(codes.slice(0, RATE).every((c) => c === 200)).toBe(true);
    const limited = await bearer(t.app, a.plain_text_token, 'GET', '/settings/company/json');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many requests with this API token/);
    expect((await bearer(t.app, b.plain_text_token, 'GET', '/settings/company/json')).statusCode).toBe(200);
    // a session is not counted by the token limit
    for (let i = 0; i < RATE + 1; i++) expect((await owner.get('/settings/company/json', { json: true })).statusCode).toBe(200);
  });
});

describe('a cookie session still needs CSRF', () => {
  it('answers 419 to a session write without the XSRF header, even beside a broken bearer-less request', async () => {
    const res = await owner.request('POST', '/accounting/contacts/store', { body: { type: 'customer', name: 'No CSRF' }, json: true, xsrf: false });
    expect(res.statusCode).toBe(419);
    const tokenStore = await owner.request('POST', '/settings/company/tokens/store', { body: { name: 'n', scopes: ['invoices.view'] }, json: true, xsrf: false });
    expect(tokenStore.statusCode).toBe(419);
  });

  it('does not read the session cookie sent beside a bearer token', async () => {
    const made = await makeToken(owner, { name: 'Narrow', scopes: ['invoices.view'] });
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await t.app.inject({
      method: 'POST',
      url: '/accounting/contacts/store',
      headers: { host: 'kazi.test', cookie, authorization: `Bearer ${made.plain_text_token}`, 'content-type': 'application/json' },
      payload: { type: 'customer', name: 'Via cookie' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('other users cannot see or revoke a personal token; the manager can revoke company tokens', async () => {
    const mine = await makeToken(owner, { name: 'Owner own', scopes: ['invoices.view'] });
    expect((await accountant.json('DELETE', `/settings/company/tokens/delete/${mine.id}`)).statusCode).toBe(404);
    const list = (await accountant.get('/settings/company/tokens/json', { json: true })).json().data as { id: number }[];
    expect(list.some((r) => r.id === mine.id)).toBe(false);
    expect((await other.json('DELETE', `/settings/company/tokens/delete/${mine.id}`)).statusCode).toBe(404);
    const company = await makeToken(owner, { name: 'Integration', kind: 'company', scopes: ['invoices.view'] });
    expect(company.scopes).toEqual(['invoices.view']);
    expect((await owner.json('DELETE', `/settings/company/tokens/delete/${company.id}`)).statusCode).toBe(200);
  });
});
