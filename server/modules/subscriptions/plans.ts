import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { planSchema, type PlanRow } from '../../../common/subscriptions.js';
import { rows, type Tx } from '../../db/client.js';
import { fieldError, HttpError, notFound } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { operatorOnly } from '../platform/index.js';
import { PLAN_COLUMNS } from './state.js';

/**
 * The plans (SPEC §7 Onboarding `GET /get-plans`; docs/decisions/0046): the public list of the
 * plans offered, and the platform operator's list and form under /operator/plans (owner
 * connection: the app role only reads the table).
 *
 *   GET    /get-plans                       { data: PlanRow[] } the active plans, in order (public)
 *   GET    /operator/plans                  Operator/Plans
 *   GET    /operator/plans/json             { data: (PlanRow & { subscribers })[] } every plan
 *   POST   /operator/plans/store            201 { message, data }
 *   PUT    /operator/plans/update/{id}      { message, data }
 *   DELETE /operator/plans/delete/{id}      { message }; a plan with subscribers is 409 (retire it instead)
 */

export async function activePlans(tx: Tx): Promise<PlanRow[]> {
  return rows<PlanRow>(tx, sql`select ${PLAN_COLUMNS} from plans p where p.active order by p.position, p.id`);
}

export async function planById(tx: Tx, id: number): Promise<PlanRow | null> {
  const [p] = await rows<PlanRow>(tx, sql`select ${PLAN_COLUMNS} from plans p where p.id = ${id}`);
  return p ?? null;
}

const planId = (params: unknown) => {
  const raw = String((params as { id?: unknown }).id ?? '');
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw notFound('Plan');
  return Number(raw);
};

export function planRoutes(app: FastifyInstance) {
  const { database } = app.ctx;
  const owner = <T>(fn: (tx: Tx) => Promise<T>) => database.db.transaction(fn);

  app.get('/get-plans', { config: { access: 'public' } }, async () => ({ data: await owner(activePlans) }));

  app.get('/operator/plans', operatorOnly, (_req, reply) => reply.inertia('Operator/Plans', {}));

  app.get('/operator/plans/json', operatorOnly, async () => {
    const data = await owner((tx) =>
      rows<PlanRow & { subscribers: number }>(
        tx,
        sql`select ${PLAN_COLUMNS}, (select count(*)::int from subscriptions s where s.plan_id = p.id) as subscribers from plans p order by p.position, p.id`,
      ),
    );
    return { data };
  });

  const write = async (id: number | null, body: unknown) => {
    const input = validate(planSchema, body);
    try {
      return await owner(async (tx) => {
        const values = sql`${input.code}, ${input.name}, ${input.description}, ${JSON.stringify(input.prices)}::jsonb, ${input.trial_days},
                           ${JSON.stringify(input.limits)}::jsonb, ${JSON.stringify(input.features)}::jsonb, ${input.included_credits}, ${input.position}, ${input.active}`;
        const [row] =
          id === null
            ? await rows<{ id: number }>(
                tx,
                sql`insert into plans (code, name, description, prices, trial_days, limits, features, included_credits, position, active) values (${values}) returning id`,
              )
            : await rows<{ id: number }>(
                tx,
                sql`update plans set (code, name, description, prices, trial_days, limits, features, included_credits, position, active, updated_at) = (${values}, now())
                     where id = ${id} returning id`,
              );
        if (!row) throw notFound('Plan');
        return (await planById(tx, Number(row.id)))!;
      });
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } };
      if (e.code === '23505' || e.cause?.code === '23505') throw fieldError('code', 'Another plan has this code.');
      throw err;
    }
  };

  app.post('/operator/plans/store', operatorOnly, async (req, reply) => reply.code(201).send({ message: 'Plan created.', data: await write(null, req.body) }));

  app.put('/operator/plans/update/:id', operatorOnly, async (req) => ({ message: 'Plan updated.', data: await write(planId(req.params), req.body) }));

  app.delete('/operator/plans/delete/:id', operatorOnly, async (req) => {
    const id = planId(req.params);
    await owner(async (tx) => {
      const [used] = await rows(tx, sql`select 1 from subscriptions where plan_id = ${id} or next_plan_id = ${id} union all select 1 from subscription_invoices where plan_id = ${id} limit 1`);
      if (used) throw new HttpError(409, 'Companies are on this plan: retire it (untick Offered) instead of deleting it.');
      const [gone] = await rows(tx, sql`delete from plans where id = ${id} returning id`);
      if (!gone) throw notFound('Plan');
    });
    return { message: 'Plan deleted.' };
  });
}
