import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { demoCompany } from '../../testing/demo.js';

/** The demo company's workflow: on the series of openings, its tasks in several states, and the pages open on them. */
const company = demoCompany();

it('a workflow on the demo group, its tasks in several states with their history, on the dashboard and the pages', async () => {
  const [w] = await withTenant(company.t.database, company.tenantId, (tx) =>
    rows<{ id: number; context_id: number }>(tx, sql`select id, context_id from workflows where tenant_id = ${company.tenantId} and context_type = 'group' and is_active`),
  );
  expect(w).toBeTruthy();
  const states = await withTenant(company.t.database, company.tenantId, (tx) =>
    rows<{ status: string; event_id: number }>(tx, sql`select status, event_id from tasks where tenant_id = ${company.tenantId} and workflow_id = ${w.id}`),
  );
  expect(new Set(states.map((s) => s.status))).toEqual(new Set(['todo', 'in_progress', 'submitted', 'done']));
  expect(new Set(states.map((s) => s.event_id)).size).toBeGreaterThan(1);
  const dash = (await company.demo.get(`/workflows/dashboard/${w.context_id}`, { json: true })).json().data;
  expect(dash.waiting_approval).toBe(1);
  expect(dash.total).toBe(states.length);
  const eventId = states[0].event_id;
  expect((await company.demo.get(`/events/${eventId}/tasks`, { inertia: true })).statusCode).toBe(200);
  expect((await company.demo.get(`/groups/${w.context_id}/workflows/dashboard`, { inertia: true })).statusCode).toBe(200);
  const list = (await company.demo.get(`/tasks/event/${eventId}`, { json: true })).json();
  expect(list.total).toBeGreaterThan(0);
});
