import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notify } from '../notifications/service.js';
import type { SendChannel } from './schema.js';

/** Where each channel's sends are listed, for the notification's link. */
const LIST_URL: Record<SendChannel, string> = { sms: '/sms/messages', email: '/email/group-transactions', airtime: '/airtime' };
const WHAT: Record<SendChannel, string> = { sms: 'SMS', email: 'email', airtime: 'airtime send' };

/**
 * Tells whoever started a send that it has finished, with its figures (issue 22: "send
 * finished" goes through the one notify call). One grouped read of the send's recipients; a
 * failure-heavy send is marked important so it also shows as a toast.
 */
export async function tellSendFinished(tx: Tx, tenantId: number, sendId: number) {
  const [s] = await rows<{ channel: SendChannel; created_by: number | null; audience_label: string; delivered: number; failed: number; total: number }>(
    tx,
    sql`select s.channel, s.created_by, s.audience_label,
               count(d.state) filter (where d.state in ('delivered', 'sent'))::int as delivered,
               count(d.state) filter (where d.state in ('failed', 'rejected', 'unknown'))::int as failed,
               count(d.state)::int as total
          from sends s left join deliveries d on d.tenant_id = s.tenant_id and d.send_id = s.id
         where s.tenant_id = ${tenantId} and s.id = ${sendId}
         group by s.id, s.channel, s.created_by, s.audience_label`,
  );
  if (!s?.created_by) return;
  const what = WHAT[s.channel];
  const to = s.audience_label ? ` to ${s.audience_label}` : '';
  await notify(tx, tenantId, {
    userId: s.created_by,
    type: 'send.finished',
    title: `Your ${what}${to} has finished`,
    body: `${s.delivered} of ${s.total} sent or delivered${s.failed ? `, ${s.failed} failed` : ''}.`,
    url: LIST_URL[s.channel],
    data: { send_id: sendId, channel: s.channel, delivered: s.delivered, failed: s.failed, total: s.total },
    important: s.failed > 0 && s.failed * 2 >= s.total,
  });
}
