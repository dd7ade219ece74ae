import { sql } from 'drizzle-orm';
import type { CreditKind, CreditMovement, CreditService } from '../../../common/wallet.js';
import { rows, type Tx } from '../../db/client.js';
import { HttpError, notFound, ValidationError } from '../../http/errors.js';
import { checkLowBalance } from './alerts.js';
import { rateSettings } from './rates.js';

/**
 * The credit ledger's service (docs/decisions/0032-credit-wallet.md). Every function runs in the
 * caller's tenant transaction and first locks the company's wallet row (SELECT … FOR UPDATE):
 * all movements of one company queue behind each other, those of other companies do not. Under
 * that lock the ledger lines, the lots' remainders and the cached balance change together, so
 * the balance is always the sum of the ledger and never negative (CHECK constraints say so too).
 */

/** A credit amount as the database writes it: a decimal string with at most four places. */
const CREDITS = /^\d{1,15}(\.\d{1,4})?$/;

/** "120.0000" → "120", "0.5000" → "0.5": how a sentence shows credits. */
export const creditsInWords = (value: string) => {
  const [whole, frac = ''] = value.split('.');
  const f = frac.replace(/0+$/, '');
  return f ? `${whole}.${f}` : whole;
};

/** A send the balance does not cover: 402 with a sentence the sender can act on. */
export class InsufficientCredits extends HttpError {
  constructor(
    public needed: string,
    public available: string,
  ) {
    super(402, `Not enough credits: this send needs ${creditsInWords(needed)}, the wallet has ${creditsInWords(available)}.`);
  }
}

export interface Reservation {
  id: number;
  service: CreditService;
  units: string;
  credits: string;
  status: 'open' | 'settled' | 'released';
  settled_credits: string | null;
  reference: string | null;
}

interface Line {
  movement: CreditMovement;
  kind: CreditKind;
  service?: CreditService | null;
  /** signed */
  credits: string;
  description: string;
  reference?: string | null;
  userId?: number | null;
  lotId?: number | null;
  reservationId?: number | null;
  expiresAt?: string | null;
  amount?: string | null;
  currency?: string | null;
}

/** The tenant of the call: given, or the transaction's own (app.tenant_id). */
async function tenantOf(tx: Tx, given?: number): Promise<number> {
  if (given !== undefined) return given;
  const [row] = await rows<{ id: string | null }>(tx, sql`select nullif(current_setting('app.tenant_id', true), '') as id`);
  if (!row?.id) throw new Error('The wallet needs a tenant transaction');
  return Number(row.id);
}

/** Locks the company's wallet row (making it the first time) and answers its balance. */
export async function lockWallet(tx: Tx, tenantId: number): Promise<string> {
  const read = () => rows<{ balance: string }>(tx, sql`select balance::text as balance from wallets where tenant_id = ${tenantId} for update`);
  let [w] = await read();
  if (!w) {
    await tx.execute(sql`insert into wallets (tenant_id) values (${tenantId}) on conflict (tenant_id) do nothing`);
    [w] = await read();
  }
  return w.balance;
}

/**
 * Appends lines in order, in one statement, moving the cached balance by their sum and writing
 * each line's balance_after. Called only under the wallet's lock.
 */
async function append(tx: Tx, tenantId: number, lines: Line[]): Promise<{ id: number; balance_after: string }[]> {
  if (!lines.length) return [];
  const json = JSON.stringify(
    lines.map((l, ord) => ({
      ord,
      movement: l.movement,
      kind: l.kind,
      service: l.service ?? null,
      credits: l.credits,
      description: l.description,
      reference: l.reference ?? null,
      user_id: l.userId ?? null,
      lot_id: l.lotId ?? null,
      reservation_id: l.reservationId ?? null,
      expires_at: l.expiresAt ?? null,
      amount: l.amount ?? null,
      currency: l.currency ?? null,
    })),
  );
  return rows<{ id: number; balance_after: string }>(
    tx,
    sql`with l as (
          select * from jsonb_to_recordset(${json}::jsonb) as x(ord int, movement text, kind text, service text, credits numeric, description text,
                                                                 reference text, user_id bigint, lot_id bigint, reservation_id bigint, expires_at timestamptz,
                                                                 amount numeric, currency text)
        ), w as (
          update wallets set balance = balance + (select sum(credits) from l), updated_at = now()
           where tenant_id = ${tenantId}
          returning balance - (select sum(credits) from l) as before
        )
        insert into credit_movements (tenant_id, movement, kind, service, credits, balance_after, description, reference, user_id, lot_id, reservation_id, expires_at, amount, currency)
        select ${tenantId}, l.movement, l.kind, l.service, l.credits, w.before + sum(l.credits) over (order by l.ord), l.description, l.reference,
               l.user_id, l.lot_id, l.reservation_id, l.expires_at, l.amount, l.currency
          from l cross join w
         order by l.ord
        returning id, balance_after::text as balance_after`,
  );
}

const positive = (field: string, value: string) => {
  if (!CREDITS.test(value) || Number(value) <= 0) throw new ValidationError({ [field]: [`The ${field} must be a positive number with at most four decimals.`] });
};

export interface AddCredits {
  tenantId?: number;
  kind: CreditKind;
  /** positive, at most four decimals */
  credits: string;
  reference?: string | null;
  description: string;
  userId?: number | null;
  expiresAt?: string | Date | null;
  movement: Extract<CreditMovement, 'purchase' | 'grant' | 'refund' | 'adjustment'>;
  /** what a purchase was paid (the wallet's "amount spent"), with its ISO currency */
  amount?: string | null;
  currency?: string | null;
}

/** Adds an inbound lot (a purchase, a grant, a refund, a positive adjustment): one ledger line and the lot it opens. */
export async function addCredits(tx: Tx, input: AddCredits): Promise<{ movementId: number; lotId: number; balance: string }> {
  positive('credits', input.credits);
  const tenantId = await tenantOf(tx, input.tenantId);
  const expiresAt = input.expiresAt instanceof Date ? input.expiresAt.toISOString() : (input.expiresAt ?? null);
  await lockWallet(tx, tenantId);
  await expireDue(tx, tenantId);
  const [line] = await append(tx, tenantId, [
    {
      movement: input.movement,
      kind: input.kind,
      credits: input.credits,
      description: input.description,
      reference: input.reference,
      userId: input.userId,
      expiresAt,
      amount: input.amount,
      currency: input.currency,
    },
  ]);
  const [lot] = await rows<{ id: number }>(
    tx,
    sql`insert into credit_lots (tenant_id, movement_id, kind, credits, remaining, expires_at)
        values (${tenantId}, ${line.id}, ${input.kind}, ${input.credits}, ${input.credits}, ${expiresAt}) returning id`,
  );
  await checkLowBalance(tx, tenantId);
  return { movementId: line.id, lotId: lot.id, balance: line.balance_after };
}

/**
 * Writes an `expiry` line for every lot of the company past its expiry with credits left, and
 * empties it. Under the wallet's lock (each movement calls it first, so a spend never takes
 * expired credits; the maintenance job calls it for companies nobody touches).
 */
export async function expireDue(tx: Tx, tenantId: number): Promise<number> {
  const expired = await rows<{ id: number; kind: CreditKind; remaining: string; expires_at: string }>(
    tx,
    sql`with d as (
          select id, kind, remaining, expires_at from credit_lots
           where tenant_id = ${tenantId} and remaining > 0 and expires_at <= now()
           for update
        ), u as (
          update credit_lots l set remaining = 0, updated_at = now() from d
           where l.tenant_id = ${tenantId} and l.id = d.id
          returning d.id, d.kind, d.remaining, d.expires_at
        )
        select id, kind, remaining::text as remaining, to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD') as expires_at from u order by expires_at, id`,
  );
  await append(
    tx,
    tenantId,
    expired.map((e) => ({
      movement: 'expiry' as const,
      kind: e.kind,
      credits: `-${e.remaining}`,
      description: `${creditsInWords(e.remaining)} ${e.kind} credits expired on ${e.expires_at}`,
      lotId: e.id,
    })),
  );
  return expired.length;
}

/** Per kind, in the order given: one ledger line each for the granted and the paid part. */
function byKind(parts: { kind: CreditKind; amount: string }[]): { kind: CreditKind; amount: string }[] {
  const sums = new Map<CreditKind, bigint>();
  for (const p of parts) sums.set(p.kind, (sums.get(p.kind) ?? 0n) + toUnits(p.amount));
  return [...sums].map(([kind, units]) => ({ kind, amount: fromUnits(units) }));
}
const toUnits = (v: string) => {
  const neg = v.startsWith('-');
  const [w, f = ''] = v.replace('-', '').split('.');
  const u = BigInt(w) * 10_000n + BigInt((f + '0000').slice(0, 4));
  return neg ? -u : u;
};
const fromUnits = (u: bigint) => {
  const neg = u < 0n;
  const a = neg ? -u : u;
  return `${neg ? '-' : ''}${a / 10_000n}.${(a % 10_000n).toString().padStart(4, '0')}`;
};

const SERVICE_NAMES: Record<CreditService, string> = { sms: 'SMS', email: 'Email', airtime: 'Airtime' };
const UNIT_NAMES: Record<CreditService, [string, string]> = { sms: ['part', 'parts'], email: ['email', 'emails'], airtime: ['unit', 'units'] };
const unitsInWords = (service: CreditService, units: string) => `${creditsInWords(units)} ${UNIT_NAMES[service][creditsInWords(units) === '1' ? 0 : 1]}`;

export interface ReserveInput {
  tenantId?: number;
  service: CreditService;
  /** SMS parts, emails, airtime units: positive, at most four decimals */
  units: string | number;
  reference?: string | null;
  userId?: number | null;
}

/**
 * Holds the credits a send will need (units × the company's rate for the service), taken from
 * granted lots first, then the oldest. Refused with InsufficientCredits (402) when the balance
 * is short; nothing is written then.
 */
export async function reserve(tx: Tx, input: ReserveInput): Promise<Reservation> {
  const units = String(input.units);
  positive('units', units);
  const tenantId = await tenantOf(tx, input.tenantId);
  const rate = (await rateSettings(tx, tenantId)).service[input.service];
  if (rate === undefined) throw new ValidationError({ service: ['The selected service is invalid.'] });
  await lockWallet(tx, tenantId);
  await expireDue(tx, tenantId);
  const [{ need, balance }] = await rows<{ need: string; balance: string }>(
    tx,
    sql`select round(${units}::numeric * ${rate}::numeric, 4)::text as need, balance::text as balance from wallets where tenant_id = ${tenantId}`,
  );
  if (toUnits(need) <= 0n) throw new ValidationError({ units: ['The units cost no credits at the current rate.'] });
  if (toUnits(balance) < toUnits(need)) throw new InsufficientCredits(need, balance);
  const taken = await rows<{ id: number; kind: CreditKind; amount: string; ord: number }>(
    tx,
    sql`with c as (
          select id, kind, remaining, created_at,
                 sum(remaining) over (order by kind = 'paid', created_at, id) - remaining as before
            from credit_lots
           where tenant_id = ${tenantId} and remaining > 0 and (expires_at is null or expires_at > now())
        ), take as (
          select id, kind, least(remaining, ${need}::numeric - before) as amount, row_number() over (order by kind = 'paid', created_at, id) as ord
            from c where before < ${need}::numeric
        )
        update credit_lots l set remaining = l.remaining - take.amount, updated_at = now()
          from take where l.tenant_id = ${tenantId} and l.id = take.id
        returning l.id, take.kind, take.amount::text as amount, take.ord`,
  );
  taken.sort((a, b) => Number(a.ord) - Number(b.ord));
  const allocations = taken.map((t) => ({ lot: Number(t.id), kind: t.kind, credits: t.amount }));
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into credit_reservations (tenant_id, service, units, rate, credits, allocations, reference, user_id)
        values (${tenantId}, ${input.service}, ${units}, ${rate}, ${need}, ${JSON.stringify(allocations)}::jsonb, ${input.reference ?? null}, ${input.userId ?? null})
        returning id`,
  );
  const what = `${SERVICE_NAMES[input.service]}: ${unitsInWords(input.service, units)}`;
  await append(
    tx,
    tenantId,
    byKind(allocations.map((a) => ({ kind: a.kind, amount: a.credits }))).map((p) => ({
      movement: 'reserve' as const,
      kind: p.kind,
      service: input.service,
      credits: `-${p.amount}`,
      description: `${what} held (${creditsInWords(p.amount)} ${p.kind} credits)`,
      reference: input.reference,
      userId: input.userId,
      reservationId: r.id,
    })),
  );
  await checkLowBalance(tx, tenantId);
  return { id: r.id, service: input.service, units: fromUnits(toUnits(units)), credits: need, status: 'open', settled_credits: null, reference: input.reference ?? null };
}

async function lockedReservation(tx: Tx, tenantId: number, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound('Reservation');
  const [r] = await rows<{
    id: number;
    service: CreditService;
    units: string;
    rate: string;
    credits: string;
    status: Reservation['status'];
    settled_credits: string | null;
    allocations: { lot: number; kind: CreditKind; credits: string }[];
    reference: string | null;
    user_id: number | null;
  }>(
    tx,
    sql`select id, service, units::text as units, rate::text as rate, credits::text as credits, status, settled_credits::text as settled_credits,
               allocations, reference, user_id
          from credit_reservations where tenant_id = ${tenantId} and id = ${id} for update`,
  );
  if (!r) throw notFound('Reservation');
  return r;
}

const answer = (r: Awaited<ReturnType<typeof lockedReservation>>): Reservation => ({
  id: r.id,
  service: r.service,
  units: r.units,
  credits: r.credits,
  status: r.status,
  settled_credits: r.settled_credits,
  reference: r.reference,
});

/**
 * Closes an open reservation: `actualUnits` charged (at the reservation's own rate, at most
 * what was held), the rest back to the lots it came from, the last taken first. A closed
 * reservation is answered as it is: a second settle or release changes nothing.
 */
async function close(tx: Tx, tenantId: number, reservationId: number, actualUnits: string | null): Promise<Reservation> {
  await lockWallet(tx, tenantId);
  const r = await lockedReservation(tx, tenantId, reservationId);
  if (r.status !== 'open') return answer(r);
  if (actualUnits !== null && (!CREDITS.test(actualUnits) || Number.isNaN(Number(actualUnits)))) {
    throw new ValidationError({ units: ['The units must be a number of at least 0 with at most four decimals.'] });
  }
  const [{ charged }] = await rows<{ charged: string }>(
    tx,
    sql`select least(${r.credits}::numeric, round(${actualUnits ?? '0'}::numeric * ${r.rate}::numeric, 4))::text as charged`,
  );
  const back = fromUnits(toUnits(r.credits) - toUnits(charged));
  const returned =
    toUnits(back) > 0n
      ? await rows<{ lot: number; kind: CreditKind; amount: string; ord: number }>(
          tx,
          sql`with a as (
                select (x->>'lot')::bigint as lot, x->>'kind' as kind, (x->>'credits')::numeric as credits, ord
                  from jsonb_array_elements(${JSON.stringify(r.allocations)}::jsonb) with ordinality t(x, ord)
              ), g as (
                select lot, kind, ord, least(credits, ${back}::numeric - (sum(credits) over (order by ord desc) - credits)) as amount from a
              )
              update credit_lots l set remaining = l.remaining + g.amount, updated_at = now()
                from g where l.tenant_id = ${tenantId} and l.id = g.lot and g.amount > 0
              returning g.lot, g.kind, g.amount::text as amount, g.ord`,
        )
      : [];
  const settling = actualUnits !== null;
  await tx.execute(
    sql`update credit_reservations
           set status = ${settling ? 'settled' : 'released'}, settled_units = ${settling ? actualUnits : null}, settled_credits = ${charged},
               closed_at = now(), updated_at = now()
         where tenant_id = ${tenantId} and id = ${r.id}`,
  );
  const what = `${SERVICE_NAMES[r.service]}: ${unitsInWords(r.service, r.units)}`;
  const parts = byKind(
    returned.sort((a, b) => Number(b.ord) - Number(a.ord)).map((x) => ({ kind: x.kind, amount: x.amount })),
  );
  const lines: Line[] = settling
    ? (parts.length ? parts : [{ kind: r.allocations[r.allocations.length - 1]?.kind ?? 'paid', amount: '0.0000' }]).map((p) => ({
        movement: 'settle',
        kind: p.kind,
        service: r.service,
        credits: p.amount,
        description: `${what}: ${creditsInWords(charged)} credits charged${toUnits(p.amount) > 0n ? `, ${creditsInWords(p.amount)} ${p.kind} credits returned` : ''}`,
        reference: r.reference,
        userId: r.user_id,
        reservationId: r.id,
      }))
    : parts.map((p) => ({
        movement: 'release',
        kind: p.kind,
        service: r.service,
        credits: p.amount,
        description: `${what} released: ${creditsInWords(p.amount)} ${p.kind} credits returned`,
        reference: r.reference,
        userId: r.user_id,
        reservationId: r.id,
      }));
  await append(tx, tenantId, lines);
  // a returned credit may belong to a lot that expired while it was held
  await expireDue(tx, tenantId);
  await checkLowBalance(tx, tenantId);
  return { ...answer(r), status: settling ? 'settled' : 'released', settled_credits: charged };
}

/** The provider's answer: `actualUnits` used (charged at most what was held), the rest released. Idempotent. */
export async function settle(tx: Tx, reservationId: number, actualUnits: string | number, opts: { tenantId?: number } = {}): Promise<Reservation> {
  return close(tx, await tenantOf(tx, opts.tenantId), reservationId, String(actualUnits));
}

/** A failed or cancelled send: everything held goes back. Idempotent. */
export async function release(tx: Tx, reservationId: number, opts: { tenantId?: number } = {}): Promise<Reservation> {
  return close(tx, await tenantOf(tx, opts.tenantId), reservationId, null);
}

/** The company's balances: available (the ledger's sum), per kind (the lots), and held by open reservations. */
export async function balances(tx: Tx, tenantId: number) {
  const [b] = await rows<{ balance: string; paid: string; granted: string; reserved: string }>(
    tx,
    sql`select coalesce((select balance from wallets where tenant_id = ${tenantId}), 0)::text as balance,
               coalesce((select sum(remaining) from credit_lots where tenant_id = ${tenantId} and kind = 'paid' and remaining > 0), 0)::numeric(20,4)::text as paid,
               coalesce((select sum(remaining) from credit_lots where tenant_id = ${tenantId} and kind = 'granted' and remaining > 0), 0)::numeric(20,4)::text as granted,
               coalesce((select sum(credits) from credit_reservations where tenant_id = ${tenantId} and status = 'open'), 0)::numeric(20,4)::text as reserved`,
  );
  return b;
}
