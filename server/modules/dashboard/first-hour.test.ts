import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';

/** What a new user meets in the first hour: the tab icon, and "New invoice" from a customer's page. */
let t: TestApp;
let owner: TestClient;
let customer: number;
let vendor: number;
let theirs: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Firsts');
  const b = await seedTenant(t.database, 'Seconds');
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  const other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const make = async (c: TestClient, body: Record<string, unknown>) => {
    const res = await c.json('POST', '/accounting/contacts/store', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  customer = await make(owner, { type: 'customer', name: 'Amani Stores', currency_code: 'USD' });
  vendor = await make(owner, { type: 'vendor', name: 'Baraka Wholesale' });
  theirs = await make(other, { type: 'customer', name: 'Not yours' });
});
afterAll(() => t?.close());

describe('the tab icon', () => {
  it('GET /favicon.ico answers a real icon (an ICO holding a 32×32 PNG) to anyone', async () => {
    const res = await new TestClient(t.app).get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    const body = res.rawPayload;
    expect([...body.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    expect([body[6], body[7]]).toEqual([32, 32]);
    const offset = body.readUInt32LE(18);
    expect(body.subarray(offset, offset + 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    expect(body.readUInt32LE(14)).toBe(body.length - offset);
  });

  it('GET /favicon.svg answers the mark, and every page links both', async () => {
    const svg = await new TestClient(t.app).get('/favicon.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
    const page = await new TestClient(t.app).get('/login');
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page.body).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32">');
  });
});

describe('a new document for a contact (?contact_id=)', () => {
  it('starts the invoice form on the customer, and the bill form on the vendor', async () => {
    const invoice = (await owner.get(`/sales/invoices/create?contact_id=${customer}`, { inertia: true })).json();
    expect(invoice.component).toBe('Invoices/Create');
    expect(invoice.props.contact).toEqual({ id: customer, name: 'Amani Stores', currency_code: 'USD' });
    const bill = (await owner.get(`/purchases/bills/create?contact_id=${vendor}`, { inertia: true })).json();
    expect(bill.props.contact).toMatchObject({ id: vendor, name: 'Baraka Wholesale' });
    expect((await owner.get('/sales/invoices/create', { inertia: true })).json().props.contact).toBeNull();
  });

  it("answers 404 for another company's contact, a contact of the other type and a malformed id", async () => {
    for (const url of [`/sales/invoices/create?contact_id=${theirs}`, `/sales/invoices/create?contact_id=${vendor}`, `/purchases/bills/create?contact_id=${customer}`, '/sales/invoices/create?contact_id=abc']) {
      expect((await owner.get(url, { inertia: true })).statusCode, url).toBe(404);
    }
  });
});
