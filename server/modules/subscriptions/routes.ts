import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listQuerySchema } from '../../../common/schemas/list-query.js';
import { BILLING_INTERVALS, type SubscriptionPage } from '../../../common/subscriptions.js';
import { PAYMENT_DRIVERS } from '../../../common/wallet.js';
import { rows } from '../../db/client.js';
import { fieldError, HttpError, notFound } from '../../http/errors.js';
import { paginator } from '../../http/paginator.js';
import { validate } from '../../http/validate.js';
import { toE164 } from '../outreach/phone.js';
import { availableDrivers, startPayment, type PaymentRow } from '../payments/index.js';
import { invoiceOf, invoiceQuery, openInvoice, periodEnd, priceOf, publicInvoice, quoteFor, renderInvoice, SUBSCRIPTION_PURPOSE } from './billing.js';
import { activePlans } from './plans.js';
import { subscriptionState, SUBSCRIPTION_URL, usageOf } from './state.js';

/**
 * The company's subscription (SPEC §2 Settings/Company/Subscriptions; docs/decisions/0046):
 *
 *   GET  /settings/company/subscriptions     the page (subscriptions.view)
 *   GET  /subscriptions/json                 { data: SubscriptionPage }: state, usage, plans, drivers
 *   GET  /subscriptions/quote                plan_id, interval → { data: PlanChangeQuote }
 *   POST /subscriptions/change               { plan_id, interval }: an upgrade opens an invoice to pay (prorated),
 *                                            a downgrade waits for the period's end, in a trial it is immediate
 *   POST /subscriptions/subscribe            { plan_id, interval }: pay a new period now (from a trial, a lapse)
 *   POST /subscriptions/cancel | /resume     cancel at the period's end, or take that back
 *   GET  /subscriptions/invoices/json        the invoices, paged
 *   GET  /subscriptions/invoices/{id}        { data: SubscriptionInvoiceRow } (polled while a payment is pending)
 *   POST /subscriptions/invoices/{id}/pay    { driver, phone?, return_to? } through the payments module
 *   GET  /subscriptions/invoices/{id}/pdf    the invoice, as a PDF
 */
const VIEW = { config: { access: 'subscriptions.view' as const } };
const MANAGE = { config: { access: 'subscriptions.update' as const } };

const changeSchema = z.object({
  plan_id: z.coerce.number({ error: 'Choose a plan.' }).int().positive().max(1_000_000_000),
  interval: z.enum(BILLING_INTERVALS, { error: 'Choose monthly or yearly billing.' }),
});
const paySchema = z.object({
  driver: z.enum(PAYMENT_DRIVERS, { error: 'The selected payment method is invalid.' }),
  phone: z.string().trim().max(32).nullish(),
  return_to: z.enum(['onboarding', 'subscriptions']).default('subscriptions'),
});
const listSchema = listQuerySchema.extend({ status: z.enum(['all', 'open', 'paid', 'void']).default('all') });

const idOf = (params: unknown) => {
  const raw = String((params as { id?: unknown }).id ?? '');
  if (!/^[1-9]\d{0,15}$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw notFound('Invoice');
  return Number(raw);
};

export async function subscriptionPage(req: FastifyRequest): Promise<SubscriptionPage> {
  return req.tenantTx(async (tx) => {
    const subscription = await subscriptionState(tx, req.tenant!.id);
    return { subscription, usage: await usageOf(tx, req.tenant!.id, subscription.plan), plans: await activePlans(tx), drivers: availableDrivers(req.server) };
  });
}

export function subscriptionRoutes(app: FastifyInstance) {
  app.get(SUBSCRIPTION_URL, VIEW, async (req, reply) => reply.inertia('Settings/Company/Subscriptions', { ...(await subscriptionPage(req)) }));

  app.get('/subscriptions/json', VIEW, async (req) => ({ data: await subscriptionPage(req) }));

  app.get('/subscriptions/quote', VIEW, async (req) => {
    const q = validate(changeSchema, req.query);
    const { quote } = await req.tenantTx((tx) => quoteFor(tx, req.tenant!.id, q.plan_id, q.interval));
    return { data: quote };
  });

  app.post('/subscriptions/change', MANAGE, async (req) => {
    const input = validate(changeSchema, req.body);
    const tenantId = req.tenant!.id;
    return req.tenantTx(async (tx) => {
      const { quote, plan, sub } = await quoteFor(tx, tenantId, input.plan_id, input.interval);
      if (quote.kind === 'same') throw fieldError('plan_id', 'This is the current plan.');
      if (sub.status === 'onboarding') throw new HttpError(409, 'Finish onboarding first.');
      const paidPeriod = (sub.status === 'active' || sub.status === 'past_due') && sub.current_period_end;
      if (!paidPeriod) {
        // a trial (or a complimentary or lapsed company) moves at once; a lapsed one still has to pay to write again
        await tx.execute(
          sql`update subscriptions set plan_id = ${plan.id}, interval = ${input.interval}, currency = ${quote.currency}, next_plan_id = null, next_interval = null, updated_at = now()
               where tenant_id = ${tenantId}`,
        );
        return { message: `Now on the ${plan.name} plan.`, data: { quote, invoice_id: null } };
      }
      if (quote.kind === 'downgrade') {
        await tx.execute(
          sql`update subscriptions set next_plan_id = ${plan.id}, next_interval = ${input.interval}, updated_at = now() where tenant_id = ${tenantId}`,
        );
        return { message: `The ${plan.name} plan starts on ${quote.effective_at.slice(0, 10)}.`, data: { quote, invoice_id: null } };
      }
      const start = new Date();
      const invoiceId = await openInvoice(tx, tenantId, {
        kind: 'upgrade',
        plan,
        interval: input.interval,
        amount: quote.amount,
        currency: quote.currency,
        periodStart: start,
        periodEnd: input.interval === sub.interval ? new Date(sub.current_period_end!) : periodEnd(start, input.interval),
        userId: req.user!.id,
      });
      return { message: `Pay ${quote.currency} ${quote.amount} to move to the ${plan.name} plan now.`, data: { quote, invoice_id: invoiceId } };
    });
  });

  app.post('/subscriptions/subscribe', MANAGE, async (req, reply) => {
    const input = validate(changeSchema, req.body);
    const tenantId = req.tenant!.id;
    const invoiceId = await req.tenantTx(async (tx) => {
      const state = await subscriptionState(tx, tenantId);
      if (state.effective === 'active' || state.effective === 'past_due') throw new HttpError(409, 'The subscription is paid: change its plan instead.');
      if (state.effective === 'onboarding') throw new HttpError(409, 'Finish onboarding first.');
      const { plan } = await quoteFor(tx, tenantId, input.plan_id, input.interval);
      const price = priceOf(plan, state.currency, input.interval);
      const start = new Date();
      return openInvoice(tx, tenantId, { kind: 'signup', plan, interval: input.interval, ...price, periodStart: start, periodEnd: periodEnd(start, input.interval), userId: req.user!.id });
    });
    return reply.code(201).send({ message: 'Invoice ready: choose how to pay.', data: { invoice_id: invoiceId } });
  });

  const setCancel = (cancel: boolean) => async (req: FastifyRequest) => {
    const tenantId = req.tenant!.id;
    const [r] = await req.tenantTx((tx) =>
      rows<{ end: string | null }>(
        tx,
        sql`update subscriptions set cancel_at_period_end = ${cancel}, cancelled_at = ${cancel ? sql`now()` : null}, updated_at = now()
             where tenant_id = ${tenantId} and status in ('active', 'past_due') and cancel_at_period_end = ${!cancel}
         returning current_period_end as end`,
      ),
    );
    if (!r) throw new HttpError(409, cancel ? 'Only a paid subscription that is not already cancelled can be cancelled.' : 'The subscription is not cancelled.');
    return {
      message: cancel
        ? `Cancelled: everything keeps working until ${String(r.end).slice(0, 10)}, then the company becomes read-only.`
        : 'The subscription continues and will renew.',
    };
  };
  app.post('/subscriptions/cancel', MANAGE, setCancel(true));
  app.post('/subscriptions/resume', MANAGE, setCancel(false));

  app.get('/subscriptions/invoices/json', VIEW, async (req) => {
    const q = validate(listSchema, req.query);
    const perPage = q.per_page ?? 15;
    const where = q.status === 'all' ? sql`true` : sql`i.status = ${q.status}`;
    return req.tenantTx(async (tx) => {
      const data = await rows<Parameters<typeof publicInvoice>[0]>(
        tx,
        invoiceQuery(where, sql`order by i.created_at desc, i.id desc limit ${perPage} offset ${(q.page - 1) * perPage}`),
      );
      const [{ total }] = await rows<{ total: number }>(
        tx,
        sql`select count(*)::int as total from subscription_invoices i where i.tenant_id = ${req.tenant!.id} and ${where}`,
      );
      return paginator(data.map(publicInvoice), { total, page: q.page, perPage, path: '/subscriptions/invoices/json', query: q });
    });
  });

  app.get('/subscriptions/invoices/:id', VIEW, async (req) => {
    const inv = await req.tenantRead((tx) => invoiceOf(tx, idOf(req.params)));
    if (!inv) throw notFound('Invoice');
    return { data: publicInvoice(inv) };
  });

  app.post('/subscriptions/invoices/:id/pay', MANAGE, async (req) => {
    const id = idOf(req.params);
    const input = validate(paySchema, req.body);
    const inv = await req.tenantRead((tx) => invoiceOf(tx, id));
    if (!inv) throw notFound('Invoice');
    if (inv.status === 'paid') throw new HttpError(409, 'This invoice is paid already.');
    if (inv.status === 'void') throw new HttpError(409, 'This invoice was replaced by a newer choice: open the newest one.');
    let phone: string | null = null;
    if (input.driver === 'mpesa') {
      if (!input.phone) throw fieldError('phone', 'The phone number is required for M-Pesa.');
      const v = input.phone.replace(/[\s-]/g, '');
      const country = req.tenant!.phone_country;
      phone = toE164(v.startsWith('0') && country ? `+${country}${v.slice(1)}` : v, null);
      if (!phone) throw fieldError('phone', 'The phone field must be a valid phone number.');
    }
    const back = input.return_to === 'onboarding' ? `/onboarding/payment/processing?invoice=${id}` : `${SUBSCRIPTION_URL}?invoice=${id}`;
    const started = await startPayment(req.server, {
      tenantId: req.tenant!.id,
      purpose: SUBSCRIPTION_PURPOSE,
      reference: String(id),
      amount: inv.amount,
      currency: inv.currency,
      description: `Kazi ${inv.description}`,
      driver: input.driver,
      phone,
      email: req.user!.email,
      userId: req.user!.id,
      returnPath: back,
    });
    if (phone) {
      await req.tenantTx((tx) => tx.execute(sql`update subscriptions set mpesa_phone = ${phone}, updated_at = now() where tenant_id = ${req.tenant!.id}`));
    }
    const data = publicInvoice((await req.tenantRead((tx) => invoiceOf(tx, id)))!);
    const message =
      started.status === 'succeeded'
        ? 'Payment received: thank you.'
        : started.action?.kind === 'stk_push'
          ? 'Check your phone to approve the M-Pesa payment.'
          : started.action?.kind === 'instructions'
            ? 'Pay by bank transfer as shown; the subscription starts once the payment is approved.'
            : 'Continue to the payment page.';
    return { message, data };
  });

  app.get('/subscriptions/invoices/:id/pdf', VIEW, async (req, reply) => {
    const id = idOf(req.params);
    const found = await req.tenantTx(async (tx) => {
      const inv = await invoiceOf(tx, id);
      if (!inv) return null;
      const [p] = inv.payment_id
        ? await rows<Pick<PaymentRow, 'driver' | 'provider_receipt'>>(tx, sql`select driver, provider_receipt from payments where tenant_id = ${req.tenant!.id} and id = ${inv.payment_id}`)
        : [];
      return { inv, payment: p ?? null };
    });
    if (!found) throw notFound('Invoice');
    const pdf = await renderInvoice(publicInvoice(found.inv), req.tenant!.name, found.payment);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${found.inv.number ?? `invoice-${id}`}.pdf"`)
      .send(pdf);
  });
}
