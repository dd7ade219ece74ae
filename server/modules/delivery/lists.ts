import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { isoTimestamp as ts } from '../../db/sql.js';
import { attachCounts, type DeliveryCounts } from './counts.js';
import { deliveries as d, sends as s, type SendChannel } from './schema.js';

/**
 * What every channel's list of sends and list of recipients declares alike (SMS messages,
 * airtime sends; SMS and airtime transactions): the shared fields, order, filters, the channel's
 * scope and the recipients' counts. A channel's resource spreads these and adds its own fields,
 * base, permissions and search.
 */
export const sendListFields = {
  id: s.id,
  status: s.status,
  pause_reason: s.pauseReason,
  audience_label: s.audienceLabel,
  recipients: s.recipients,
  credits_reserved: s.creditsReserved,
  scheduled_at: sql<string | null>`${ts(s.scheduledAt)}`,
  started_at: sql<string | null>`${ts(s.startedAt)}`,
  completed_at: sql<string | null>`${ts(s.completedAt)}`,
  created_by_name: sql<string | null>`(select u.name from users u where u.id = ${s.createdBy})`,
  created_at: ts(s.createdAt),
  updated_at: ts(s.updatedAt),
};

export const sendList = (channel: SendChannel) => ({
  table: s,
  writes: false as const,
  columns: { created_at: s.createdAt, updated_at: s.updatedAt, scheduled_at: s.scheduledAt },
  create: z.object({}),
  sortable: ['created_at', 'updated_at', 'scheduled_at', 'recipients'],
  defaultSort: ['created_at', 'desc'] as ['created_at', 'desc'],
  filterable: ['status'],
  scope: () => sql`${s.channel} = ${channel}`,
  attach: (tx: Parameters<typeof attachCounts>[0], req: { tenant?: { id: number } | null }, list: Record<string, unknown>[]) =>
    attachCounts(tx, req.tenant!.id, list as unknown as { id: number; counts?: DeliveryCounts }[]),
  export: false as const,
});

export const recipientListFields = {
  id: d.id,
  contact_id: d.contactId,
  contact_name: sql<string | null>`(select nullif(trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')), '') from outreach_contacts o
                                     where o.tenant_id = ${d.tenantId} and o.id = ${d.contactId})`,
  phone: d.address,
  state: d.state,
  reason: d.reason,
  provider_status: d.providerStatus,
  /** credits charged for the recipient: none once given back */
  credits: sql<string>`case when ${d.creditState} in ('returned', 'refunded') then '0.0000' else ${d.credits}::text end`,
  sent_at: sql<string | null>`${ts(d.sentAt)}`,
  delivered_at: sql<string | null>`case when ${d.state} = 'delivered' then ${ts(d.doneAt)} end`,
  created_at: ts(d.createdAt),
  updated_at: ts(d.updatedAt),
};

export const recipientList = {
  table: d,
  writes: false as const,
  create: z.object({}),
  searchable: ['phone'],
  sortable: ['created_at', 'updated_at', 'state'],
  defaultSort: ['created_at', 'desc'] as ['created_at', 'desc'],
};
