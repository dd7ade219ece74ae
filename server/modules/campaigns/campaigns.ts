import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CampaignRow, CampaignStats, OrganiserRow } from '../../../common/answers/campaigns.js';
import { CAMPAIGN_STATUSES, campaignSchema, campaignUpdateSchema, organiserSchema, organiserUpdateSchema } from '../../../common/schemas/campaigns.js';
import { rows } from '../../db/client.js';
import { qualified as q, isoTimestamp as ts } from '../../db/sql.js';
import { answerFields } from '../../http/answer-fields.js';
import { notFound, ValidationError } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { memberships } from '../tenancy/schema.js';
import { eventsWhere, countQuery, paramId } from './event-routes.js';
import { campaigns as c, eventGroups, eventOrganisers, events, organisers as o } from './schema.js';

const CAMPAIGN_HAS_EVENTS = 'This campaign has events or event groups: move them to another campaign or delete them first.';

/**
 * Campaigns (SPEC §7). Deleting one with events or groups is refused (422, CAMPAIGN_HAS_EVENTS):
 * an event is the record of what happened, and silently losing it (or its invitations and answers)
 * with its campaign would be worse than one more click. Its organisers go with it (they belong to
 * the campaign); its sends keep their campaign_id as history.
 */
export const campaignResource = defineResource({
  label: 'Campaign',
  singular: 'campaign',
  base: '/campaigns',
  table: c,
  fields: answerFields<CampaignRow>()({
    id: c.id,
    name: c.name,
    goal: c.goal,
    description: c.description,
    starts_on: c.startsOn,
    ends_on: c.endsOn,
    owner_id: c.ownerId,
    owner_name: sql<string | null>`(select u.name from users u where u.id = ${q(c.ownerId)})`,
    status: c.status,
    budget: c.budget,
    events_count: sql<number>`(select count(*) from events e where e.tenant_id = ${q(c.tenantId)} and e.campaign_id = ${q(c.id)})`.mapWith(Number),
    created_by: c.createdBy,
    created_at: ts(c.createdAt),
    updated_at: ts(c.updatedAt),
  }),
  columns: { created_at: c.createdAt, updated_at: c.updatedAt, owner_name: c.ownerId, events_count: c.id },
  create: campaignSchema as never,
  update: campaignUpdateSchema,
  searchable: ['name'],
  sortable: ['name', 'created_at', 'starts_on'],
  defaultSort: ['created_at', 'desc'],
  filterable: ['status', 'owner_id'],
  export: false,
  access: { view: 'campaigns.view', create: 'campaigns.create', update: 'campaigns.update', delete: 'campaigns.delete' },
  references: { owner_id: { table: memberships, column: memberships.userId } },
  beforeWrite: async (_tx, req, input, current) => {
    if (current) {
      const starts = (input.starts_on !== undefined ? input.starts_on : current.starts_on) as string | null;
      const ends = (input.ends_on !== undefined ? input.ends_on : current.ends_on) as string | null;
      if (starts && ends && starts > ends) throw new ValidationError({ ends_on: ['The end date must be a date after or equal to the start date.'] });
      return;
    }
    return { created_by: req.user!.id, owner_id: input.owner_id ?? req.user!.id };
  },
  beforeDelete: async (tx, req, record) => {
    const [{ n }] = await rows<{ n: number }>(
      tx,
      sql`select (exists (select 1 from ${events} where tenant_id = ${req.tenant!.id} and campaign_id = ${record.id as number})
              or exists (select 1 from ${eventGroups} where tenant_id = ${req.tenant!.id} and campaign_id = ${record.id as number}))::int as n`,
    );
    if (Number(n)) throw new ValidationError({ id: [CAMPAIGN_HAS_EVENTS] });
  },
});

/** Organisers of a campaign: a member (user_id) or an outside person. A member is named after their account unless named otherwise. */
export const organiserResource = defineResource({
  label: 'Organiser',
  singular: 'organiser',
  base: '/organisers',
  table: o,
  fields: answerFields<OrganiserRow>()({
    id: o.id,
    campaign_id: o.campaignId,
    campaign_name: sql<string | null>`(select x.name from campaigns x where x.tenant_id = ${q(o.tenantId)} and x.id = ${q(o.campaignId)})`,
    user_id: o.userId,
    name: o.name,
    email: o.email,
    phone: o.phone,
    role: o.role,
    events_count: sql<number>`(select count(*) from event_organisers eo where eo.tenant_id = ${q(o.tenantId)} and eo.organiser_id = ${q(o.id)})`.mapWith(Number),
    created_at: ts(o.createdAt),
  }),
  columns: { created_at: o.createdAt, campaign_name: o.campaignId, events_count: o.id, created_by: o.createdBy },
  create: organiserSchema as never,
  update: organiserUpdateSchema,
  searchable: ['name'],
  sortable: ['name', 'created_at'],
  defaultSort: ['name', 'asc'],
  filterable: ['campaign_id', 'user_id', 'role'],
  export: false,
  access: { view: 'organisers.view', create: 'organisers.create', update: 'organisers.update', delete: 'organisers.delete' },
  references: { campaign_id: { table: c }, user_id: { table: memberships, column: memberships.userId } },
  unique: [{ constraint: 'organisers_member_unique', field: 'user_id', message: 'This member already organises this campaign.' }],
  beforeWrite: async (tx, req, input, current) => {
    const out: Record<string, unknown> = current ? {} : { created_by: req.user!.id };
    if (input.user_id && !input.name) {
      const [u] = await rows<{ name: string; email: string }>(
        tx,
        sql`select u.name, u.email from users u join memberships m on m.user_id = u.id and m.tenant_id = ${req.tenant!.id} where u.id = ${input.user_id as number}`,
      );
      if (!u) throw new ValidationError({ user_id: ['The selected user is invalid.'] });
      out.name = u.name;
      if (!input.email && !current) out.email = u.email;
    }
    if (current) {
      const merged = { ...current, ...input, ...out };
      if (!merged.user_id && !merged.email && !merged.phone) throw new ValidationError({ user_id: ['Choose a member of the company, or give the organiser an email or a phone number.'] });
      if (input.campaign_id !== undefined && input.campaign_id !== current.campaign_id) {
        // an organiser linked to events of its campaign cannot move to another one
        const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${eventOrganisers} where tenant_id = ${req.tenant!.id} and organiser_id = ${current.id as number}`);
        if (Number(n)) throw new ValidationError({ campaign_id: ['This organiser organises events of its campaign: unlink them first.'] });
      }
    }
    return out;
  },
});

/** The campaign's figures for Campaigns/Show: counts, spend and reach. */
async function campaignStats(req: import('fastify').FastifyRequest, campaignId: number): Promise<CampaignStats> {
  const tenantId = req.tenant!.id;
  return req.tenantTx(async (tx) => {
    const [found] = await tx.select({ id: c.id }).from(c).where(and(eq(c.tenantId, tenantId), eq(c.id, campaignId)));
    if (!found) throw notFound('Campaign');
    const visible = eventsWhere(req, { campaign_id: campaignId });
    const byStatus = await tx.select({ status: events.status, n: count() }).from(events).where(visible).groupBy(events.status);
    const [{ locations }] = await rows<{ locations: number }>(
      tx,
      sql`select count(distinct coalesce(nullif(trim(concat_ws(', ', venue, address)), ''), case when online_url is not null then 'Online' end))::int as locations from ${events} where ${visible}`,
    );
    const [{ organisers }] = await rows<{ organisers: number }>(tx, sql`select count(*)::int as organisers from ${o} where tenant_id = ${tenantId} and campaign_id = ${campaignId}`);
    // what its sends cost: credits still charged (held or settled), not those given back
    const months = await rows<{ month: string; credits: string; messages: number }>(
      tx,
      sql`select to_char(date_trunc('month', d.created_at at time zone 'UTC'), 'YYYY-MM') as month,
                 coalesce(sum(d.credits) filter (where d.credit_state = 'held' and d.state <> 'cancelled'), 0)::text as credits,
                 count(*) filter (where d.state in ('sent', 'delivered'))::int as messages
            from sends s join deliveries d on d.tenant_id = s.tenant_id and d.send_id = s.id
           where s.tenant_id = ${tenantId} and s.campaign_id = ${campaignId}
           group by 1 order by 1`,
    );
    const [rsvp] = await rows<{ invitations: number; rsvps: number; yes: number; no: number; maybe: number }>(
      tx,
      sql`select count(*)::int as invitations, count(i.answer)::int as rsvps,
                 count(*) filter (where i.answer = 'yes')::int as yes, count(*) filter (where i.answer = 'no')::int as no,
                 count(*) filter (where i.answer = 'maybe')::int as maybe
            from rsvp_invitations i join ${events} on ${events.tenantId} = i.tenant_id and ${events.id} = i.event_id
           where i.tenant_id = ${tenantId} and ${visible}`,
    );
    const events_by_status = Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, 0])) as CampaignStats['events_by_status'];
    for (const r of byStatus) events_by_status[r.status] = Number(r.n);
    const spend = months.reduce((sum, m) => sum + Number(m.credits), 0);
    return {
      events: Object.values(events_by_status).reduce((a, b) => a + b, 0),
      organisers: Number(organisers),
      locations: Number(locations),
      spend: spend.toFixed(4),
      messages_sent: months.reduce((sum, m) => sum + Number(m.messages), 0),
      invitations: Number(rsvp.invitations),
      rsvps: Number(rsvp.rsvps),
      rsvp_yes: Number(rsvp.yes),
      rsvp_no: Number(rsvp.no),
      rsvp_maybe: Number(rsvp.maybe),
      events_by_status,
      spend_by_month: months.map((m) => ({ month: m.month, credits: Number(m.credits).toFixed(4), messages: Number(m.messages) })),
    };
  });
}

export function campaignRoutesJson(app: FastifyInstance) {
  campaignResource.routes(app);
  organiserResource.routes(app);

  app.get('/campaigns/:id/stats', { config: { access: 'campaigns.view' } }, async (req) => ({ data: await campaignStats(req, paramId(req, 'Campaign')) }));

  app.get('/organisers/count', { config: { access: 'organisers.view' } }, async (req) => {
    const q = validate(countQuery.pick({ campaign_id: true }), req.query ?? {});
    const [row] = await req.tenantRead((tx) =>
      tx
        .select({ count: count() })
        .from(o)
        .where(and(eq(o.tenantId, req.tenant!.id), q.campaign_id ? eq(o.campaignId, q.campaign_id) : undefined)),
    );
    return { data: { count: Number(row.count) } };
  });
}
