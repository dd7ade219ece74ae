import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { currencyFormatOf, formatMoney } from '../../../common/format.js';
import type { BillingInterval, PlanChangeQuote, PlanRow, SubscriptionInvoiceRow } from '../../../common/subscriptions.js';
import { rows, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { HttpError } from '../../http/errors.js';
import { startPdf } from '../../pdf/pdf.js';
import { registerPaymentPurpose, type PaymentRow } from '../payments/index.js';
import { addCredits } from '../wallet/index.js';
import { planById } from './plans.js';

/**
 * What a subscription costs and how it is paid (docs/decisions/0046): invoices of the platform
 * to the company (signup, upgrade, renewal) paid through the payments module with purpose
 * `subscription`; the payment's success applies the invoice — exactly once, in the transaction
 * that records it — and the paid invoice gets its number (SUB-00001…) and a PDF.
 */
export const SUBSCRIPTION_PURPOSE = 'subscription';
const NUMBER_PREFIX = 'SUB-';

const CURRENT_TENANT = sql`nullif(current_setting('app.tenant_id', true), '')::bigint`;

/** whole cents of a decimal string ("29.5" → 2950) */
export const cents = (v: string) => Math.round(Number(v) * 100);
export const decimal = (c: number) => (c / 100).toFixed(2);

/** The plan's price in `currency` for `interval`, falling back to USD, then to its first currency. */
export function priceOf(plan: PlanRow, currency: string, interval: BillingInterval): { amount: string; currency: string } {
  const own = plan.prices[currency];
  if (own) return { amount: own[interval], currency };
  const code = plan.prices.USD ? 'USD' : Object.keys(plan.prices)[0];
  return { amount: plan.prices[code][interval], currency: code };
}

/** The end of a period of `interval` starting at `start` (a month or a year later, same time of day). */
export function periodEnd(start: Date, interval: BillingInterval): Date {
  const d = new Date(start);
  if (interval === 'yearly') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

interface SubRecord {
  status: string;
  plan_id: number | null;
  interval: BillingInterval;
  currency: string;
  current_period_start: string | null;
  current_period_end: string | null;
  trial_ends_at: string | null;
}

async function subscriptionRow(tx: Tx, tenantId: number, lock = false): Promise<SubRecord | null> {
  const [s] = await rows<SubRecord>(
    tx,
    sql`select status, plan_id, interval, currency, current_period_start, current_period_end, trial_ends_at
          from subscriptions where tenant_id = ${tenantId} ${lock ? sql`for update` : sql``}`,
  );
  return s ?? null;
}

/**
 * What moving to `plan` / `interval` costs now. On a paid period: a dearer plan on the same
 * interval pays the difference for the part of the period left (prorated by the second) and
 * keeps the period; a change of interval starts a new period now, the unused part of the old one
 * credited; a cheaper plan (or a change that would cost nothing) is a downgrade, taking effect
 * when the period ends. In a trial, or with no paid period, any change is free and immediate
 * (the trial keeps its end).
 */
export function quoteChange(sub: SubRecord, current: PlanRow | null, plan: PlanRow, interval: BillingInterval, now = new Date()): PlanChangeQuote {
  const price = priceOf(plan, sub.currency, interval);
  const base = { plan_id: plan.id, interval, currency: price.currency };
  if (current && current.id === plan.id && sub.interval === interval) {
    return { ...base, kind: 'same', amount: '0.00', effective_at: now.toISOString(), explanation: 'This is the current plan.' };
  }
  const paid = (sub.status === 'active' || sub.status === 'past_due') && current && sub.current_period_start && sub.current_period_end;
  if (!paid) {
    return { ...base, kind: 'upgrade', amount: '0.00', effective_at: now.toISOString(), explanation: 'The trial continues on this plan until it ends; nothing is paid now.' };
  }
  const start = new Date(sub.current_period_start!).getTime();
  const end = new Date(sub.current_period_end!).getTime();
  const left = Math.min(1, Math.max(0, (end - now.getTime()) / (end - start)));
  const old = priceOf(current!, sub.currency, sub.interval);
  const oldCents = old.currency === price.currency ? cents(old.amount) : 0;
  const unused = Math.round(oldCents * left);
  if (interval === sub.interval) {
    const diff = Math.round((cents(price.amount) - oldCents) * left);
    if (diff > 0) {
      return {
        ...base,
        kind: 'upgrade',
        amount: decimal(diff),
        effective_at: now.toISOString(),
        explanation: `The difference for the ${Math.round(left * 100)}% of the period left, until ${sub.current_period_end!.slice(0, 10)}.`,
      };
    }
  } else {
    const charge = cents(price.amount) - unused;
    if (charge > 0) {
      return {
        ...base,
        kind: 'upgrade',
        amount: decimal(charge),
        effective_at: now.toISOString(),
        explanation: `A new ${interval} period starts now; the unused ${formatMoney(decimal(unused), currencyFormatOf(price.currency))} of the current one is credited.`,
      };
    }
  }
  return {
    ...base,
    kind: 'downgrade',
    amount: '0.00',
    effective_at: sub.current_period_end!,
    explanation: `The change takes effect when the current period ends, on ${sub.current_period_end!.slice(0, 10)}; nothing is paid now.`,
  };
}

export async function quoteFor(tx: Tx, tenantId: number, planId: number, interval: BillingInterval): Promise<{ quote: PlanChangeQuote; plan: PlanRow; sub: SubRecord }> {
  const sub = await subscriptionRow(tx, tenantId);
  if (!sub) throw new HttpError(409, 'This company has no subscription to change.');
  const plan = await planById(tx, planId);
  if (!plan || (!plan.active && plan.id !== sub.plan_id)) throw new HttpError(422, 'The selected plan is not offered.');
  const current = sub.plan_id ? await planById(tx, sub.plan_id) : null;
  return { quote: quoteChange(sub, current, plan, interval), plan, sub };
}

/** Opens an invoice (or answers the open one for the same thing, so a double click pays once). */
export async function openInvoice(
  tx: Tx,
  tenantId: number,
  input: { kind: 'signup' | 'upgrade' | 'renewal'; plan: PlanRow; interval: BillingInterval; amount: string; currency: string; periodStart: Date; periodEnd: Date; userId: number | null },
): Promise<number> {
  const [open] = await rows<{ id: number }>(
    tx,
    sql`select id from subscription_invoices where tenant_id = ${tenantId} and status = 'open' and kind = ${input.kind} and plan_id = ${input.plan.id}
           and interval = ${input.interval} and amount = ${input.amount} and currency = ${input.currency} order by id desc limit 1`,
  );
  if (open) return Number(open.id);
  // another open invoice of the subscription (a different plan chosen since) is void: only the newest choice is paid
  await tx.execute(sql`update subscription_invoices set status = 'void', updated_at = now() where tenant_id = ${tenantId} and status = 'open' and kind <> 'renewal'`);
  const what = { signup: 'Subscription', upgrade: 'Upgrade', renewal: 'Renewal' }[input.kind];
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into subscription_invoices (tenant_id, kind, plan_id, interval, amount, currency, period_start, period_end, description, created_by)
        values (${tenantId}, ${input.kind}, ${input.plan.id}, ${input.interval}, ${input.amount}, ${input.currency},
                ${input.periodStart.toISOString().slice(0, 10)}, ${input.periodEnd.toISOString().slice(0, 10)},
                ${`${what}: ${input.plan.name}, ${input.interval}`}, ${input.userId})
        returning id`,
  );
  return Number(row.id);
}

interface InvoiceRecord extends SubscriptionInvoiceRow {
  plan_id: number;
  payment_id: number | null;
}

export function invoiceQuery(where = sql`true`, tail = sql``) {
  return sql`
    select i.id, i.kind, i.plan_id, p.name as plan_name, i.interval, i.amount::text as amount, i.currency, i.period_start::text as period_start,
           i.period_end::text as period_end, i.description, i.status, i.number,
           case when i.number is not null then '/subscriptions/invoices/' || i.id || '/pdf' end as pdf_url, i.paid_at, i.created_at, i.payment_id,
           (select jsonb_build_object('id', y.id, 'driver', y.driver, 'status', y.status, 'action', case when y.status = 'pending' then y.action end,
                                      'failure_reason', y.failure_reason)
              from payments y where y.tenant_id = i.tenant_id and y.purpose = ${SUBSCRIPTION_PURPOSE} and y.reference = i.id::text
             order by (y.status = 'succeeded') desc, y.id desc limit 1) as payment
      from subscription_invoices i join plans p on p.id = i.plan_id
     where i.tenant_id = ${CURRENT_TENANT} and ${where} ${tail}`;
}

export async function invoiceOf(tx: Tx, id: number): Promise<InvoiceRecord | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [r] = await rows<InvoiceRecord>(tx, invoiceQuery(sql`i.id = ${id}`));
  return r ?? null;
}

export const publicInvoice = ({ plan_id: _p, payment_id: _y, ...r }: InvoiceRecord): SubscriptionInvoiceRow => ({ ...r, id: Number(r.id) });

async function nextNumber(tx: Tx, tenantId: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kazi:subscription-invoice-number'), ${tenantId}::int)`);
  const [r] = await rows<{ n: number }>(
    tx,
    sql`select coalesce(max(substring(number from '^SUB-(\\d{1,12})$')::bigint), 0)::int + 1 as n from subscription_invoices where tenant_id = ${tenantId}`,
  );
  return `${NUMBER_PREFIX}${String(r.n).padStart(5, '0')}`;
}

/**
 * The plan's included credits for the current month, once a month, for a paid subscription (a trial
 * gets none: free SMS from free trials would be the first thing abused). Granted credits, spent
 * first, expiring at the month's end.
 */
export async function grantMonthlyCredits(tx: Tx, tenantId: number): Promise<void> {
  const [s] = await rows<{ credits: string; month: string; plan: string }>(
    tx,
    sql`update subscriptions s set credits_granted_for = to_char(now(), 'YYYY-MM'), updated_at = now()
          from plans p
         where s.tenant_id = ${tenantId} and p.id = s.plan_id and p.included_credits > 0
           and s.status = 'active' and coalesce(s.credits_granted_for, '') <> to_char(now(), 'YYYY-MM')
     returning p.included_credits::text as credits, to_char(now(), 'YYYY-MM') as month, p.name as plan`,
  );
  if (!s) return;
  const expires = new Date();
  expires.setUTCMonth(expires.getUTCMonth() + 1, 1);
  expires.setUTCHours(0, 0, 0, 0);
  await addCredits(tx, {
    tenantId,
    kind: 'granted',
    movement: 'grant',
    credits: s.credits,
    description: `${s.plan} plan: credits included for ${s.month}`,
    reference: `plan:${s.month}`,
    expiresAt: expires,
  });
}

/**
 * A paid invoice, in the payment's settling transaction: numbered, and applied — signup starts
 * the paid period (ending any trial), an upgrade moves to the plan (a new period when the
 * interval changed), a renewal moves the period on. Paid twice (an abandoned payment succeeding
 * late), it is applied once.
 */
async function onInvoicePaid(tx: Tx, payment: PaymentRow) {
  const tenantId = payment.tenant_id;
  const number = await nextNumber(tx, tenantId);
  const [inv] = await rows<{ id: number; kind: string; plan_id: number; interval: BillingInterval; period_start: string; period_end: string }>(
    tx,
    sql`update subscription_invoices set status = 'paid', number = ${number}, payment_id = ${payment.id}, paid_at = now(), updated_at = now()
         where tenant_id = ${tenantId} and id = ${Number(payment.reference)} and status <> 'paid'
     returning id, kind, plan_id, interval, period_start::text as period_start, period_end::text as period_end`,
  );
  if (!inv) return;
  const common = sql`status = 'active', plan_id = ${inv.plan_id}, interval = ${inv.interval}, renewal_attempts = 0, next_renewal_attempt_at = null,
                     last_driver = ${payment.driver}, onboarding_step = 'done', updated_at = now()`;
  if (inv.kind === 'signup') {
    await tx.execute(
      sql`update subscriptions set ${common}, trial_ends_at = null, cancel_at_period_end = false, next_plan_id = null, next_interval = null,
                 current_period_start = now(), current_period_end = now() + ${inv.interval === 'yearly' ? sql`interval '1 year'` : sql`interval '1 month'`}
           where tenant_id = ${tenantId}`,
    );
  } else if (inv.kind === 'upgrade') {
    await tx.execute(
      sql`update subscriptions set
                 current_period_start = case when interval = ${inv.interval} then current_period_start else now() end,
                 current_period_end = case when interval = ${inv.interval} then current_period_end
                                           else now() + ${inv.interval === 'yearly' ? sql`interval '1 year'` : sql`interval '1 month'`} end,
                 next_plan_id = null, next_interval = null, ${common}
           where tenant_id = ${tenantId}`,
    );
  } else {
    await tx.execute(
      sql`update subscriptions set ${common}, current_period_start = current_period_end,
                 current_period_end = current_period_end + ${inv.interval === 'yearly' ? sql`interval '1 year'` : sql`interval '1 month'`}
           where tenant_id = ${tenantId}`,
    );
  }
  await grantMonthlyCredits(tx, tenantId);
}

/** After the commit: the paid invoice's PDF to the company's owners. */
async function mailInvoice(app: FastifyInstance, payment: PaymentRow) {
  const found = await withTenant(app.ctx.database, payment.tenant_id, async (tx) => {
    const inv = await invoiceOf(tx, Number(payment.reference));
    if (!inv?.number) return null;
    const owners = await rows<{ email: string }>(
      tx,
      sql`select u.email from memberships m join users u on u.id = m.user_id join roles r on r.tenant_id = m.tenant_id and r.id = m.role_id
           where m.tenant_id = ${payment.tenant_id} and r.slug = 'owner' and m.status = 'active'`,
    );
    const [t] = await rows<{ name: string }>(tx, sql`select coalesce(settings->>'name', name) as name from tenants where id = ${payment.tenant_id}`);
    return { inv, owners, company: t?.name ?? 'Kazi' };
  });
  if (!found) return;
  const pdf = await renderInvoice(found.inv, found.company, payment);
  for (const o of found.owners) {
    await app.ctx.mailer.send({
      to: o.email,
      subject: `Invoice ${found.inv.number}: ${found.inv.description}`,
      text: `Thank you: ${formatMoney(found.inv.amount, currencyFormatOf(found.inv.currency))} received for ${found.inv.description}.\nInvoice ${found.inv.number} is attached and kept at ${app.ctx.config.appUrl}${found.inv.pdf_url}.`,
      attachments: [{ filename: `${found.inv.number}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' }],
    });
  }
}

export function registerSubscriptionPurpose() {
  registerPaymentPurpose(SUBSCRIPTION_PURPOSE, { onSucceeded: onInvoicePaid, afterSucceeded: mailInvoice });
}

const DRIVER_NAMES = { stripe: 'Card (Stripe)', mpesa: 'M-Pesa', offline: 'Bank transfer', log: 'Test payment' } as const;

/** A subscription invoice as a PDF (the PDF layer of server/pdf, as the wallet's receipts). */
export async function renderInvoice(
  inv: SubscriptionInvoiceRow,
  company: string,
  payment: Pick<PaymentRow, 'driver' | 'provider_receipt'> | null,
): Promise<Buffer> {
  const { pdf, done, regular, bold, text } = await startPdf({ size: 'A4', margin: 56, info: { Title: `Invoice ${inv.number ?? ''}`, Author: 'Kazi' } });
  const money = (v: string) => formatMoney(v, currencyFormatOf(inv.currency));
  pdf.font(bold).fontSize(18).text(text('Kazi'));
  pdf.moveDown(0.5).font(regular).fontSize(12).text(text(`Invoice ${inv.number ?? '(not paid)'}`));
  pdf.fontSize(10).text(text(`To ${company}`));
  if (inv.paid_at) pdf.text(text(`Paid ${String(inv.paid_at).slice(0, 10)}`));
  pdf.moveDown(1.5);
  const line = (label: string, value: string) => {
    const y = pdf.y;
    pdf.font(regular).text(text(label), 56, y, { width: 250 });
    pdf.font(bold).text(text(value), 306, y, { width: 233, align: 'right' });
    pdf.moveDown(0.4);
  };
  line('Description', inv.description);
  line('Plan', `${inv.plan_name} (${inv.interval})`);
  line('Period', `${inv.period_start} to ${inv.period_end}`);
  line('Amount', money(inv.amount));
  if (payment) line('Paid by', DRIVER_NAMES[payment.driver]);
  if (payment?.provider_receipt) line('Payment reference', payment.provider_receipt);
  pdf.end();
  return done;
}
