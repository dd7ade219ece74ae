import { sql } from 'drizzle-orm';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { CREDIT_SERVICES } from '../../../common/wallet.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { notFound, ValidationError } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { globalRates, mergeRates, rateSettings, rateSettingsSchema } from './rates.js';
import { creditRateSettings, type RateSettings } from './schema.js';

const tenantParam = z.object({ tenant: z.string().regex(/^[1-9]\d{0,15}$/) });

const SINGLE_PARTS = ['packages', 'min_credits', 'max_credits'] as const;

/**
 * A company override's body split in two: the parts given as null (cleared: `min_credits`,
 * `packages`, `service.sms`, `credit_price.KES`) and the rest, which rateSettingsSchema checks.
 * A null under a name the settings do not have is refused like any unknown field.
 */
function clearedParts(body: unknown): { rest: unknown; cleared: string[] } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { rest: body, cleared: [] };
  const rest: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  const cleared: string[] = [];
  const errors: Record<string, string[]> = {};
  for (const part of SINGLE_PARTS) {
    if (rest[part] === null) {
      cleared.push(part);
      delete rest[part];
    }
  }
  for (const group of ['service', 'credit_price'] as const) {
    const value = rest[group];
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const kept: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (v !== null) kept[key] = v;
      else if (group === 'service' ? (CREDIT_SERVICES as readonly string[]).includes(key) : /^[A-Z]{3}$/.test(key)) cleared.push(`${group}.${key}`);
      else errors[`${group}.${key}`] = [group === 'service' ? `There is no service ${key}.` : 'Currencies are three-letter ISO codes.'];
    }
    if (Object.keys(kept).length) rest[group] = kept;
    else delete rest[group];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { rest, cleared };
}

/**
 * The platform operator's rates (docs/decisions/0032-credit-wallet.md): the global rates every
 * company pays, and one company's override. Guarded by the platform's operator check; written
 * on the owner connection (the global row) or in the company's own transaction (its override).
 *
 *   GET    /operator/rates                     Operator/Rates (Inertia)
 *   GET    /operator/rates/json                the global rates
 *   PUT    /operator/rates                     the parts named → { message, data }
 *   GET    /operator/rates/companies/{tenant}  { company, override, effective }
 *   PUT    /operator/rates/companies/{tenant}  the parts named of its override
 *   DELETE /operator/rates/companies/{tenant}  it pays the platform's rates again
 */
export function operatorRateRoutes(app: FastifyInstance, guard: preHandlerAsyncHookHandler) {
  const { database } = app.ctx;
  const opts = { config: { access: 'authenticated' as const }, preHandler: guard };

  const companyOf = async (params: unknown) => {
    const p = tenantParam.safeParse(params);
    if (!p.success) throw notFound('Company');
    const id = Number(p.data.tenant);
    const [t] = await database.query<{ id: number; name: string }>('select id, name from tenants where id = $1', [id]);
    if (!t) throw notFound('Company');
    return { id: Number(t.id), name: t.name };
  };

  app.get('/operator/rates', opts, (_req, reply) => reply.inertia('Operator/Rates', {}));

  app.get('/operator/rates/json', opts, async () => ({ data: await globalRates(database.db) }));

  app.put('/operator/rates', opts, async (req) => {
    const input = validate(rateSettingsSchema, req.body);
    const data = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from credit_rate_settings where id = 1 for update`);
      const value = mergeRates(await globalRates(tx as never), input as Partial<RateSettings>);
      await tx
        .insert(creditRateSettings)
        .values({ id: 1, value })
        .onConflictDoUpdate({ target: creditRateSettings.id, set: { value, updatedAt: sql`now()` } });
      return value;
    });
    return { message: 'Rates saved successfully.', data };
  });

  app.get('/operator/rates/companies/:tenant', opts, async (req) => {
    const company = await companyOf(req.params);
    return {
      data: await withTenant(database, company.id, async (tx) => {
        const [w] = await rows<{ override: Partial<RateSettings> | null }>(tx, sql`select rates_override as override from wallets where tenant_id = ${company.id}`);
        return { company, override: w?.override ?? null, effective: await rateSettings(tx, company.id) };
      }),
    };
  });

  // the parts named replace the company's override of them, a part given as null is cleared
  // (the company pays the platform's again); the others keep theirs
  app.put('/operator/rates/companies/:tenant', opts, async (req) => {
    const company = await companyOf(req.params);
    const { rest, cleared } = clearedParts(req.body);
    const input = validate(rateSettingsSchema, rest) as Partial<RateSettings>;
    const data = await withTenant(database, company.id, async (tx) => {
      await tx.execute(sql`insert into wallets (tenant_id) values (${company.id}) on conflict (tenant_id) do nothing`);
      const [w] = await rows<{ override: Partial<RateSettings> | null }>(
        tx,
        sql`select rates_override as override from wallets where tenant_id = ${company.id} for update`,
      );
      const override: Partial<RateSettings> = { ...(w?.override ?? {}), ...input };
      if (w?.override?.service && input.service) override.service = { ...w.override.service, ...input.service };
      if (w?.override?.credit_price && input.credit_price) override.credit_price = { ...w.override.credit_price, ...input.credit_price };
      for (const part of cleared) {
        const [head, key] = part.split('.') as [keyof RateSettings, string | undefined];
        if (key === undefined) delete override[head];
        else if (head === 'service' || head === 'credit_price') {
          const rest = Object.fromEntries(Object.entries(override[head] ?? {}).filter(([k]) => k !== key));
          if (Object.keys(rest).length) override[head] = rest;
          else delete override[head];
        }
      }
      const effective = mergeRates(await globalRates(tx), override);
      if (Number(effective.min_credits) > Number(effective.max_credits)) {
        throw new ValidationError({ max_credits: ['The maximum must be at least the minimum.'] });
      }
      await tx.execute(sql`update wallets set rates_override = ${JSON.stringify(override)}::jsonb, updated_at = now() where tenant_id = ${company.id}`);
      return { company, override, effective };
    });
    return { message: `Rates of ${company.name} saved successfully.`, data };
  });

  app.delete('/operator/rates/companies/:tenant', opts, async (req) => {
    const company = await companyOf(req.params);
    await withTenant(database, company.id, (tx) => tx.execute(sql`update wallets set rates_override = null, updated_at = now() where tenant_id = ${company.id}`));
    return { message: `${company.name} pays the platform's rates again.` };
  });
}
