import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { demoCompany } from '../../testing/demo.js';

/** The demo company's RSVPs: answers on its events with the seats they hold, and the pages open on them. */
const company = demoCompany();

it('every demo event with invitations holds exactly the seats of its confirmed guests, within its capacity', async () => {
  const events = await withTenant(company.t.database, company.tenantId, (tx) =>
    rows<{ id: number; capacity: number | null; seats_taken: number; held: number; invited: number; answered: number; waitlisted: number }>(
      tx,
      sql`select e.id, e.capacity, e.seats_taken, coalesce(sum(i.seats), 0)::int as held, count(i.id)::int as invited, count(i.answer)::int as answered,
                 count(*) filter (where i.place = 'waitlisted')::int as waitlisted
            from events e join rsvp_invitations i on i.tenant_id = e.tenant_id and i.event_id = e.id
           where e.tenant_id = ${company.tenantId} group by e.tenant_id, e.id`,
    ),
  );
  expect(events.length).toBeGreaterThan(0);
  for (const e of events) {
    expect(e.seats_taken).toBe(e.held);
    if (e.capacity !== null) expect(e.seats_taken).toBeLessThanOrEqual(e.capacity);
    expect(e.answered).toBeGreaterThan(0);
    expect(e.answered).toBeLessThan(e.invited);
  }
  const id = Number(events[0].id);
  for (const page of ['rsvp', 'rsvp/invitations', 'rsvp/responses', 'rsvp/follow-up', 'dashboard', 'check-in']) {
    expect((await company.demo.get(`/events/${id}/${page}`, { inertia: true })).statusCode, page).toBe(200);
  }
  const dash = (await company.demo.get(`/events/rsvp-dashboard/${id}`, { json: true })).json().data;
  expect(dash.totals.invited).toBe(events[0].invited);
});
