import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { EventRow as EventAnswer } from '../../../common/answers/campaigns.js';
import { zonedToUtc } from '../../../common/calendar.js';
import { eventSchema, eventUpdateSchema } from '../../../common/schemas/campaigns.js';
import { rows, type Tx } from '../../db/client.js';
import { qualified as q, isoTimestamp as ts } from '../../db/sql.js';
import { answerFields } from '../../http/answer-fields.js';
import { ValidationError } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { mediaFiles } from '../media/schema.js';
import { visibleEventsCondition } from './access.js';
import { campaigns, eventGroups, eventOrganisers, events as e, organisers } from './schema.js';

type Row = Record<string, unknown>;

// outer columns through qualified(): a select of one table leaves its columns unqualified, which a subquery would read as its own
const campaignName = sql<string | null>`(select c.name from campaigns c where c.tenant_id = ${q(e.tenantId)} and c.id = ${q(e.campaignId)})`;
const groupName = sql<string | null>`(select g.name from event_groups g where g.tenant_id = ${q(e.tenantId)} and g.id = ${q(e.groupId)})`;

/** An event's answer fields (SPEC §3), shared by the resource and the calendar. */
export const eventFields = {
  id: e.id,
  name: e.name,
  description: e.description,
  campaign_id: e.campaignId,
  campaign_name: campaignName,
  group_id: e.groupId,
  group_name: groupName,
  venue: e.venue,
  address: e.address,
  online_url: e.onlineUrl,
  starts_at: ts(e.startsAt),
  ends_at: ts(e.endsAt),
  timezone: e.timezone,
  capacity: e.capacity,
  seats_taken: e.seatsTaken,
  status: e.status,
  cover_media_id: e.coverMediaId,
  created_by: e.createdBy,
  created_at: ts(e.createdAt),
  updated_at: ts(e.updatedAt),
};

const TIMES_ORDER = 'The end must be a time after or equal to the start.';

/** starts_at / ends_at as typed (the company's wall-clock time, or a moment) → UTC; the order checked against what is stored. */
function times(req: FastifyRequest, input: Row, current: Row | null): Row {
  const zone = (current?.timezone as string | undefined) ?? req.tenant!.timezone ?? 'UTC';
  const out: Row = {};
  const errors: Record<string, string[]> = {};
  for (const f of ['starts_at', 'ends_at'] as const) {
    if (input[f] === undefined) continue;
    const utc = zonedToUtc(String(input[f]), zone);
    if (!utc) errors[f] = ['The time must be a date and time.'];
    else out[f] = utc;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const start = (out.starts_at ?? current?.starts_at) as string;
  const end = (out.ends_at ?? current?.ends_at) as string;
  if (new Date(end) < new Date(start)) throw new ValidationError({ ends_at: [TIMES_ORDER] });
  return out;
}

/** The organisers named must be organisers of the event's campaign. */
async function checkOrganisers(tx: Tx, tenantId: number, ids: readonly number[], campaignId: number | null) {
  if (!ids.length) return;
  const wanted = [...new Set(ids)];
  const found = campaignId
    ? await tx
        .select({ id: organisers.id })
        .from(organisers)
        .where(and(eq(organisers.tenantId, tenantId), eq(organisers.campaignId, campaignId), inArray(organisers.id, wanted)))
    : [];
  if (found.length !== wanted.length)
    throw new ValidationError({ organiser_ids: [campaignId ? 'The selected organisers must be organisers of the event\'s campaign.' : 'Choose a campaign before its organisers.'] });
}

/** What a module above this one does when an event is stored or changed (the workflows' tasks, decision 0049). */
export type EventSavedHook = (tx: Tx, req: FastifyRequest, event: Row, previous: Row | null) => Promise<void>;
const eventSavedHooks: EventSavedHook[] = [];
/** Runs `hook` in the transaction of every event store and update, after the event's own writes. */
export function onEventSaved(hook: EventSavedHook) {
  eventSavedHooks.push(hook);
}

/**
 * Events (SPEC §7 Campaigns, organisers, events; decision 0042): every read is narrowed to the
 * events the member sees (access.ts). Times are typed in the company's timezone and kept in UTC
 * with the timezone they were typed in. Deleting an event deletes its invitations and organiser
 * links (foreign keys cascade); its sends keep their event_id as history.
 */
export const eventResource = defineResource({
  label: 'Event',
  singular: 'event',
  base: '/events',
  table: e,
  fields: answerFields<EventAnswer, 'organiser_ids' | 'cover_url'>()(eventFields),
  columns: {
    starts_at: e.startsAt,
    ends_at: e.endsAt,
    created_at: e.createdAt,
    updated_at: e.updatedAt,
    campaign_name: e.campaignId,
    group_name: e.groupId,
  },
  create: eventSchema,
  update: eventUpdateSchema,
  searchable: ['name'],
  sortable: ['name', 'starts_at', 'created_at'],
  defaultSort: ['starts_at', 'desc'],
  filterable: ['status', 'campaign_id', 'group_id'],
  export: false,
  access: { view: 'events.view', create: 'events.create', update: 'events.update', delete: 'events.delete' },
  scope: (req) => visibleEventsCondition(req),
  references: {
    campaign_id: { table: campaigns },
    group_id: { table: eventGroups },
    cover_media_id: { table: mediaFiles, where: sql`${mediaFiles.kind} = 'image'` },
  },
  beforeWrite: async (tx, req, input, current) => {
    const extra: Row = times(req, input, current);
    if (!current) {
      extra.created_by = req.user!.id;
      extra.timezone = req.tenant!.timezone || 'UTC';
    }
    const capacity = input.capacity;
    if (current && typeof capacity === 'number' && capacity < (current.seats_taken as number)) {
      throw new ValidationError({ capacity: [`The capacity cannot be less than the ${current.seats_taken} places confirmed guests hold.`] });
    }
    const campaignId = input.campaign_id !== undefined ? (input.campaign_id as number | null) : ((current?.campaign_id as number | null) ?? null);
    if (input.organiser_ids) await checkOrganisers(tx, req.tenant!.id, input.organiser_ids as number[], campaignId);
    return extra;
  },
  afterWrite: async (tx, req, record, input, previous) => {
    const tenantId = req.tenant!.id;
    const eventId = record.id as number;
    const ids = input.organiser_ids as number[] | undefined;
    if (ids) {
      const del = and(eq(eventOrganisers.tenantId, tenantId), eq(eventOrganisers.eventId, eventId), ids.length ? notInArray(eventOrganisers.organiserId, ids) : undefined);
      await tx.delete(eventOrganisers).where(del);
      if (ids.length)
        await tx
          .insert(eventOrganisers)
          .values([...new Set(ids)].map((organiserId) => ({ tenantId, eventId, organiserId })))
          .onConflictDoNothing();
    } else if (input.campaign_id !== undefined) {
      // moved to another campaign (or none): the old campaign's organisers no longer organise it
      await tx.execute(sql`delete from ${eventOrganisers} eo where eo.tenant_id = ${tenantId} and eo.event_id = ${eventId}
        and not exists (select 1 from ${organisers} o where o.tenant_id = eo.tenant_id and o.id = eo.organiser_id and o.campaign_id is not distinct from ${record.campaign_id as number | null})`);
    }
    for (const hook of eventSavedHooks) await hook(tx, req, record, previous);
  },
  attach: async (tx, req, list) => attachEventExtras(tx, req.tenant!.id, list),
});

/** organiser_ids and cover_url of events, one query each for the whole list. */
export async function attachEventExtras(tx: Tx, tenantId: number, list: Row[]) {
  const ids = list.map((r) => r.id as number);
  const links = await tx
    .select({ event_id: eventOrganisers.eventId, organiser_id: eventOrganisers.organiserId })
    .from(eventOrganisers)
    .where(and(eq(eventOrganisers.tenantId, tenantId), inArray(eventOrganisers.eventId, ids)));
  const byEvent = new Map<number, number[]>();
  for (const l of links) byEvent.set(l.event_id, [...(byEvent.get(l.event_id) ?? []), l.organiser_id].sort((a, b) => a - b));
  const covers = [...new Set(list.map((r) => r.cover_media_id as number | null).filter((v): v is number => v !== null))];
  const medium = new Set<number>();
  if (covers.length) {
    const found = await rows<{ id: number }>(
      tx,
      sql`select id from media_files where tenant_id = ${tenantId} and id in (${sql.join(covers.map((c) => sql`${c}`), sql`, `)}) and variants ? 'medium'`,
    );
    for (const f of found) medium.add(Number(f.id));
  }
  for (const r of list) {
    r.organiser_ids = byEvent.get(r.id as number) ?? [];
    const cover = r.cover_media_id as number | null;
    r.cover_url = cover ? `/media/files/${cover}/${medium.has(cover) ? 'medium' : 'original'}` : null;
  }
}
