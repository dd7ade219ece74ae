import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { compare } from '../../../common/money.js';
import { PAYMENT_DRIVERS, type PaymentAction, type PaymentDriver, type PaymentStatus } from '../../../common/wallet.js';
import { rows, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { fieldError, HttpError, notFound, ValidationError } from '../../http/errors.js';
import type { ProviderEvent, ProviderOutcome, StartedPayment } from '../../providers/payments/types.js';
import { gatewayOf } from './gateways.js';
import { checkPaymentInput } from './limits.js';

/**
 * Payments of a company to the platform (docs/decisions/0031). A higher module registers a
 * purpose ('wallet_purchase') with what to do once paid, starts a payment for one of its
 * records, and is called back exactly once, inside the transaction that records the success.
 */

export interface PaymentRow {
  tenant_id: number;
  id: number;
  purpose: string;
  reference: string;
  description: string;
  amount: string;
  currency: string;
  driver: PaymentDriver;
  status: PaymentStatus;
  provider_ref: string | null;
  provider_receipt: string | null;
  action: PaymentAction | null;
  failure_reason: string | null;
  late: boolean;
  expires_at: string;
  settled_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentPurpose {
  /**
   * Runs once per payment, when it succeeds, in the transaction that records the success (the
   * company's tenant transaction): what it writes commits with the success or not at all. An
   * error rolls the success back; the webhook or query that brought it is answered with an
   * error and comes again.
   */
  onSucceeded(tx: Tx, payment: PaymentRow): Promise<void>;
  /**
   * Runs after that transaction has committed, in the process that settled it (mail a receipt):
   * best effort, once per settling; an error is logged, the payment stays succeeded.
   */
  afterSucceeded?(app: FastifyInstance, payment: PaymentRow): Promise<void>;
}

/** the payments each open settling transaction made succeed, for afterSucceeded once it commits */
const succeededIn = new WeakMap<Tx, PaymentRow[]>();

/**
 * Runs `fn` in the company's transaction; once committed, each payment it made succeed gets its
 * purpose's afterSucceeded. Every settling path goes through here (webhooks, status queries,
 * the log driver's immediate success, the operator's approval).
 */
export async function settlingTx<T>(app: FastifyInstance, tenantId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let succeeded: PaymentRow[] = [];
  const result = await withTenant(app.ctx.database, tenantId, async (tx) => {
    succeeded = [];
    succeededIn.set(tx, succeeded);
    try {
      return await fn(tx);
    } finally {
      succeededIn.delete(tx);
    }
  });
  for (const p of succeeded) {
    const after = purposes.get(p.purpose)?.afterSucceeded;
    if (!after) continue;
    await after(app, p).catch((err: unknown) => app.log.error({ err, paymentId: p.id, tenantId: p.tenant_id }, 'after a payment succeeded: failed'));
  }
  return result;
}

const purposes = new Map<string, PaymentPurpose>();

/** Registers what a purpose does once paid; registering a purpose again replaces its handler (one app per test file may be built twice). */
export function registerPaymentPurpose(purpose: string, handler: PaymentPurpose) {
  if (!/^[a-z][a-z0-9_]{0,49}$/.test(purpose)) throw new Error(`Invalid payment purpose "${purpose}"`);
  purposes.set(purpose, handler);
}

/**
 * How long a pending payment waits: 30 minutes for an M-Pesa push; an hour for a Stripe Checkout
 * (Stripe takes a session's expires_at only 30 minutes to 24 hours from its creation, and the
 * session is created a moment after the row); 14 days for a bank transfer.
 */
export const PAYMENT_TTL_MINUTES = 30;
export const STRIPE_TTL_MINUTES = 60;
export const OFFLINE_TTL_DAYS = 14;

const ttl = (driver: PaymentDriver) =>
  driver === 'offline'
    ? sql`now() + make_interval(days => ${OFFLINE_TTL_DAYS})`
    : sql`now() + make_interval(mins => ${driver === 'stripe' ? STRIPE_TTL_MINUTES : PAYMENT_TTL_MINUTES})`;

const COLUMNS = sql.raw(`tenant_id, id, purpose, reference, description, amount::text as amount, currency, driver, status, provider_ref,
  provider_receipt, action, failure_reason, late, expires_at, settled_at, created_by, created_at, updated_at`);

const CURRENT_TENANT = sql`nullif(current_setting('app.tenant_id', true), '')::bigint`;

/** The payment of the current company (the tenant transaction's), or null. */
export async function paymentOf(tx: Tx, id: number): Promise<PaymentRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await rows<PaymentRow>(tx, sql`select ${COLUMNS} from payments where tenant_id = ${CURRENT_TENANT} and id = ${id}`);
  return row ?? null;
}

/** The newest payment for one thing paid for (purpose + reference) of the current company, or null. */
export async function latestPaymentFor(tx: Tx, purpose: string, reference: string): Promise<PaymentRow | null> {
  const [row] = await rows<PaymentRow>(
    tx,
    sql`select ${COLUMNS} from payments where tenant_id = ${CURRENT_TENANT} and purpose = ${purpose} and reference = ${reference}
         order by (status = 'succeeded') desc, id desc limit 1`,
  );
  return row ?? null;
}

export interface StartPaymentInput {
  tenantId: number;
  purpose: string;
  reference: string;
  /** decimal string in `currency` */
  amount: string;
  currency: string;
  description: string;
  driver: PaymentDriver;
  phone?: string | null;
  email?: string | null;
  userId: number | null;
  /** the page of Kazi the payer comes back to from a hosted page ("/wallet/checkout/4") */
  returnPath: string;
}

export interface StartedPaymentAnswer {
  paymentId: number;
  status: PaymentStatus;
  action: PaymentAction | null;
}

/** Where M-Pesa posts its callbacks; the driver adds /<paymentId>/<its own token> to it. */
export const mpesaCallbackBase = (appUrl: string) => `${appUrl}/webhooks/mpesa`;

/**
 * Starts — or restarts — paying for `purpose` + `reference`. Bad input (driver not offered here,
 * foreign currency, amount out of bounds, no phone for M-Pesa) is a 422 before any row or
 * provider call. One payment is open per thing paid for: starting again while it is pending
 * keeps the same row (its id stays the provider's idempotency key) and starts a new attempt,
 * with this driver or another one; the earlier attempts stay on record, so a success reported
 * for one of them still settles the payment, once. A thing already paid for is a 409.
 *
 * No transaction is held while the provider is called: the row is committed first, the
 * provider's answer recorded after (a log driver's immediate success is settled there).
 */
export async function startPayment(app: FastifyInstance, input: StartPaymentInput): Promise<StartedPaymentAnswer> {
  const { database, config } = app.ctx;
  if (!purposes.has(input.purpose)) throw new Error(`No payment purpose "${input.purpose}" is registered`);
  if (!(PAYMENT_DRIVERS as readonly string[]).includes(input.driver)) throw fieldError('driver', 'The selected payment method is invalid.');
  const amount = checkPaymentInput(input);
  const gateway = gatewayOf(app, input.driver);
  if (!input.returnPath.startsWith('/') || input.returnPath.startsWith('//')) throw new Error('returnPath must be a path of Kazi');

  const { id, isNew, expiresAt } = await withTenant(database, input.tenantId, async (tx) => {
    const [paid] = await rows(
      tx,
      sql`select 1 from payments where tenant_id = ${input.tenantId} and purpose = ${input.purpose} and reference = ${input.reference} and status = 'succeeded' limit 1`,
    );
    if (paid) throw new HttpError(409, 'This has already been paid.');
    const [open] = await rows<{ id: number; amount: string; currency: string; stripe_started: boolean }>(
      tx,
      sql`select id, amount::text as amount, currency,
                 exists (select 1 from payment_attempts a where a.tenant_id = payments.tenant_id and a.payment_id = payments.id and a.driver = 'stripe') as stripe_started
            from payments
           where tenant_id = ${input.tenantId} and purpose = ${input.purpose} and reference = ${input.reference} and status = 'pending'
           for update`,
    );
    if (open) {
      if (open.currency !== input.currency || compare(open.amount, amount) !== 0) {
        throw new HttpError(409, 'A payment of another amount is already open for this; wait for it to expire.');
      }
      // a restart gives the payer the new driver's time, unless Stripe was started already: a
      // Checkout Session keeps the deadline it was created with (the same request every time)
      const [row] = await rows<{ expires_at: string }>(
        tx,
        open.stripe_started
          ? sql`update payments set updated_at = now() where tenant_id = ${input.tenantId} and id = ${open.id} returning expires_at`
          : sql`update payments set expires_at = ${ttl(input.driver)}, updated_at = now() where tenant_id = ${input.tenantId} and id = ${open.id} returning expires_at`,
      );
      return { id: Number(open.id), isNew: false, expiresAt: row.expires_at };
    }
    const [row] = await rows<{ id: number; expires_at: string }>(
      tx,
      sql`insert into payments (tenant_id, purpose, reference, description, amount, currency, driver, expires_at, created_by)
          values (${input.tenantId}, ${input.purpose}, ${input.reference}, ${input.description}, ${amount}, ${input.currency}, ${input.driver}, ${ttl(input.driver)}, ${input.userId})
          on conflict do nothing returning id, expires_at`,
    );
    // another request opened it between our read and this insert
    if (!row) throw new HttpError(409, 'This payment is being started already; try again in a moment.');
    return { id: Number(row.id), isNew: true, expiresAt: row.expires_at };
  });

  const back = `${config.appUrl}${input.returnPath}`;
  const join = back.includes('?') ? '&' : '?';
  let started: StartedPayment;
  try {
    started = await gateway.start({
      paymentId: String(id),
      amount,
      currency: input.currency,
      description: input.description,
      phone: input.phone ?? undefined,
      email: input.email ?? undefined,
      returnUrl: `${back}${join}payment=${id}`,
      cancelUrl: `${back}${join}payment=${id}&cancelled=1`,
      callbackUrl: mpesaCallbackBase(config.appUrl),
      // the same deadline on every start of this payment: Stripe refuses a reused idempotency key with another request
      expiresAt: new Date(expiresAt),
    });
  } catch (err) {
    // nothing reached the provider, or it refused: a payment made just now is taken back
    if (isNew) await withTenant(database, input.tenantId, (tx) => tx.execute(sql`delete from payments where tenant_id = ${input.tenantId} and id = ${id} and status = 'pending'`));
    throw providerFailure(err);
  }

  return settlingTx(app, input.tenantId, async (tx) => {
    await tx.execute(
      sql`insert into payment_attempts (tenant_id, payment_id, driver, provider_ref, action, created_by)
          values (${input.tenantId}, ${id}, ${input.driver}, ${started.providerRef}, ${JSON.stringify(started.action)}::jsonb, ${input.userId})
          on conflict (tenant_id, driver, provider_ref) do update set action = excluded.action, updated_at = now()`,
    );
    await tx.execute(
      sql`update payments set driver = ${input.driver}, provider_ref = ${started.providerRef}, action = ${JSON.stringify(started.action)}::jsonb,
                 failure_reason = null, updated_at = now()
           where tenant_id = ${input.tenantId} and id = ${id} and status = 'pending'`,
    );
    if (started.outcome) await settlePayment(tx, input.tenantId, id, input.driver, started.outcome);
    const p = (await paymentOf(tx, id))!;
    return { paymentId: id, status: p.status, action: p.status === 'pending' ? p.action : null };
  });
}

/** A driver's refusal as the payer reads it: its own input errors as a 422, a provider that failed as a 502. */
export function providerFailure(err: unknown): Error {
  const e = err as { name?: string; message?: string; field?: string };
  if (e?.name === 'PaymentRequestInvalid') return new ValidationError({ [e.field ?? 'amount']: [e.message ?? 'The payment cannot be made this way.'] });
  if (e?.name === 'ProviderError') return new HttpError(502, e.message ?? 'The payment provider could not be reached.');
  return err as Error;
}

export type SettleEffect = 'succeeded' | 'failed' | 'expired' | 'none' | 'duplicate';

/**
 * Applies what a provider said about a payment, in the company's transaction. A success is ONE
 * conditional UPDATE (… where status <> 'succeeded' returning …): of two webhooks racing, the
 * second waits for the first's row lock, then finds the row succeeded and changes nothing, so
 * the purpose's handler runs once. A success after expiry (or a failure, or a cancel) still
 * counts, marked late. A failure or expiry applies only to a pending payment and only when it
 * concerns the current attempt (a superseded attempt failing changes nothing). With an
 * `eventId`, the event is recorded first: a replay conflicts and changes nothing.
 */
export async function settlePayment(
  tx: Tx,
  tenantId: number,
  paymentId: number,
  driver: PaymentDriver,
  outcome: ProviderOutcome | ProviderEvent,
): Promise<SettleEffect> {
  const eventId = 'eventId' in outcome ? outcome.eventId : null;
  // the outcome must concern an attempt of this payment (of this company)
  const [attempt] = await rows(
    tx,
    sql`select 1 from payment_attempts where tenant_id = ${tenantId} and payment_id = ${paymentId} and driver = ${driver} and provider_ref = ${outcome.providerRef}`,
  );
  if (!attempt) return 'none';
  // the provider echoes our payment id (Stripe's client_reference_id, the callback address): it must be this one
  if (outcome.paymentId !== undefined && outcome.paymentId !== String(paymentId)) return 'none';
  if (eventId) {
    const [fresh] = await rows(
      tx,
      sql`insert into payment_events (tenant_id, payment_id, driver, event_id, outcome, effect)
          values (${tenantId}, ${paymentId}, ${driver}, ${eventId}, ${outcome.status}, 'none')
          on conflict (tenant_id, driver, event_id) do nothing returning id`,
    );
    if (!fresh) return 'duplicate';
  }
  const effect = await apply(tx, tenantId, paymentId, driver, outcome);
  if (eventId && effect !== 'none') {
    await tx.execute(sql`update payment_events set effect = ${effect} where tenant_id = ${tenantId} and driver = ${driver} and event_id = ${eventId}`);
  }
  return effect;
}

async function apply(tx: Tx, tenantId: number, paymentId: number, driver: PaymentDriver, o: ProviderOutcome): Promise<SettleEffect> {
  if (o.status === 'succeeded') {
    // what the provider says was paid must be what was asked (when it says)
    const amountOk = o.amount === undefined ? sql`true` : sql`amount = ${o.amount}::numeric`;
    const currencyOk = o.currency === undefined ? sql`true` : sql`currency = ${o.currency.toUpperCase()}`;
    const [paid] = await rows<PaymentRow>(
      tx,
      sql`update payments
             set status = 'succeeded', late = status <> 'pending', provider_receipt = coalesce(${o.receipt ?? null}, provider_receipt),
                 driver = ${driver}, provider_ref = ${o.providerRef}, failure_reason = null, action = '{"kind":"done"}'::jsonb,
                 settled_at = now(), updated_at = now()
           where tenant_id = ${tenantId} and id = ${paymentId} and status <> 'succeeded' and ${amountOk} and ${currencyOk}
       returning ${COLUMNS}`,
    );
    if (!paid) {
      const current = await paymentOf(tx, paymentId);
      if (current && current.status !== 'succeeded') {
        await tx.execute(
          sql`update payments set status = 'failed', failure_reason = ${`The provider reported ${o.amount ?? '?'} ${o.currency ?? ''} paid, not ${current.amount} ${current.currency}.`}, updated_at = now()
               where tenant_id = ${tenantId} and id = ${paymentId} and status = 'pending'`,
        );
        return 'failed';
      }
      return 'none';
    }
    const handler = purposes.get(paid.purpose);
    if (!handler) throw new Error(`No payment purpose "${paid.purpose}" is registered`);
    await handler.onSucceeded(tx, paid);
    succeededIn.get(tx)?.push(paid);
    return 'succeeded';
  }
  if (o.status === 'failed' || o.status === 'expired') {
    const [changed] = await rows(
      tx,
      sql`update payments set status = ${o.status}, failure_reason = ${o.reason ?? (o.status === 'failed' ? 'The payment failed.' : 'The payment expired.')}, updated_at = now()
           where tenant_id = ${tenantId} and id = ${paymentId} and status = 'pending' and driver = ${driver} and provider_ref = ${o.providerRef}
       returning id`,
    );
    return changed ? o.status : 'none';
  }
  return 'none';
}

/**
 * Asks the provider where a payment stands (for a callback that never came) and settles what it
 * says. Only Stripe and M-Pesa payments that are pending, or expired without a final word, are
 * asked; others answer as they are.
 */
export async function refreshPayment(app: FastifyInstance, tenantId: number, paymentId: number): Promise<PaymentRow> {
  const { database } = app.ctx;
  const payment = await withTenant(database, tenantId, (tx) => paymentOf(tx, paymentId));
  if (!payment) throw notFound('Payment');
  if (!['pending', 'expired'].includes(payment.status) || !['stripe', 'mpesa'].includes(payment.driver) || !payment.provider_ref) return payment;
  let outcome: ProviderOutcome;
  try {
    outcome = await gatewayOf(app, payment.driver).query(payment.provider_ref);
  } catch (err) {
    throw providerFailure(err);
  }
  return settlingTx(app, tenantId, async (tx) => {
    // a final answer is recorded as an event: asked again, the same answer changes nothing
    const event = outcome.status === 'pending' ? outcome : { ...outcome, eventId: `query:${outcome.status}:${outcome.providerRef}` };
    await settlePayment(tx, tenantId, paymentId, payment.driver, event);
    return (await paymentOf(tx, paymentId))!;
  });
}

/**
 * The operator confirms that an offline payment (a bank transfer) arrived: it succeeds — late
 * when it had expired — and its purpose's handler runs, once. 404 for anything but an offline
 * payment of that company; 409 when it is already settled otherwise.
 */
export async function approveOfflinePayment(
  app: FastifyInstance,
  a: { tenantId: number; paymentId: number; operatorEmail: string; receipt?: string | null },
): Promise<PaymentRow> {
  return settlingTx(app, a.tenantId, async (tx) => {
    const p = await paymentOf(tx, a.paymentId);
    if (!p || p.driver !== 'offline' || !p.provider_ref) throw notFound('Payment');
    if (p.status === 'succeeded') throw new HttpError(409, 'This payment has already been approved.');
    if (p.status === 'failed' || p.status === 'cancelled') throw new HttpError(409, 'This payment was rejected or cancelled; it cannot be approved.');
    const receipt = (a.receipt ?? '').trim() || `approved by ${a.operatorEmail}`;
    await settlePayment(tx, a.tenantId, a.paymentId, 'offline', {
      status: 'succeeded',
      providerRef: p.provider_ref,
      receipt,
      eventId: `approve:${a.paymentId}`,
    });
    return (await paymentOf(tx, a.paymentId))!;
  });
}

/** The operator says the transfer never came (or was wrong): the pending offline payment fails with the reason given. */
export async function rejectOfflinePayment(
  app: FastifyInstance,
  r: { tenantId: number; paymentId: number; operatorEmail: string; reason: string },
): Promise<PaymentRow> {
  return withTenant(app.ctx.database, r.tenantId, async (tx) => {
    const p = await paymentOf(tx, r.paymentId);
    if (!p || p.driver !== 'offline' || !p.provider_ref) throw notFound('Payment');
    if (p.status !== 'pending' && p.status !== 'expired') throw new HttpError(409, 'Only a payment waiting for approval can be rejected.');
    await tx.execute(
      sql`update payments set status = 'failed', failure_reason = ${r.reason}, updated_at = now()
           where tenant_id = ${r.tenantId} and id = ${r.paymentId} and status in ('pending', 'expired')`,
    );
    await tx.execute(
      sql`insert into payment_events (tenant_id, payment_id, driver, event_id, outcome, effect)
          values (${r.tenantId}, ${r.paymentId}, 'offline', ${`reject:${r.paymentId}`}, 'failed', 'failed') on conflict do nothing`,
    );
    return (await paymentOf(tx, r.paymentId))!;
  });
}
