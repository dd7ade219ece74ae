import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notify } from '../notifications/service.js';
import type { AnswerOutcome, EventRow } from './service.js';

const SAID = { yes: 'is coming to', no: 'is not coming to', maybe: 'might come to' } as const;

/**
 * Tells the member who made the event that a guest has answered (issue 22: "RSVP received"
 * goes through the one notify call). The guest's name comes from the contact; an event nobody
 * made (imported, or its maker gone) tells no one.
 */
export async function tellOrganiser(tx: Tx, tenantId: number, event: Pick<EventRow, 'id' | 'name'>, contactId: number, answer: keyof typeof SAID, outcome: AnswerOutcome) {
  const [row] = await rows<{ created_by: number | null; guest: string }>(
    tx,
    sql`select e.created_by,
               coalesce(nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), c.email, c.phone, 'A guest') as guest
          from events e
          join memberships m on m.tenant_id = e.tenant_id and m.user_id = e.created_by and m.status = 'active'
          left join outreach_contacts c on c.tenant_id = e.tenant_id and c.id = ${contactId}
         where e.tenant_id = ${tenantId} and e.id = ${event.id}`,
  );
  if (!row?.created_by) return;
  const waitlisted = answer === 'yes' && outcome.place === 'waitlisted';
  await notify(tx, tenantId, {
    userId: Number(row.created_by),
    type: 'rsvp.received',
    title: `RSVP: ${row.guest} ${waitlisted ? 'is on the waitlist for' : SAID[answer]} ${event.name}`,
    url: `/events/${event.id}/rsvp`,
    data: { event_id: event.id, contact_id: contactId, answer, place: outcome.place },
  });
}
