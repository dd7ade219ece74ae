import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type TestApp } from '../testing/app.js';
import { TestClient } from '../testing/client.js';
import { EXACT_TOTAL_LIMIT } from './list-totals.js';

/**
 * The resource layer's list over more rows than it counts exactly: 12,000 contacts in one
 * company (one in five a vendor), 500 in another.
 */
let t: TestApp;
let owner: TestClient;
let other: TestClient;
let tenantId: number;
const ROWS = 12_000;

const list = async (c: TestClient, query: string) => {
  const res = await c.get(`/accounting/contacts/json?${query}`, { json: true });
  expect(res.statusCode).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Big');
  const b = await seedTenant(t.database, 'Small');
  tenantId = a.tenantId;
  for (const [tenant, n] of [
    [a.tenantId, ROWS],
    [b.tenantId, 500],
  ] as const) {
    await t.database.query(
      `insert into contacts (tenant_id, type, name, email, currency_code)
       select $1, case when g % 5 = 0 then 'vendor' else 'customer' end, 'Contact ' || lpad(g::text, 5, '0'), 'c' || g || '@example.test', 'USD'
         from generate_series(1, $2::int) g`,
      [tenant, n],
    );
  }
  await t.database.query('analyze contacts');
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
});
afterAll(async () => t?.close());

describe('a list larger than its exact count', () => {
  it('answers page 1 with an estimated total, marked as such, and remembers it for the next pages', async () => {
    const first = await list(owner, 'per_page=15');
    expect(first.total_estimated).toBe(true);
    expect(first.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    // the planner's estimate, rounded to two figures: near the truth
    expect(first.total).toBeGreaterThanOrEqual(ROWS * 0.8);
    expect(first.total).toBeLessThanOrEqual(ROWS * 1.2);
    expect(first.data.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: 15 }, (_, i) => `Contact ${String(i + 1).padStart(5, '0')}`));
    const second = await list(owner, 'per_page=15&page=2');
    expect(second.total).toBe(first.total);
    expect(second.total_estimated).toBe(true);
    expect(second.data[0].name).toBe('Contact 00016');
  });

  it('reads a deep page through its ids (index first), the same rows as in order', async () => {
    const deep = await list(owner, 'per_page=50&page=150');
    expect(deep.from).toBe(7451);
    expect(deep.data.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Contact ${String(7451 + i).padStart(5, '0')}`));
    const desc = await list(owner, 'per_page=50&page=100&sort_by=name&sort_order=desc');
    expect(desc.data[0].name).toBe(`Contact ${String(ROWS - 4950).padStart(5, '0')}`);
  });

  it('ends the list exactly on its last, partly filled page', async () => {
    const last = await list(owner, `per_page=50&page=${ROWS / 50}`);
    expect(last.data).toHaveLength(50);
    const beyond = await list(owner, `per_page=70&page=${Math.ceil(ROWS / 70)}`);
    expect(beyond.total).toBe(ROWS);
    expect(beyond.total_estimated).toBeUndefined();
    expect(beyond.data).toHaveLength(ROWS % 70);
  });

  it('past the end answers no rows and an estimate, not a total made of the page number', async () => {
    const past = await list(owner, 'per_page=100&page=5000');
    expect(past.data).toEqual([]);
    expect(past.total).toBeLessThanOrEqual(ROWS * 1.2);
  });

  it('counts a search or a filter exactly while it is small enough', async () => {
    const found = await list(owner, 'search=Contact%200117');
    expect(found.total).toBe(10);
    expect(found.total_estimated).toBeUndefined();
    expect(found.data.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Contact 0117${i}`));
    const vendors = await list(owner, 'type=vendor&per_page=15');
    expect(vendors.total).toBe(ROWS / 5);
    expect(vendors.total_estimated).toBeUndefined();
  });

  it('estimates a search that matches more than it counts, and still pages it in order', async () => {
    const many = await list(owner, 'search=Contact&per_page=20&page=3');
    expect(many.total_estimated).toBe(true);
    expect(many.data.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Contact ${String(41 + i).padStart(5, '0')}`));
  });

  it('never carries one company’s estimate into another’s list', async () => {
    const small = await list(other, 'per_page=15');
    expect(small.total).toBe(500);
    expect(small.total_estimated).toBeUndefined();
  });

  it('counts exactly again once a remembered estimate turns out stale (rows deleted)', async () => {
    await list(owner, 'per_page=15');
    await t.database.query(`delete from contacts where tenant_id = $1 and name > 'Contact 00100'`, [tenantId]);
    // within its time limit the estimate stands for full pages…
    const stale = await list(owner, 'per_page=15');
    expect(stale.total_estimated).toBe(true);
    // …until a page past the end shows it wrong: counted again, and forgotten
    const past = await list(owner, 'per_page=100&page=2');
    expect(past.data).toEqual([]);
    expect(past.total).toBe(100);
    const fresh = await list(owner, 'per_page=15');
    expect(fresh.total).toBe(100);
    expect(fresh.total_estimated).toBeUndefined();
  });
});
