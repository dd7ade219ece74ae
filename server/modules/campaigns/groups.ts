import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { GroupRow, ParticipantRow } from '../../../common/answers/campaigns.js';
import { groupSchema, groupUpdateSchema, participantsSchema, rsvpConfigSchema } from '../../../common/schemas/campaigns.js';
import { rows } from '../../db/client.js';
import { qualified as q, isoTimestamp as ts } from '../../db/sql.js';
import { answerFields } from '../../http/answer-fields.js';
import { notFound, ValidationError } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { outreachContacts } from '../outreach/schema.js';
import { segmentCondition } from '../outreach/segment-rules.js';
import type { RuleGroup } from '../../../common/segments.js';
import { paramId } from './event-routes.js';
import { campaigns, eventGroups as g, events, groupParticipants as p } from './schema.js';
import { checkInvitationTexts } from './texts.js';

/**
 * Event groups (SPEC §2 Groups, §7): a series of events sharing participants and RSVP settings.
 * Deleting a group keeps its events (they leave the series: group_id set to null) and drops its
 * participant list.
 */
export const groupResource = defineResource({
  label: 'Group',
  singular: 'group',
  base: '/groups',
  table: g,
  fields: answerFields<GroupRow>()({
    id: g.id,
    name: g.name,
    description: g.description,
    campaign_id: g.campaignId,
    campaign_name: sql<string | null>`(select c.name from campaigns c where c.tenant_id = ${q(g.tenantId)} and c.id = ${q(g.campaignId)})`,
    events_count: sql<number>`(select count(*) from events e where e.tenant_id = ${q(g.tenantId)} and e.group_id = ${q(g.id)})`.mapWith(Number),
    participants_count: sql<number>`(select count(*) from group_participants gp where gp.tenant_id = ${q(g.tenantId)} and gp.group_id = ${q(g.id)})`.mapWith(Number),
    has_rsvp_config: sql<boolean>`(${g.rsvpConfig} is not null)`,
    created_at: ts(g.createdAt),
    updated_at: ts(g.updatedAt),
  }),
  columns: { created_at: g.createdAt, updated_at: g.updatedAt, campaign_name: g.campaignId, events_count: g.id, participants_count: g.id, has_rsvp_config: g.rsvpConfig, created_by: g.createdBy },
  create: groupSchema,
  update: groupUpdateSchema,
  searchable: ['name'],
  sortable: ['name', 'created_at'],
  defaultSort: ['created_at', 'desc'],
  filterable: ['campaign_id'],
  export: false,
  access: { view: 'event_groups.view', create: 'event_groups.create', update: 'event_groups.update', delete: 'event_groups.delete' },
  references: { campaign_id: { table: campaigns } },
  beforeWrite: async (_tx, req, _input, current) => (current ? undefined : { created_by: req.user!.id }),
  beforeDelete: async (tx, req, record) => {
    await tx
      .update(events)
      .set({ groupId: null, updatedAt: sql`now()` })
      .where(and(eq(events.tenantId, req.tenant!.id), eq(events.groupId, record.id as number)));
  },
});

const contactName = sql<string>`(select trim(c.first_name || ' ' || c.last_name) from outreach_contacts c where c.tenant_id = ${q(p.tenantId)} and c.id = ${q(p.contactId)})`;

/** A group's participants, paged: GET /groups/participants/json?group_id= */
export const participantResource = defineResource({
  label: 'Participant',
  singular: 'participant',
  base: '/groups/participants',
  table: p,
  fields: answerFields<ParticipantRow>()({
    id: p.id,
    contact_id: p.contactId,
    name: contactName,
    phone: sql<string | null>`(select c.phone from outreach_contacts c where c.tenant_id = ${q(p.tenantId)} and c.id = ${q(p.contactId)})`,
    email: sql<string | null>`(select c.email from outreach_contacts c where c.tenant_id = ${q(p.tenantId)} and c.id = ${q(p.contactId)})`,
    created_at: ts(p.createdAt),
  }),
  columns: { created_at: p.createdAt, name: p.contactId, phone: p.contactId, email: p.contactId, group_id: p.groupId },
  create: z.object({}),
  sortable: ['created_at'],
  defaultSort: ['created_at', 'desc'],
  filterable: ['group_id'],
  export: false,
  writes: false,
  access: { view: 'event_groups.view', create: 'event_groups.update', update: 'event_groups.update', delete: 'event_groups.update' },
  authorize: (_req, action, data) => {
    // a list is always of one group: the whole company's participants mean nothing
    if (action === 'view' && data.group_id === undefined && data.contact_id === undefined) throw new ValidationError({ group_id: ['The group id field is required.'] });
  },
});

const RSVP_SAVED = 'RSVP settings saved successfully';
const RSVP_UPDATED = 'RSVP settings updated successfully';

export function groupRoutes(app: FastifyInstance) {
  groupResource.routes(app);
  participantResource.routes(app);

  const findGroup = async (tx: import('../../db/client.js').Tx, tenantId: number, id: number) => {
    const [row] = await tx.select({ id: g.id, rsvpConfig: g.rsvpConfig }).from(g).where(and(eq(g.tenantId, tenantId), eq(g.id, id))).for('update');
    if (!row) throw notFound('Group');
    return row;
  };

  /** add participants: contacts picked, or every contact of a segment in one INSERT … SELECT */
  app.post('/groups/:id/participants', { config: { access: 'event_groups.update' } }, async (req, reply) => {
    const groupId = paramId(req, 'Group');
    const input = validate(participantsSchema, req.body);
    const tenantId = req.tenant!.id;
    const added = await req.tenantTx(async (tx) => {
      await findGroup(tx, tenantId, groupId);
      let who;
      if (input.segment_id) {
        const [seg] = await rows<{ id: number; type: 'dynamic' | 'static'; rules: RuleGroup }>(
          tx,
          sql`select id, type, rules from segments where tenant_id = ${tenantId} and id = ${input.segment_id}`,
        );
        if (!seg) throw new ValidationError({ segment_id: ['The selected segment is invalid.'] });
        who = await segmentCondition(tx, tenantId, { id: Number(seg.id), type: seg.type, rules: seg.rules });
      } else {
        const ids = [...new Set(input.contact_ids!)];
        const found = await tx
          .select({ id: outreachContacts.id })
          .from(outreachContacts)
          .where(and(eq(outreachContacts.tenantId, tenantId), inArray(outreachContacts.id, ids)));
        if (found.length !== ids.length) throw new ValidationError({ contact_ids: ['The selected contacts are invalid.'] });
        who = sql`outreach_contacts.tenant_id = ${tenantId} and outreach_contacts.id = any(${sql.param(ids)}::bigint[])`;
      }
      const inserted = await rows<{ n: number }>(
        tx,
        sql`with added as (
              insert into group_participants (tenant_id, group_id, contact_id)
              select outreach_contacts.tenant_id, ${groupId}, outreach_contacts.id from outreach_contacts where ${who}
              on conflict (tenant_id, group_id, contact_id) do nothing returning 1)
            select count(*)::int as n from added`,
      );
      await tx.update(g).set({ updatedAt: sql`now()` }).where(and(eq(g.tenantId, tenantId), eq(g.id, groupId)));
      return Number(inserted[0].n);
    });
    return reply.code(201).send({ message: `${added} ${added === 1 ? 'participant' : 'participants'} added.`, data: { added } });
  });

  app.delete('/groups/:id/participants/:contactId', { config: { access: 'event_groups.update' } }, async (req) => {
    const groupId = paramId(req, 'Group');
    const contactId = Number((req.params as { contactId: string }).contactId);
    if (!Number.isSafeInteger(contactId) || contactId <= 0) throw notFound('Participant');
    const tenantId = req.tenant!.id;
    await req.tenantTx(async (tx) => {
      await findGroup(tx, tenantId, groupId);
      const gone = await tx
        .delete(p)
        .where(and(eq(p.tenantId, tenantId), eq(p.groupId, groupId), eq(p.contactId, contactId)))
        .returning({ id: p.id });
      if (!gone.length) throw notFound('Participant');
    });
    return { message: 'Participant removed successfully.' };
  });

  // the group's shared RSVP settings (SPEC §7 GET, POST and PUT /api/event-groups/{id}/rsvp-config)
  app.get('/api/event-groups/:id/rsvp-config', { config: { access: 'event_groups.view' } }, async (req) => {
    const id = paramId(req, 'Group');
    const [row] = await req.tenantRead((tx) => tx.select({ config: g.rsvpConfig }).from(g).where(and(eq(g.tenantId, req.tenant!.id), eq(g.id, id))));
    if (!row) throw notFound('Group');
    return { data: row.config ?? null };
  });
  const save = (verb: 'POST' | 'PUT') => async (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const id = paramId(req, 'Group');
    const config = validate(rsvpConfigSchema, req.body);
    const tenantId = req.tenant!.id;
    const had = await req.tenantTx(async (tx) => {
      const row = await findGroup(tx, tenantId, id);
      await checkInvitationTexts(tx, tenantId, config);
      await tx.update(g).set({ rsvpConfig: config, updatedAt: sql`now()` }).where(and(eq(g.tenantId, tenantId), eq(g.id, id)));
      return row.rsvpConfig !== null;
    });
    const updated = verb === 'PUT' || had;
    return reply.code(updated ? 200 : 201).send({ message: updated ? RSVP_UPDATED : RSVP_SAVED, data: config });
  };
  app.post('/api/event-groups/:id/rsvp-config', { config: { access: 'event_groups.update' } }, save('POST'));
  app.put('/api/event-groups/:id/rsvp-config', { config: { access: 'event_groups.update' } }, save('PUT'));
}
