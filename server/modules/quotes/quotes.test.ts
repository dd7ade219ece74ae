import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../http/signed-token.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';

/**
 * The public quote request form (issue 24): a request makes a draft estimate and its customer,
 * and tells the company; the honeypot, the time check and the rate limit keep scripts out.
 */
let t: TestApp;
let owner: TestClient;
let tenantA: number;
let tenantB: number;
let ip = 1;

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Quote Alpha');
  const b = await seedTenant(t.database, 'Quote Beta');
  tenantA = a.tenantId;
  tenantB = b.tenantId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
});
afterAll(async () => t?.close());

const tokenAt = (tenantId: number, secondsAgo: number) => signToken(t.config.appKey, 'quote-form', [tenantId, Date.now() - secondsAgo * 1000]);
const request = (more: Record<string, unknown> = {}) => ({
  company: 'quote-alpha',
  name: 'Wanjiru Kamau',
  email: 'wanjiru@example.test',
  phone: '+254 711 000111',
  organisation: 'Kamau Events',
  items: [{ name: 'Sound system hire', quantity: 2 }],
  message: 'We need sound for a wedding on 12 December.',
  website: '',
  form_token: tokenAt(tenantA, 30),
  ...more,
});

/** A visitor from its own address (the limit counts per address), with a fresh guest session. */
async function visitor() {
  const c = new TestClient(t.app);
  await c.get('/quotes/request?company=quote-alpha');
  const addr = `10.0.0.${ip++}`;
  return { c, post: (body: unknown) => c.request('POST', '/quotes/request', { body, json: true, headers: { 'x-forwarded-for': addr } }) };
}
const estimates = async (tenantId: number) =>
  (await t.database.query<{ n: number }>("select count(*)::int as n from documents where tenant_id = $1 and type = 'estimate'", [tenantId]))[0].n;

describe('GET /quotes/request', () => {
  it('shows the company’s form with a signed time stamp; an unknown company is 404', async () => {
    const c = new TestClient(t.app);
    const page = await c.get('/quotes/request?company=quote-alpha', { inertia: true });
    expect(page.statusCode).toBe(200);
    expect(page.json().component).toBe('Quotes/Request');
    expect(page.json().props.company).toMatchObject({ name: 'Quote Alpha', slug: 'quote-alpha' });
    expect(page.json().props.form_token).toMatch(new RegExp(`^${tenantA}-\\d+-`));
    expect((await c.get('/quotes/request?company=nobody-here', { inertia: true })).statusCode).toBe(404);
    expect((await c.get('/quotes/request', { inertia: true })).statusCode).toBe(404);
  });
});

describe('POST /quotes/request', () => {
  it('makes a draft estimate with the lines, a customer, and a notification for the company', async () => {
    const before = await estimates(tenantA);
    const { post } = await visitor();
    const res = await post(request());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toMatch(/Thank you/);
    expect(await estimates(tenantA)).toBe(before + 1);
    const [doc] = await t.database.query<{ status: string; title: string; notes: string; contact_name: string; contact_email: string; id: number }>(
      "select id, status, title, notes, contact_name, contact_email from documents where tenant_id = $1 and type = 'estimate' order by id desc limit 1",
      [tenantA],
    );
    expect(doc).toMatchObject({ status: 'draft', title: 'Quote request', contact_name: 'Kamau Events', contact_email: 'wanjiru@example.test' });
    expect(doc.notes).toContain('wedding on 12 December');
    const lines = await t.database.query<{ name: string; quantity: string }>('select name, quantity from document_items where tenant_id = $1 and document_id = $2', [tenantA, doc.id]);
    expect(lines).toEqual([{ name: 'Sound system hire', quantity: expect.stringMatching(/^2(\.0+)?$/) }]);
    const note = (await owner.get('/notifications/json', { json: true })).json();
    expect(JSON.stringify(note)).toContain('New quote request');
    // a second request from the same e-mail reuses the customer
    const again = await (await visitor()).post(request({ items: [] }));
    expect(again.statusCode).toBe(201);
    const customers = await t.database.query<{ n: number }>("select count(*)::int as n from contacts where tenant_id = $1 and lower(email) = 'wanjiru@example.test'", [tenantA]);
    expect(customers[0].n).toBe(1);
  });

  it('validates the fields with a 422 and keeps nothing', async () => {
    const before = await estimates(tenantA);
    const res = await (await visitor()).post(request({ name: '', email: 'nope', message: 'short', items: [{ name: '', quantity: 0 }] }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'items.0.name', 'items.0.quantity', 'message', 'name']);
    expect(await estimates(tenantA)).toBe(before);
  });

  it('answers a filled honeypot as a success but keeps nothing', async () => {
    const before = await estimates(tenantA);
    const res = await (await visitor()).post(request({ website: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(await estimates(tenantA)).toBe(before);
  });

  it('refuses a form sent too fast, too late, with a forged stamp or another company’s stamp', async () => {
    const before = await estimates(tenantA);
    const { post } = await visitor();
    const fast = await post(request({ form_token: tokenAt(tenantA, 1) }));
    expect(fast.statusCode).toBe(422);
    expect(fast.json().errors.form_token[0]).toMatch(/quicker than a person/);
    const late = await post(request({ form_token: tokenAt(tenantA, 2 * 24 * 3600) }));
    expect(late.json().errors.form_token[0]).toMatch(/expired/);
    const forged = await post(request({ form_token: `${tenantA}-${Date.now() - 30_000}-AAAA` }));
    expect(forged.statusCode).toBe(422);
    const elsewhere = await post(request({ form_token: tokenAt(tenantB, 30) }));
    expect(elsewhere.statusCode).toBe(422);
    expect(await estimates(tenantA)).toBe(before);
    expect(await estimates(tenantB)).toBe(0);
  });

  it('limits one address to five requests an hour to a company (429)', async () => {
    const { post } = await visitor();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await post(request({ email: `limit${i}@example.test` }))).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('needs the CSRF token of the visitor’s session like every form', async () => {
    const c = new TestClient(t.app);
    await c.get('/quotes/request?company=quote-alpha');
    const res = await c.request('POST', '/quotes/request', { body: request(), json: true, xsrf: false });
    expect(res.statusCode).toBe(419);
  });
});
