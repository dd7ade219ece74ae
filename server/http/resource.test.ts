import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { taxSchema } from '../../common/schemas/accounting.js';
import { taxes } from '../modules/accounting/schema.js';
import { rows } from '../db/client.js';
import { addMember } from '../modules/users/test-helpers.js';
import { createTestApp, seedTenant, type TestApp } from '../testing/app.js';
import { TestClient } from '../testing/client.js';
import { fieldError } from './errors.js';
import { defineResource } from './resource.js';

/**
 * The resource layer on its own: a resource declared here (levies, over the taxes table, at
 * /test/levies) with every hook it offers, driven through HTTP. What each module's resource
 * gets for free is checked once here; the modules' own tests check what they declare.
 */
const calls = { attach: 0, attachedRows: 0 };
const levies = defineResource({
  label: 'Levy',
  singular: 'levy',
  base: '/test/levies',
  table: taxes,
  fields: {
    id: taxes.id,
    name: taxes.name,
    rate: sql<number>`${taxes.rate}`.mapWith(Number),
    type: taxes.type,
    enabled: taxes.enabled,
  },
  columns: { rate: taxes.rate },
  create: taxSchema,
  searchable: ['name'],
  sortable: ['name', 'rate'],
  defaultSort: ['name', 'asc'],
  filterable: ['type', 'enabled'],
  perPage: 3,
  access: { view: 'taxes.view', create: 'taxes.create', update: 'taxes.update', delete: 'taxes.delete' },
  // every read, write and delete sees only levies under 500 %
  scope: () => sql`${taxes.rate} < 500`,
  // on update the input holds only what was sent
  beforeWrite: async (_tx, _req, input) => {
    if (typeof input.name !== 'string') return;
    if (input.name.toLowerCase() === 'forbidden') throw fieldError('name', 'That name is refused.');
    return { name: input.name.replace(/\s+/g, ' ') };
  },
  afterWrite: async (tx, _req, record) => {
    // a failure after the insert must leave nothing written
    if (Number(record.rate) === 13) throw fieldError('rate', 'Unlucky rate.');
    // the hook runs in the write's transaction: it sees the row just inserted
    const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from taxes where id = ${record.id}`);
    return { ...record, visible: Number(n) === 1 };
  },
  attach: async (_tx, _req, rows) => {
    calls.attach += 1;
    calls.attachedRows += rows.length;
    for (const row of rows) row.label = `${row.name} (${row.rate} %)`;
  },
});

let t: TestApp;
let owner: TestClient;
let other: TestClient;
let tenantId: number;
let otherLevy: number;

const count = async (where = 'true') => {
  const [{ n }] = await t.database.query<{ n: number }>(`select count(*)::int as n from taxes where tenant_id = $1 and ${where}`, [tenantId]);
  return Number(n);
};
const list = (c: TestClient, query = '') => c.get(`/test/levies/json${query}`, { json: true });

beforeAll(async () => {
  t = await createTestApp({}, (app) => levies.routes(app));
  const a = await seedTenant(t.database, 'Levier');
  const b = await seedTenant(t.database, 'Other Levier');
  tenantId = a.tenantId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  otherLevy = (await other.json('POST', '/test/levies/store', { name: 'Theirs', rate: 1 })).json().data.id;
});
afterAll(async () => t?.close());

beforeEach(async () => {
  await t.database.query('delete from taxes where tenant_id = $1', [tenantId]);
  calls.attach = 0;
  calls.attachedRows = 0;
});

const seed = async (...rows: [string, number, string?, boolean?][]) => {
  for (const [name, rate, type = 'normal', enabled = true] of rows) {
    await t.database.query('insert into taxes (tenant_id, name, rate, type, enabled) values ($1, $2, $3, $4, $5)', [tenantId, name, rate, type, enabled]);
  }
};

describe('a declared resource’s list', () => {
  it('pages in the declared order, ties by id in the same direction, with its related rows attached once per page', async () => {
    await seed(['B', 1], ['A', 2], ['B', 3], ['C', 4], ['Hidden', 900]);
    const res = await list(owner);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 3, total: 4, last_page: 2, from: 1, to: 3 });
    expect(body.data.map((r: { name: string; rate: number }) => `${r.name}${r.rate}`)).toEqual(['A2', 'B1', 'B3']);
    expect(body.data[0]).toEqual({ id: expect.any(Number), name: 'A', rate: 2, type: 'normal', enabled: true, label: 'A (2 %)' });
    expect(calls).toEqual({ attach: 1, attachedRows: 3 });
    const desc = (await list(owner, '?sort_by=name&sort_order=desc&per_page=10')).json();
    expect(desc.data.map((r: { name: string; rate: number }) => `${r.name}${r.rate}`)).toEqual(['C4', 'B3', 'B1', 'A2']);
  });

  it('searches, filters by a field or filter_by, and keeps the other parameters in its links', async () => {
    await seed(['Sales tax', 1], ['Import duty', 2, 'compound'], ['Service tax', 3, 'normal', false]);
    expect((await list(owner, '?search=TAX')).json().total).toBe(2);
    expect((await list(owner, '?search=100%25')).json().total).toBe(0);
    expect((await list(owner, '?type=compound')).json().data.map((r: { name: string }) => r.name)).toEqual(['Import duty']);
    expect((await list(owner, '?filter_by=enabled&filter=false')).json().data.map((r: { name: string }) => r.name)).toEqual(['Service tax']);
    const page = (await list(owner, '?search=tax&per_page=1')).json();
    expect(page.next_page_url).toBe('/test/levies/json?search=tax&per_page=1&page=2');
  });

  it('answers 422 naming the parameter for a filter, sort or value it does not offer, and reads nothing', async () => {
    for (const [query, field] of [
      ['?filter_by=name&filter=x', 'filter_by'],
      ['?sort_by=type', 'sort_by'],
      ['?enabled=maybe', 'enabled'],
      ['?type=weird', 'type'],
      ['?per_page=0', 'per_page'],
    ]) {
      const res = await list(owner, query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
    expect(calls.attach).toBe(0);
  });

  it('shows only the company’s own rows, and refuses a role without the view permission', async () => {
    await seed(['Mine', 1]);
    expect((await list(owner)).json().data.map((r: { name: string }) => r.name)).toEqual(['Mine']);
    expect((await list(other)).json().data.map((r: { name: string }) => r.name)).toEqual(['Theirs']);
    const role = await owner.json('POST', '/roles/store', { name: 'No taxes', permissions: ['customers.view'] });
    const m = await addMember(t.database, tenantId, role.json().data.id, 'clerk@levier.test');
    const clerk = new TestClient(t.app);
    await clerk.login(m.email, m.password);
    expect((await list(clerk)).statusCode).toBe(403);
    expect((await clerk.json('POST', '/test/levies/store', { name: 'Sneaky', rate: 1 })).statusCode).toBe(403);
    expect(await count()).toBe(1);
  });
});

describe('a declared resource’s single read and writes', () => {
  it('stores through beforeWrite and afterWrite, answering 201 with the message and the record as written', async () => {
    const res = await owner.json('POST', '/test/levies/store', { name: 'Road   levy', rate: '2.5' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Levy created successfully.',
      data: { id: expect.any(Number), name: 'Road levy', rate: 2.5, type: 'normal', enabled: true, visible: true, label: 'Road levy (2.5 %)' },
    });
    const got = await owner.get(`/test/levies/get-levy/${res.json().data.id}`, { json: true });
    expect(got.json()).toEqual({ data: { id: res.json().data.id, name: 'Road levy', rate: 2.5, type: 'normal', enabled: true, label: 'Road levy (2.5 %)' } });
  });

  it('refuses invalid input, a hook’s refusal and a failure after the insert alike: 422, nothing written', async () => {
    for (const [body, field] of [
      [{ rate: 1 }, 'name'],
      [{ name: 'X', rate: 'abc' }, 'rate'],
      [{ name: 'forbidden', rate: 1 }, 'name'],
      [{ name: 'Unlucky', rate: 13 }, 'rate'],
    ] as const) {
      const res = await owner.json('POST', '/test/levies/store', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect(await count()).toBe(0);
  });

  it('updates only what it is sent: a field with a default left out keeps its stored value', async () => {
    await seed(['Off', 1, 'normal', false]);
    const [{ id }] = await t.database.query<{ id: number }>('select id from taxes where tenant_id = $1', [tenantId]);
    const res = await owner.json('PUT', `/test/levies/update/${id}`, { rate: 7 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Levy updated successfully.', data: { name: 'Off', rate: 7, enabled: false } });
    expect(await count('enabled = false and rate = 7')).toBe(1);
  });

  it('deletes, and answers 404 afterwards', async () => {
    await seed(['Gone', 1]);
    const [{ id }] = await t.database.query<{ id: number }>('select id from taxes where tenant_id = $1', [tenantId]);
    expect((await owner.json('DELETE', `/test/levies/delete/${id}`)).json()).toEqual({ message: 'Levy deleted successfully.' });
    expect((await owner.get(`/test/levies/get-levy/${id}`, { json: true })).statusCode).toBe(404);
    expect(await count()).toBe(0);
  });

  it('answers 404 for another company’s id, an id its scope hides, or no id at all, and changes nothing', async () => {
    await seed(['Hidden', 900]);
    const [{ id: hidden }] = await t.database.query<{ id: number }>('select id from taxes where tenant_id = $1', [tenantId]);
    for (const id of [otherLevy, hidden, 'abc', '0', '99999999999999999999']) {
      expect((await owner.get(`/test/levies/get-levy/${id}`, { json: true })).statusCode, `get ${id}`).toBe(404);
      expect((await owner.json('PUT', `/test/levies/update/${id}`, { name: 'Mine now' })).statusCode, `update ${id}`).toBe(404);
      expect((await owner.json('DELETE', `/test/levies/delete/${id}`)).statusCode, `delete ${id}`).toBe(404);
    }
    const [theirs] = await t.database.query<{ name: string }>('select name from taxes where id = $1', [otherLevy]);
    expect(theirs.name).toBe('Theirs');
    expect(await count("name = 'Hidden'")).toBe(1);
  });
});
