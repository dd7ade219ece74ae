import { sql } from 'drizzle-orm';
import { compare, fromUnits, toUnits } from '../../../common/money.js';
import { rows, type Tx } from '../../db/client.js';
import { toE164 } from '../outreach/phone.js';
import { PURCHASE_PURPOSE, priceOf } from './price.js';
import { ratesFor } from './rates.js';
import type { AutoTopUp } from './schema.js';

/**
 * The automatic top-up (docs/decisions/0032-credit-wallet.md): when a movement takes the balance
 * below the alert threshold — the crossing the alert detects — and the company has turned it on,
 * an automatic credit purchase of (target − balance) credits is made in that same transaction,
 * under the wallet's lock. The top-up job (top-up-job.ts) starts its payment with the saved
 * method after the commit; the credits land through the purchase's ordinary settlement.
 *
 * At most one automatic purchase is open per company: one waiting for the job, or whose payment
 * is pending. A failed or expired one is not retried; the next crossing makes a new one.
 */

/** How long an automatic purchase may wait for the job before it no longer counts as open (a process that died while starting it). */
export const QUEUED_TOP_UP_TTL = "interval '1 hour'";

/** A Kenyan mobile number (07…, 01…, +2547…, 2541…) in E.164, or null: M-Pesa pays from these only. */
export function kenyanMobile(raw: string): string | null {
  const e164 = toE164(raw, 'KE');
  return e164 && /^\+254[17]\d{8}$/.test(e164) ? e164 : null;
}

/** The condition "this purchase (alias cp) is an open automatic one": not paid, not failed to start, and waiting or with a pending payment. */
export const openAutomatic = sql`cp.automatic and cp.paid_at is null and cp.start_failure is null
  and (exists (select 1 from payments p where p.tenant_id = cp.tenant_id and p.purpose = ${PURCHASE_PURPOSE} and p.reference = cp.id::text and p.status = 'pending')
       or (not exists (select 1 from payments p where p.tenant_id = cp.tenant_id and p.purpose = ${PURCHASE_PURPOSE} and p.reference = cp.id::text)
           and cp.created_at > now() - ${sql.raw(QUEUED_TOP_UP_TTL)}))`;

/**
 * How many credits bring `balance` up to `target`: whole credits, rounded up, within the rates'
 * minimum and maximum purchase.
 */
export function topUpCredits(balance: string, target: string, min: string, max: string): string {
  const missing = toUnits(target, 4) - toUnits(balance, 4);
  const whole = missing <= 0n ? 0n : ((missing + 9999n) / 10000n) * 10000n;
  const lo = toUnits(min, 4);
  const hi = toUnits(max, 4);
  return fromUnits(whole < lo ? lo : whole > hi ? hi : whole, 4);
}

/**
 * Called by the alert on a crossing below the threshold, under the wallet's lock: makes the
 * automatic purchase when the top-up is on and none is open. Answers its id, or null.
 */
export async function queueAutoTopUp(tx: Tx, tenantId: number): Promise<number | null> {
  const [w] = await rows<{ balance: string; auto: AutoTopUp | null }>(tx, sql`select balance::text as balance, auto_top_up as auto from wallets where tenant_id = ${tenantId}`);
  const auto = w?.auto;
  if (!auto?.enabled || !auto.target_balance || auto.method?.driver !== 'mpesa' || compare(w.balance, auto.target_balance) >= 0) return null;
  const [open] = await rows(tx, sql`select 1 from credit_purchases cp where cp.tenant_id = ${tenantId} and ${openAutomatic} limit 1`);
  if (open) return null;
  const rates = await ratesFor(tx, tenantId);
  const credits = topUpCredits(w.balance, auto.target_balance, rates.min_credits, rates.max_credits);
  const amount = priceOf(credits, rates.credit_price);
  if (compare(amount, '0') <= 0) return null;
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into credit_purchases (tenant_id, credits, amount, currency, credit_price, created_by, automatic)
        values (${tenantId}, ${credits}, ${amount}, ${rates.currency}, ${rates.credit_price}, ${auto.saved_by ?? null}, true) returning id`,
  );
  return Number(row.id);
}
