import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CheckoutData, CreditPurchaseRow, PurchaseStarted } from '../../../common/answers/wallet.js';
import { currencyFormatOf, formatMoney } from '../../../common/format.js';
import { compare } from '../../../common/money.js';
import { listQuerySchema } from '../../../common/schemas/list-query.js';
import { PAYMENT_DRIVERS, type PaymentStatus } from '../../../common/wallet.js';
import { rows, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { fieldError, HttpError, notFound } from '../../http/errors.js';
import { paginator } from '../../http/paginator.js';
import { validate } from '../../http/validate.js';
import { startPdf } from '../../pdf/pdf.js';
import { toE164 } from '../outreach/phone.js';
import { availableDrivers, registerPaymentPurpose, startPayment, type PaymentRow } from '../payments/index.js';
import { addCredits, creditsInWords } from './ledger.js';
import { PURCHASE_PURPOSE, priceOf } from './price.js';
import { ratesFor } from './rates.js';

/**
 * Buying credits (SPEC §7 Wallet; docs/decisions/0031): a purchase is made at the current rate,
 * paid through the payments module with the driver the payer picks, and its credits land in the
 * ledger only when the payment succeeds — in the transaction that records the success, exactly
 * once — with a receipt numbered RCT-00001… in the company's own sequence, kept as a PDF at
 * /wallet/receipts/{id} and mailed to the buyer.
 *
 *   POST /wallet/credits/purchase        { credits } → 201 { message, data: PurchaseStarted }
 *   GET  /wallet/get-checkout-data/{id}  { data: CheckoutData }, polled while a payment is pending
 *   POST /wallet/complete-payment        { purchase_id, driver, phone? } → { message, data: CheckoutData }
 *   GET  /wallet/get-token-purchases     paged CreditPurchaseRow; type = all | pending | succeeded | failed
 *   GET  /wallet/receipts/{id}           the receipt (PDF) of a paid purchase
 */
export { PURCHASE_PURPOSE, priceOf };
const RECEIPT_PREFIX = 'RCT-';
const RECEIPT_DIGITS = 5;

const credits = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,15}(\.\d{1,4})?$/.test(v), { message: 'Enter a number of credits with at most four decimals.' });
const purchaseSchema = z.object({ credits });
const completeSchema = z.object({
  purchase_id: z.coerce.number({ error: 'The purchase is required.' }).int().positive().max(Number.MAX_SAFE_INTEGER),
  driver: z.enum(PAYMENT_DRIVERS, { error: 'The selected payment method is invalid.' }),
  phone: z.string().trim().max(32).nullish(),
});
const listSchema = listQuerySchema.extend({ type: z.enum(['all', 'pending', 'succeeded', 'failed']).default('all') });

interface PurchaseRecord extends CreditPurchaseRow {
  tenant_id: number;
  payment_id: number | null;
  credit_price: string;
  created_by: number | null;
  user_email: string | null;
  action: PaymentRow['action'];
  failure_reason: string | null;
}

const CURRENT_TENANT = sql`nullif(current_setting('app.tenant_id', true), '')::bigint`;

/** A purchase's status (alias p of purchaseQuery): succeeded once paid, else its newest payment's; an automatic one whose payment could not be started failed. */
const statusOf = sql`(case when p.paid_at is not null then 'succeeded' else coalesce(p.pay_status, case when p.start_failure is not null then 'failed' else 'pending' end) end)`;

/**
 * The purchases of the current company with their status: succeeded once paid, else the newest
 * payment's, pending when none was started; `where` narrows (an id, a status).
 */
function purchaseQuery(where = sql`true`, tail = sql``) {
  return sql`
    with p as (
      select cp.*, lp.status as pay_status, lp.driver as pay_driver, lp.action as pay_action, lp.failure_reason as pay_failure
        from credit_purchases cp
        left join lateral (select status, driver, action, failure_reason from payments
                            where tenant_id = cp.tenant_id and purpose = ${PURCHASE_PURPOSE} and reference = cp.id::text
                            order by (status = 'succeeded') desc, id desc limit 1) lp on true
       where cp.tenant_id = ${CURRENT_TENANT})
    select p.tenant_id, p.id, p.credits::text as credits, p.amount::text as amount, p.currency, p.credit_price::text as credit_price,
           p.pay_driver as driver,
           ${statusOf} as status, p.automatic,
           p.receipt_number, case when p.receipt_number is not null then '/wallet/receipts/' || p.id end as receipt_url,
           u.name as user_name, u.email as user_email, p.paid_at, p.created_at, p.payment_id, p.created_by,
           case when p.paid_at is null and p.pay_status = 'pending' then p.pay_action end as action, coalesce(p.pay_failure, p.start_failure) as failure_reason
      from p left join users u on u.id = p.created_by
     where ${where} ${tail}`;
}

async function purchaseOf(tx: Tx, id: number): Promise<PurchaseRecord | null> {
  const [row] = await rows<PurchaseRecord>(tx, purchaseQuery(sql`p.id = ${id}`));
  return row ?? null;
}

const publicRow = (r: PurchaseRecord): CreditPurchaseRow => ({
  id: Number(r.id),
  credits: r.credits,
  amount: r.amount,
  currency: r.currency,
  driver: r.driver,
  status: r.status,
  receipt_number: r.receipt_number,
  receipt_url: r.receipt_url,
  user_name: r.user_name,
  paid_at: r.paid_at,
  created_at: r.created_at,
  automatic: Boolean(r.automatic),
  failure_reason: r.status === 'failed' || r.status === 'expired' || r.status === 'cancelled' ? r.failure_reason : null,
});

function checkoutOf(app: FastifyInstance, r: PurchaseRecord): CheckoutData {
  return {
    purchase: publicRow(r),
    action: r.status === 'pending' ? (r.action ?? null) : null,
    drivers: availableDrivers(app),
    // the page says why the last attempt failed ("Request cancelled by user")
    failure_reason: r.status === 'failed' || r.status === 'expired' || r.status === 'cancelled' ? r.failure_reason : null,
  };
}

/** Loads the checkout of a purchase of the request's company, or null (the Wallet/Checkout page's loader). */
export async function checkoutData(req: FastifyRequest, id: number): Promise<CheckoutData | null> {
  const r = await req.tenantTx((tx) => purchaseOf(tx, id));
  return r ? checkoutOf(req.server, r) : null;
}

/** The next receipt number of the company: RCT-00001, one more than the highest, under a lock per company. */
async function nextReceiptNumber(tx: Tx, tenantId: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kazi:receipt-number'), ${tenantId}::int)`);
  const [r] = await rows<{ n: number }>(
    tx,
    sql`select coalesce(max(substring(receipt_number from ${`^${RECEIPT_PREFIX}(\\d{1,12})$`})::bigint), 0)::int + 1 as n
          from credit_purchases where tenant_id = ${tenantId}`,
  );
  return `${RECEIPT_PREFIX}${String(r.n).padStart(RECEIPT_DIGITS, '0')}`;
}

/**
 * What a paid purchase does, inside the payment's settling transaction: the credits enter the
 * ledger (paid credits, a `purchase` line with the money paid) and the receipt is numbered. A
 * purchase that is somehow paid twice (an abandoned payment succeeding late beside a new one)
 * is credited once; the second payment stays visible to the operator for a refund.
 */
async function onPurchasePaid(tx: Tx, payment: PaymentRow) {
  const tenantId = payment.tenant_id;
  const number = await nextReceiptNumber(tx, tenantId);
  const [purchase] = await rows<{ id: number; credits: string; amount: string; currency: string; created_by: number | null }>(
    tx,
    sql`update credit_purchases set paid_at = now(), payment_id = ${payment.id}, receipt_number = ${number}, updated_at = now()
         where tenant_id = ${tenantId} and id = ${Number(payment.reference)} and paid_at is null
     returning id, credits::text as credits, amount::text as amount, currency, created_by`,
  );
  if (!purchase) return;
  await addCredits(tx, {
    tenantId,
    kind: 'paid',
    movement: 'purchase',
    credits: purchase.credits,
    description: `Purchase of ${creditsInWords(purchase.credits)} credits (receipt ${number})`,
    reference: `purchase:${purchase.id}`,
    userId: purchase.created_by,
    amount: payment.amount,
    currency: payment.currency,
  });
}

/**
 * After the purchase is paid and committed: its receipt goes to the buyer by mail (a job, which
 * retries the delivery). Marked mailed once queued; a queueing that fails leaves it unmarked and
 * the receipt still at its address.
 */
async function mailReceipt(app: FastifyInstance, payment: PaymentRow) {
  const tenantId = payment.tenant_id;
  const loaded = await withTenant(app.ctx.database, tenantId, async (tx) => {
    const r = await purchaseOf(tx, Number(payment.reference));
    if (!r || !r.receipt_number || !r.user_email) return null;
    const [unmailed] = await rows(tx, sql`select 1 from credit_purchases where tenant_id = ${tenantId} and id = ${r.id} and receipt_mailed_at is null`);
    if (!unmailed) return null;
    const [t] = await rows<{ name: string }>(tx, sql`select coalesce(settings->>'name', name) as name from tenants where id = ${tenantId}`);
    return { r, company: t?.name ?? 'Kazi' };
  });
  if (!loaded) return;
  const { r, company } = loaded;
  const pdf = await renderReceipt(r, company, payment);
  await app.ctx.mailer.send({
    to: r.user_email!,
    subject: `Receipt ${r.receipt_number}: ${creditsInWords(r.credits)} credits`,
    text: `Thank you. ${company} bought ${creditsInWords(r.credits)} credits for ${formatMoney(r.amount, currencyFormatOf(r.currency))}.\nReceipt ${r.receipt_number} is attached, and kept at ${app.ctx.config.appUrl}${r.receipt_url}.`,
    attachments: [{ filename: `${r.receipt_number}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' }],
  });
  await withTenant(app.ctx.database, tenantId, (tx) => tx.execute(sql`update credit_purchases set receipt_mailed_at = now() where tenant_id = ${tenantId} and id = ${r.id}`));
}

/** The receipt of a paid purchase, as a PDF. */
export async function renderReceipt(r: PurchaseRecord, company: string, payment: Pick<PaymentRow, 'driver' | 'provider_receipt'> | null): Promise<Buffer> {
  const { pdf, done, regular, bold, text } = await startPdf({ size: 'A4', margin: 56, info: { Title: `Receipt ${r.receipt_number}`, Author: company } });
  const money = (v: string) => formatMoney(v, currencyFormatOf(r.currency));
  pdf.font(bold).fontSize(18).text(text(company));
  pdf.moveDown(0.5).font(regular).fontSize(12).text(text(`Receipt ${r.receipt_number}`));
  pdf.fontSize(10).text(text(`Paid ${String(r.paid_at).slice(0, 10)}`));
  pdf.moveDown(1.5);
  const line = (label: string, value: string) => {
    const y = pdf.y;
    pdf.font(regular).text(text(label), 56, y, { width: 250 });
    pdf.font(bold).text(text(value), 306, y, { width: 233, align: 'right' });
    pdf.moveDown(0.4);
  };
  line('Credits', creditsInWords(r.credits));
  line('Price of one credit', `${r.currency} ${Number(r.credit_price)}`);
  line('Amount paid', money(r.amount));
  if (payment) line('Paid by', ({ stripe: 'Card (Stripe)', mpesa: 'M-Pesa', offline: 'Bank transfer', log: 'Test payment' } as const)[payment.driver]);
  if (payment?.provider_receipt) line('Payment reference', payment.provider_receipt);
  if (r.user_name) line('Bought by', r.user_name);
  pdf.moveDown(2).font(regular).fontSize(9).fillColor('#64748b').text(text('Credits are spent on SMS, e-mail and airtime sent from Kazi.'));
  pdf.end();
  return done;
}

/**
 * The demo company's purchases (after the wallet's demo step wrote their ledger lines): one paid
 * purchase per `purchase` line, with its M-Pesa payment and a numbered receipt, so the purchase
 * list and the receipts have the same history as the ledger. Set-based, in the demo's transaction.
 */
export async function seedDemoPurchases(tx: Tx, demo: { tenantId: number }) {
  const t = demo.tenantId;
  await tx.execute(sql`
    insert into credit_purchases (tenant_id, credits, amount, currency, credit_price, receipt_number, paid_at, receipt_mailed_at, created_by, created_at, updated_at)
    select ${t}, m.credits, m.amount, m.currency, round(m.amount / m.credits, 8),
           ${RECEIPT_PREFIX} || lpad((row_number() over (order by m.created_at, m.id))::text, ${RECEIPT_DIGITS}, '0'),
           m.created_at, m.created_at, m.user_id, m.created_at - interval '3 minutes', m.created_at
      from credit_movements m
     where m.tenant_id = ${t} and m.movement = 'purchase' and m.amount is not null and m.currency is not null
     order by m.created_at, m.id`);
  await tx.execute(sql`
    insert into payments (tenant_id, purpose, reference, description, amount, currency, driver, status, provider_ref, provider_receipt,
                          action, expires_at, settled_at, created_by, created_at, updated_at)
    select ${t}, ${PURCHASE_PURPOSE}, cp.id::text, trim(to_char(cp.credits, 'FM999,999,999')) || ' Kazi credits', cp.amount, cp.currency, 'mpesa', 'succeeded',
           'ws_CO_DEMO' || cp.id, 'SFK' || upper(substr(md5(cp.id::text), 1, 7)), '{"kind":"done"}'::jsonb,
           cp.created_at + interval '30 minutes', cp.paid_at, cp.created_by, cp.created_at, cp.paid_at
      from credit_purchases cp where cp.tenant_id = ${t} and cp.payment_id is null`);
  await tx.execute(sql`
    insert into payment_attempts (tenant_id, payment_id, driver, provider_ref, action, created_by, created_at, updated_at)
    select p.tenant_id, p.id, p.driver, p.provider_ref, p.action, p.created_by, p.created_at, p.created_at
      from payments p where p.tenant_id = ${t} and p.purpose = ${PURCHASE_PURPOSE}`);
  await tx.execute(sql`
    update credit_purchases cp set payment_id = p.id
      from payments p where p.tenant_id = cp.tenant_id and p.purpose = ${PURCHASE_PURPOSE} and p.reference = cp.id::text
       and cp.tenant_id = ${t} and cp.payment_id is null`);
}

export async function purchaseRoutes(app: FastifyInstance) {
  registerPaymentPurpose(PURCHASE_PURPOSE, { onSucceeded: onPurchasePaid, afterSucceeded: mailReceipt });

  app.post('/wallet/credits/purchase', { config: { access: 'wallet.purchase' } }, async (req, reply) => {
    const body = validate(purchaseSchema, req.body);
    const tenantId = req.tenant!.id;
    const started = await req.tenantTx(async (tx): Promise<PurchaseStarted> => {
      const rates = await ratesFor(tx, tenantId);
      if (compare(body.credits, rates.min_credits) < 0) throw fieldError('credits', `Buy at least ${creditsInWords(rates.min_credits)} credits.`);
      if (compare(body.credits, rates.max_credits) > 0) throw fieldError('credits', `Buy at most ${creditsInWords(rates.max_credits)} credits at once.`);
      const amount = priceOf(body.credits, rates.credit_price);
      if (compare(amount, '0') <= 0) throw fieldError('credits', 'That buys nothing: choose more credits.');
      const [row] = await rows<{ id: number }>(
        tx,
        sql`insert into credit_purchases (tenant_id, credits, amount, currency, credit_price, created_by)
            values (${tenantId}, ${body.credits}, ${amount}, ${rates.currency}, ${rates.credit_price}, ${req.user!.id}) returning id`,
      );
      return { id: Number(row.id), checkout_url: `/wallet/checkout/${row.id}` };
    });
    return reply.code(201).send({ message: 'Purchase created: choose how to pay.', data: started });
  });

  app.get('/wallet/get-checkout-data/:id', { config: { access: 'wallet.purchase' } }, async (req) => {
    const data = await checkoutData(req, idOf(req.params));
    if (!data) throw notFound('Purchase');
    return { data };
  });

  app.post('/wallet/complete-payment', { config: { access: 'wallet.purchase' } }, async (req) => {
    const body = validate(completeSchema, req.body);
    const purchase = await req.tenantTx((tx) => purchaseOf(tx, body.purchase_id));
    if (!purchase) throw notFound('Purchase');
    if (purchase.status === 'succeeded') throw new HttpError(409, 'This purchase is paid already.');
    let phone: string | null = null;
    if (body.driver === 'mpesa') {
      if (!body.phone) throw fieldError('phone', 'The phone number is required for M-Pesa.');
      const local = body.phone.startsWith('0') && req.tenant!.phone_country ? `+${req.tenant!.phone_country}${body.phone.slice(1)}` : body.phone;
      phone = toE164(local, null);
      if (!phone) throw fieldError('phone', 'The phone field must be a valid phone number.');
    }
    const started = await startPayment(req.server, {
      tenantId: req.tenant!.id,
      purpose: PURCHASE_PURPOSE,
      reference: String(purchase.id),
      amount: purchase.amount,
      currency: purchase.currency,
      description: `${creditsInWords(purchase.credits)} Kazi credits`,
      driver: body.driver,
      phone,
      email: req.user!.email,
      userId: req.user!.id,
      returnPath: `/wallet/checkout/${purchase.id}`,
    });
    const data = (await checkoutData(req, purchase.id))!;
    const message =
      started.status === 'succeeded'
        ? 'Payment received: the credits are in your wallet.'
        : started.action?.kind === 'stk_push'
          ? 'Check your phone to approve the M-Pesa payment.'
          : started.action?.kind === 'instructions'
            ? 'Pay by bank transfer as shown; the credits land once the payment is approved.'
            : 'Continue to the payment page.';
    return { message, data };
  });

  app.get('/wallet/get-token-purchases', { config: { access: 'wallet.view' } }, async (req) => {
    const q = validate(listSchema, req.query);
    const perPage = q.per_page ?? 15;
    const where =
      q.type === 'all' ? sql`true` : q.type === 'failed' ? sql`${statusOf} in ('failed', 'expired', 'cancelled')` : sql`${statusOf} = ${q.type as PaymentStatus}`;
    const all = q.paginate === false || q.list_all === true;
    return req.tenantTx(async (tx) => {
      const data = await rows<PurchaseRecord>(
        tx,
        purchaseQuery(where, all ? sql`order by p.created_at desc, p.id desc limit 1000` : sql`order by p.created_at desc, p.id desc limit ${perPage} offset ${(q.page - 1) * perPage}`),
      );
      const out = data.map(publicRow);
      if (all) return out;
      const [{ total }] = await rows<{ total: number }>(tx, sql`select count(*)::int as total from (${purchaseQuery(where)}) x`);
      return paginator(out, { total, page: q.page, perPage, path: '/wallet/get-token-purchases', query: q });
    });
  });

  app.get('/wallet/receipts/:id', { config: { access: 'wallet.view' } }, async (req, reply) => {
    const id = idOf(req.params);
    const found = await req.tenantTx(async (tx) => {
      const r = await purchaseOf(tx, id);
      if (!r?.receipt_number) return null;
      const [p] = await rows<Pick<PaymentRow, 'driver' | 'provider_receipt'>>(tx, sql`select driver, provider_receipt from payments where tenant_id = ${CURRENT_TENANT} and id = ${r.payment_id}`);
      return { r, payment: p ?? null };
    });
    if (!found) throw notFound('Receipt');
    const pdf = await renderReceipt(found.r, req.tenant!.name, found.payment);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${found.r.receipt_number}.pdf"`)
      .send(pdf);
  });
}

function idOf(params: unknown): number {
  const raw = String((params as { id?: unknown }).id ?? '');
  if (!/^[1-9]\d{0,15}$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw notFound('Purchase');
  return Number(raw);
}
