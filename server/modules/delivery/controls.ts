import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Permission } from '../../../common/permissions.js';
import { rows } from '../../db/client.js';
import { HttpError, notFound } from '../../http/errors.js';
import { deliveryEngine } from './engine.js';
import type { SendChannel } from './schema.js';

const idParam = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });

/** A send's id from the route (`:id`), or the channel's 404 for anything that cannot be one. */
export function sendIdOf(req: FastifyRequest, label: string): number {
  const p = idParam.safeParse(req.params);
  if (!p.success) throw notFound(label);
  return Number(p.data.id);
}

const PAST = { pause: 'paused', resume: 'resumed', cancel: 'cancelled' } as const;

/**
 * `POST {base}/{pause|resume|cancel}/:id` of a channel's sends, alike for SMS, airtime and email:
 * the send is locked and changed by the engine in one transaction (a resumed send is kicked
 * again), 404 for another channel's or company's send, 409 when the send's state does not allow
 * it. `label` names the send in the 404 ("Airtime send"), `name` in the toasts ("Airtime paused"),
 * `thing` in the 409 ("This airtime send cannot be paused now.").
 */
export function sendControlRoutes(
  app: FastifyInstance,
  o: { base: string; channel: SendChannel; access: Permission; label: string; name: string; thing: string; answer: (req: FastifyRequest, id: number) => Promise<unknown> },
) {
  const engine = deliveryEngine(app.ctx);
  for (const verb of ['pause', 'resume', 'cancel'] as const) {
    app.post(`${o.base}/${verb}/:id`, { config: { access: o.access } }, async (req) => {
      const id = sendIdOf(req, o.label);
      const tenantId = req.tenant!.id;
      const changed = await req.tenantTx(async (tx) => {
        const [cur] = await rows<{ status: string }>(tx, sql`select status from sends where tenant_id = ${tenantId} and id = ${id} and channel = ${o.channel} for update`);
        if (!cur) throw notFound(o.label);
        if (verb === 'pause') return engine.pause(tx, tenantId, id, `Paused by ${req.user!.name}.`);
        if (verb === 'resume') return engine.resume(tx, tenantId, id);
        return engine.cancel(tx, tenantId, id);
      });
      if (!changed) throw new HttpError(409, `This ${o.thing} cannot be ${PAST[verb]} now.`);
      if (verb === 'resume') await engine.kick(tenantId, id);
      return { message: `${o.name} ${PAST[verb]}`, data: await o.answer(req, id) };
    });
  }
}
