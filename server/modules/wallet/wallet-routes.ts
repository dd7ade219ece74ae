import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { WalletDistribution, WalletMetrics, WalletSettings, WalletTransactionRow } from '../../../common/answers/wallet.js';
import { CREDIT_MOVEMENTS, type CreditService } from '../../../common/wallet.js';
import { rows, type Tx } from '../../db/client.js';
import { fieldError } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { availableDrivers } from '../payments/index.js';
import { checkLowBalance } from './alerts.js';
import { balances, lockWallet } from './ledger.js';
import { ratesFor } from './rates.js';
import type { AutoTopUp } from './schema.js';
import { kenyanMobile } from './top-up.js';
import { walletTransactionResource } from './transactions.js';

/**
 * The wallet's JSON endpoints (SPEC §7 Wallet; shapes in common/answers/wallet.ts): the figures,
 * the ledger's lines (recent and paged), the spending distribution and the company's wallet
 * settings (low-balance alert, automatic top-up). The purchases' endpoints are in purchases.ts.
 */

const credits = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,15}(\.\d{1,4})?$/.test(v), { message: 'Enter a number of credits of at least 0 with at most four decimals.' })
  .transform((v) => Number(v).toFixed(4));

export const walletSettingsSchema = z
  .object({
    /** null turns the alert off */
    low_balance_threshold: credits.nullable(),
    auto_top_up: z
      .object({
        enabled: z.boolean(),
        target_balance: credits.nullable().default(null),
        /** the saved method: an M-Pesa number (a Kenyan mobile); checked and written in E.164 by the route */
        method: z
          .object({
            driver: z.literal('mpesa', { error: 'M-Pesa is the payment method an automatic top-up can use.' }),
            phone: z.string({ error: 'Enter the M-Pesa phone number.' }).trim().min(1, { message: 'Enter the M-Pesa phone number.' }).max(32),
          })
          .strict()
          .nullable()
          .default(null),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const a = v.auto_top_up;
    if (!a?.enabled) return;
    if (v.low_balance_threshold === null) ctx.addIssue({ code: 'custom', path: ['low_balance_threshold'], message: 'Automatic top-up starts at the alert threshold: set one.' });
    if (!a.target_balance) ctx.addIssue({ code: 'custom', path: ['auto_top_up', 'target_balance'], message: 'Enter the balance to top up to.' });
    else if (v.low_balance_threshold !== null && Number(a.target_balance) <= Number(v.low_balance_threshold)) {
      ctx.addIssue({ code: 'custom', path: ['auto_top_up', 'target_balance'], message: 'The target balance must be above the alert threshold.' });
    }
    if (!a.method) ctx.addIssue({ code: 'custom', path: ['auto_top_up', 'method', 'phone'], message: 'Enter the M-Pesa phone number to charge.' });
  });

const NO_TOP_UP: AutoTopUp = { enabled: false, target_balance: null, method: null };

async function storedSettings(tx: Tx, tenantId: number) {
  const [w] = await rows<{ threshold: string | null; auto: AutoTopUp | null }>(
    tx,
    sql`select low_balance_threshold::text as threshold, auto_top_up as auto from wallets where tenant_id = ${tenantId}`,
  );
  return { threshold: w?.threshold ?? null, auto: w?.auto ?? NO_TOP_UP };
}

async function settingsOf(tx: Tx, tenantId: number): Promise<WalletSettings> {
  const { threshold, auto } = await storedSettings(tx, tenantId);
  // only a saved M-Pesa number is a method (anything else stored before is none)
  const method = auto.method && typeof auto.method === 'object' && auto.method.driver === 'mpesa' ? { driver: 'mpesa' as const, phone: auto.method.phone } : null;
  return { low_balance_threshold: threshold, auto_top_up: { enabled: Boolean(auto.enabled) && method !== null, target_balance: auto.target_balance ?? null, method } };
}

export async function walletMetrics(tx: Tx, tenantId: number): Promise<WalletMetrics> {
  const rates = await ratesFor(tx, tenantId);
  const b = await balances(tx, tenantId);
  const [f] = await rows<{ used: string; spent: string; total: number; threshold: string | null }>(
    tx,
    sql`select coalesce((select sum(settled_credits) from credit_reservations where tenant_id = ${tenantId} and status = 'settled'), 0)::numeric(20,4)::text as used,
               coalesce((select sum(amount) from credit_movements
                           where tenant_id = ${tenantId} and movement in ('purchase', 'refund') and currency = ${rates.currency}), 0)::numeric(20,4)::text as spent,
               (select count(*)::int from credit_movements where tenant_id = ${tenantId}) as total,
               (select low_balance_threshold::text from wallets where tenant_id = ${tenantId}) as threshold`,
  );
  return {
    balance: b.balance,
    paid_balance: b.paid,
    granted_balance: b.granted,
    reserved: b.reserved,
    credit_used: f.used,
    amount_spent: f.spent,
    currency: rates.currency,
    total_transactions: Number(f.total),
    low_balance_threshold: f.threshold,
    rates,
  };
}

const PERIODS = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 } as const;
const distributionQuery = z.object({ type: z.enum(Object.keys(PERIODS) as [keyof typeof PERIODS]).default('30d') });

export async function walletDistribution(tx: Tx, tenantId: number, period: keyof typeof PERIODS): Promise<WalletDistribution> {
  const days = PERIODS[period];
  // one point per day, or per month beyond 90 days; the first bucket starts `days - 1` days before today (UTC)
  const unit = days > 90 ? 'month' : 'day';
  const label = unit === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const since = sql`(date_trunc(${unit}, (now() at time zone 'UTC') - make_interval(days => ${days - 1})) at time zone 'UTC')`;
  const byService = await rows<{ service: CreditService; credits: string; count: number }>(
    tx,
    sql`select service, sum(settled_credits)::numeric(20,4)::text as credits, count(*)::int as count
          from credit_reservations
         where tenant_id = ${tenantId} and status = 'settled' and closed_at >= ${since}
         group by service order by service`,
  );
  const series = await rows<WalletDistribution['series'][number]>(
    tx,
    sql`with b as (
          select generate_series(date_trunc(${unit}, (now() at time zone 'UTC') - make_interval(days => ${days - 1})), date_trunc(${unit}, now() at time zone 'UTC'),
                                 ('1 ' || ${unit})::interval) as start
        ), used as (
          select date_trunc(${unit}, closed_at at time zone 'UTC') as p, service, sum(settled_credits) as c
            from credit_reservations
           where tenant_id = ${tenantId} and status = 'settled' and closed_at >= ${since}
           group by 1, 2
        ), bought as (
          select date_trunc(${unit}, created_at at time zone 'UTC') as p, sum(credits) as c
            from credit_movements
           where tenant_id = ${tenantId} and movement = 'purchase' and created_at >= ${since}
           group by 1
        )
        select to_char(b.start, ${label}) as period,
               coalesce((select c from used where p = b.start and service = 'sms'), 0)::numeric(20,4)::text as sms,
               coalesce((select c from used where p = b.start and service = 'email'), 0)::numeric(20,4)::text as email,
               coalesce((select c from used where p = b.start and service = 'airtime'), 0)::numeric(20,4)::text as airtime,
               coalesce((select c from bought where p = b.start), 0)::numeric(20,4)::text as purchased
          from b order by b.start`,
  );
  return { by_service: byService.map((s) => ({ ...s, count: Number(s.count) })), series };
}

const recentQuery = z.object({
  type: z.enum(['all', ...CREDIT_MOVEMENTS]).default('all'),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export async function walletRoutes(app: FastifyInstance) {
  walletTransactionResource.routes(app);

  app.get('/wallet/metrics', { config: { access: 'wallet.view' } }, async (req) => ({
    data: await req.tenantTx((tx) => walletMetrics(tx, req.tenant!.id)),
  }));

  // the latest ledger lines (the Index page's card), optionally of one type
  app.get('/wallet/get-recent-transactions', { config: { access: 'wallet.view' } }, async (req) => {
    const q = validate(recentQuery, req.query);
    const { fields } = walletTransactionResource.def;
    const m = walletTransactionResource.def.table;
    const data = await req.tenantRead((tx) =>
      tx
        .select(fields)
        .from(m)
        .where(sql`${m.tenantId} = ${req.tenant!.id} ${q.type === 'all' ? sql`` : sql`and movement = ${q.type}`}`)
        .orderBy(sql`created_at desc, id desc`)
        .limit(q.limit),
    );
    return { data: data as WalletTransactionRow[] };
  });

  app.get('/wallet/get-transactions-distribution', { config: { access: 'wallet.view' } }, async (req) => {
    const q = validate(distributionQuery, req.query);
    return { data: await req.tenantTx((tx) => walletDistribution(tx, req.tenant!.id, q.type)) };
  });

  app.get('/wallet/settings', { config: { access: 'wallet.view' } }, async (req) => ({
    data: await req.tenantRead((tx) => settingsOf(tx, req.tenant!.id)),
  }));

  app.post('/wallet/settings', { config: { access: 'wallet.manage' } }, async (req) => {
    const input = validate(walletSettingsSchema, req.body);
    const tenantId = req.tenant!.id;
    let given: AutoTopUp | null = null;
    if (input.auto_top_up) {
      const method = input.auto_top_up.method;
      const phone = method ? kenyanMobile(method.phone) : null;
      if (method && !phone) throw fieldError('auto_top_up.method.phone', 'Enter a Kenyan mobile number for M-Pesa (07…, 01… or +254…).');
      if (input.auto_top_up.enabled && !availableDrivers(req.server).includes('mpesa')) {
        throw fieldError('auto_top_up.method.phone', 'M-Pesa payments are not offered here, so an automatic top-up cannot be paid.');
      }
      given = { ...input.auto_top_up, method: phone ? { driver: 'mpesa', phone } : null, saved_by: req.user!.id };
    }
    const data = await req.tenantTx(async (tx) => {
      await lockWallet(tx, tenantId);
      if (given?.enabled) {
        const rates = await ratesFor(tx, tenantId);
        if (rates.currency !== 'KES') {
          throw fieldError('auto_top_up.method.phone', `M-Pesa takes Kenyan shillings only, and this wallet's credits are priced in ${rates.currency}.`);
        }
      }
      const auto = given ?? (await storedSettings(tx, tenantId)).auto;
      await tx.execute(
        sql`update wallets set low_balance_threshold = ${input.low_balance_threshold}, auto_top_up = ${JSON.stringify(auto)}::jsonb, updated_at = now()
             where tenant_id = ${tenantId}`,
      );
      // a threshold set above the balance is a crossing too
      await checkLowBalance(tx, tenantId);
      return settingsOf(tx, tenantId);
    });
    return { message: 'Wallet settings saved successfully.', data };
  });
}
