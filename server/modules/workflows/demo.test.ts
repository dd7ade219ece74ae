import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../../seed/demo.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';

/** The demo company's workflow: on the series of openings, its tasks in several states, and the pages open on them. */
let t: TestApp;
let tenantId: number;
let demo: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId } = await seedDemo(t.database, new Date(), t.config));
  demo = new TestClient(t.app);
  await demo.login(DEMO_EMAIL, DEMO_PASSWORD);
}, 180_000);
afterAll(() => t?.close());

it('a workflow on the demo group, its tasks in several states with their history, on the dashboard and the pages', async () => {
  const [w] = await withTenant(t.database, tenantId, (tx) =>
    rows<{ id: number; context_id: number }>(tx, sql`select id, context_id from workflows where tenant_id = ${tenantId} and context_type = 'group' and is_active`),
  );
  expect(w).toBeTruthy();
  const states = await withTenant(t.database, tenantId, (tx) =>
    rows<{ status: string; event_id: number }>(tx, sql`select status, event_id from tasks where tenant_id = ${tenantId} and workflow_id = ${w.id}`),
  );
  expect(new Set(states.map((s) => s.status))).toEqual(new Set(['todo', 'in_progress', 'submitted', 'done']));
  expect(new Set(states.map((s) => s.event_id)).size).toBeGreaterThan(1);
  const dash = (await demo.get(`/workflows/dashboard/${w.context_id}`, { json: true })).json().data;
  expect(dash.waiting_approval).toBe(1);
  expect(dash.total).toBe(states.length);
  const eventId = states[0].event_id;
  expect((await demo.get(`/events/${eventId}/tasks`, { inertia: true })).statusCode).toBe(200);
  expect((await demo.get(`/groups/${w.context_id}/workflows/dashboard`, { inertia: true })).statusCode).toBe(200);
  const list = (await demo.get(`/tasks/event/${eventId}`, { json: true })).json();
  expect(list.total).toBeGreaterThan(0);
});
