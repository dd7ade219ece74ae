import { sql } from 'drizzle-orm';
import { DELIVERY_STATES, type DeliveryState } from '../../../common/answers/sms.js';
import { rows, type Tx } from '../../db/client.js';

export type DeliveryCounts = Record<DeliveryState, number>;

/** every recipient count of a send, zero for the states it has none in */
export const emptyCounts = (): DeliveryCounts => Object.fromEntries(DELIVERY_STATES.map((k) => [k, 0])) as DeliveryCounts;

/** The recipients' counts by state of the given sends (any channel): one grouped read for a whole page. */
export async function attachCounts(tx: Tx, tenantId: number, list: { id: number; counts?: DeliveryCounts }[]) {
  if (!list.length) return;
  const found = await rows<{ send_id: number; state: DeliveryState; n: number }>(
    tx,
    sql`select send_id, state, count(*)::int as n from deliveries
         where tenant_id = ${tenantId} and send_id = any(${sql.param(list.map((r) => Number(r.id)))}::bigint[]) group by send_id, state`,
  );
  const byId = new Map(list.map((r) => [Number(r.id), r]));
  for (const r of list) r.counts = emptyCounts();
  for (const f of found) {
    const row = byId.get(Number(f.send_id));
    if (row?.counts) row.counts[f.state] = Number(f.n);
  }
}
