import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { WalletRates } from '../../../common/answers/wallet.js';
import { CREDIT_SERVICES } from '../../../common/wallet.js';
import { rows, type Tx } from '../../db/client.js';
import { defaultCurrency } from '../accounting/currency.js';
import { creditRateSettings, type RateSettings } from './schema.js';

/**
 * Credit rates (docs/decisions/0032-credit-wallet.md): what one credit costs in each currency,
 * what one unit of each service costs in credits, the packages and the bounds of a purchase. The
 * platform operator sets them once for everyone (credit_rate_settings, seeded by migration 0013)
 * and may override any part for one company (wallets.rates_override). These defaults only fill
 * in what neither says, so a half-written setting never leaves a rate missing.
 */
export const DEFAULT_RATES: RateSettings = {
  credit_price: { KES: '1.0000', USD: '0.0100', EUR: '0.0090', GBP: '0.0080', UGX: '30.0000', TZS: '20.0000', RWF: '10.0000', NGN: '12.0000', ZAR: '0.1400' },
  service: { sms: '1.0000', email: '0.1000', airtime: '1.0000' },
  packages: [
    { credits: '500.0000', label: 'Starter' },
    { credits: '2000.0000', label: 'Standard' },
    { credits: '10000.0000', label: 'Bulk' },
    { credits: '50000.0000', label: 'Enterprise' },
  ],
  min_credits: '100.0000',
  max_credits: '1000000.0000',
};

/** The currency a price is quoted in when the company's own has no price: the platform's. */
export const FALLBACK_CURRENCY = 'USD';

const amount = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,15}(\.\d{1,4})?$/.test(v) && Number(v) > 0, { message: 'Enter a positive number with at most four decimals.' })
  .transform((v) => Number(v).toFixed(4));

/** The operator's form: every part optional (an update changes what it names); a company's override may also clear a part with null. */
export const rateSettingsSchema = z
  .object({
    credit_price: z.record(z.string().regex(/^[A-Z]{3}$/, 'Currencies are three-letter ISO codes.'), amount).optional(),
    service: z.object(Object.fromEntries(CREDIT_SERVICES.map((s) => [s, amount.optional()])) as Record<(typeof CREDIT_SERVICES)[number], z.ZodOptional<typeof amount>>).strict().optional(),
    packages: z
      .array(z.object({ credits: amount, label: z.string().trim().min(1).max(60) }).strict())
      .max(12)
      .optional(),
    min_credits: amount.optional(),
    max_credits: amount.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.min_credits && v.max_credits && Number(v.min_credits) > Number(v.max_credits)) {
      ctx.addIssue({ code: 'custom', path: ['max_credits'], message: 'The maximum must be at least the minimum.' });
    }
  });
export type RateSettingsInput = z.output<typeof rateSettingsSchema>;

/** Layers the named parts of each setting over the ones before it (service rates and prices key by key). */
export function mergeRates(...layers: (Partial<RateSettings> | null | undefined)[]): RateSettings {
  const out: RateSettings = structuredClone(DEFAULT_RATES);
  for (const l of layers) {
    if (!l) continue;
    if (l.credit_price) out.credit_price = { ...out.credit_price, ...l.credit_price };
    if (l.service) out.service = { ...out.service, ...l.service };
    if (l.packages) out.packages = l.packages;
    if (l.min_credits) out.min_credits = l.min_credits;
    if (l.max_credits) out.max_credits = l.max_credits;
  }
  return out;
}

/** The platform's rates (global). */
export async function globalRates(tx: Tx): Promise<RateSettings> {
  const [row] = await tx.select({ value: creditRateSettings.value }).from(creditRateSettings).where(eq(creditRateSettings.id, 1));
  return mergeRates(row?.value);
}

/** The rates one company pays: the platform's, with its override on top. */
export async function rateSettings(tx: Tx, tenantId: number): Promise<RateSettings> {
  const [row] = await rows<{ global: Partial<RateSettings> | null; override: Partial<RateSettings> | null }>(
    tx,
    sql`select (select value from credit_rate_settings where id = 1) as global,
               (select rates_override from wallets where tenant_id = ${tenantId}) as override`,
  );
  return mergeRates(row?.global, row?.override);
}

/** What the pages show: the rates in the company's own currency (or the platform's when that has no price). */
export async function ratesFor(tx: Tx, tenantId: number): Promise<WalletRates> {
  const s = await rateSettings(tx, tenantId);
  const own = (await defaultCurrency(tx, tenantId).catch(() => null))?.code;
  const currency = own && s.credit_price[own] ? own : FALLBACK_CURRENCY;
  return {
    currency,
    credit_price: s.credit_price[currency] ?? DEFAULT_RATES.credit_price[FALLBACK_CURRENCY],
    service: { sms: s.service.sms, email: s.service.email, airtime: s.service.airtime },
    packages: s.packages,
    min_credits: s.min_credits,
    max_credits: s.max_credits,
  };
}
