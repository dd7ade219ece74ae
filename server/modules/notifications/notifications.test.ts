import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { withTenant } from '../../db/tenancy.js';
import { rows } from '../../db/client.js';
import { notify } from './service.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let c: TestClient;
let otherUsersNote: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedTenant(t.database, 'Alpha');
  const b = await seedTenant(t.database, 'Beta');
  await withTenant(t.database, a.tenantId, (tx) =>
    notify(
      tx,
      a.tenantId,
      Array.from({ length: 18 }, (_, i) => ({
        userId: a.userId,
        type: 'demo',
        title: `Invoice ${i + 1} paid`,
        body: i % 2 ? 'Paid in full' : 'Partial payment',
        url: `/sales/invoices/${i + 1}`,
      })),
    ),
  );
  await withTenant(t.database, a.tenantId, (tx) =>
    tx.execute(sql`update notifications set created_at = now() - (id || ' minutes')::interval`),
  );
  await withTenant(t.database, b.tenantId, (tx) => notify(tx, b.tenantId, { userId: b.userId, type: 'demo', title: 'Beta secret' }));
  const [row] = await withTenant(t.database, b.tenantId, (tx) => rows<{ id: number }>(tx, sql`select id from notifications`));
  otherUsersNote = row.id;
  c = new TestClient(t.app);
  await c.login(a.email, a.password);
});
afterAll(() => t.close());

describe('notifications', () => {
  it('the page is an Inertia page and the shared props carry the unread count', async () => {
    const res = await c.get('/notifications', { inertia: true });
    expect(res.json().component).toBe('Notifications');
    expect(res.json().props.notifications).toEqual({ unread: 18 });
  });

  it('lists the user\'s own notifications newest first, paged, searchable, filterable by unread', async () => {
    const p = (await c.get('/notifications/json', { json: true })).json();
    expect(p).toMatchObject({ total: 18, per_page: 15, last_page: 2 });
    expect(p.data[0]).toMatchObject({ title: 'Invoice 1 paid', read_at: null, url: '/sales/invoices/1' });
    const found = (await c.get('/notifications/json?search=invoice%2017', { json: true })).json();
    expect(found.data.map((n: { title: string }) => n.title)).toEqual(['Invoice 17 paid']);
    expect((await c.get('/notifications/json?filter=bogus', { json: true })).statusCode).toBe(422);
  });

  it('marks one and then all as read; the recent list and unread counts follow', async () => {
    const first = (await c.get('/notifications/json?per_page=1', { json: true })).json().data[0];
    const res = await c.json('POST', `/notifications/mark-read/${first.id}`);
    expect(res.json()).toMatchObject({ message: 'Notification marked as read.', data: { id: first.id } });
    expect(res.json().data.read_at).toMatch(/Z$/);
    expect((await c.get('/notifications/json?filter=unread', { json: true })).json().total).toBe(17);
    const recent = (await c.get('/notifications/recent', { json: true })).json();
    expect(recent.unread).toBe(17);
    expect(recent.data).toHaveLength(5);
    const all = await c.json('POST', '/notifications/mark-all-read');
    expect(all.json()).toEqual({ message: 'All notifications marked as read.', updated: 17 });
    expect((await c.get('/notifications/recent', { json: true })).json().unread).toBe(0);
  });

  it('deletes its own, and another user\'s notification is a 404 for every action', async () => {
    const mine = (await c.get('/notifications/json?per_page=1', { json: true })).json().data[0];
    expect((await c.json('DELETE', `/notifications/delete/${mine.id}`)).json()).toEqual({ message: 'Delete Successfully' });
    expect((await c.get('/notifications/json', { json: true })).json().total).toBe(17);
    expect((await c.json('POST', `/notifications/mark-read/${otherUsersNote}`)).statusCode).toBe(404);
    expect((await c.json('DELETE', `/notifications/delete/${otherUsersNote}`)).statusCode).toBe(404);
    expect((await c.json('DELETE', '/notifications/delete/abc')).statusCode).toBe(404);
  });
});
