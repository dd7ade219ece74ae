import { sql } from 'drizzle-orm';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { notFound, ValidationError } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { globalRates, mergeRates, rateSettings, rateSettingsSchema } from './rates.js';
import { creditRateSettings, type RateSettings } from './schema.js';

const tenantParam = z.object({ tenant: z.string().regex(/^[1-9]\d{0,15}$/) });

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

  // the parts named replace the company's override of them; the others keep theirs
  app.put('/operator/rates/companies/:tenant', opts, async (req) => {
    const company = await companyOf(req.params);
    const input = validate(rateSettingsSchema, req.body) as Partial<RateSettings>;
    const data = await withTenant(database, company.id, async (tx) => {
      await tx.execute(sql`insert into wallets (tenant_id) values (${company.id}) on conflict (tenant_id) do nothing`);
      const [w] = await rows<{ override: Partial<RateSettings> | null }>(
        tx,
        sql`select rates_override as override from wallets where tenant_id = ${company.id} for update`,
      );
      const override: Partial<RateSettings> = { ...(w?.override ?? {}), ...input };
      if (w?.override?.service && input.service) override.service = { ...w.override.service, ...input.service };
      if (w?.override?.credit_price && input.credit_price) override.credit_price = { ...w.override.credit_price, ...input.credit_price };
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
