import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PAYMENT_DRIVERS } from '../../../common/wallet.js';
import { listQuerySchema } from '../../../common/schemas/list-query.js';
import { notFound } from '../../http/errors.js';
import { paginator } from '../../http/paginator.js';
import { validate } from '../../http/validate.js';
import { operatorOnly } from '../platform/operators.js';
import { approveOfflinePayment, rejectOfflinePayment, type PaymentRow } from './service.js';

/**
 * The platform operator's payments (docs/decisions/0031): every company's payments, read on the
 * owner connection because they cross companies, and the approval or rejection of offline
 * payments (bank transfers), each done in that company's own transaction. Operator-only:
 * anyone else, a company's owner included, gets 403.
 *
 *   GET  /operator/payments                               Operator/Payments (Inertia)
 *   GET  /operator/payments/json                          paged; type = waiting | offline | all
 *   POST /operator/payments/{tenantId}/{id}/approve        { receipt? } → { message, data }
 *   POST /operator/payments/{tenantId}/{id}/reject         { reason }   → { message, data }
 */
export interface OperatorPaymentRow {
  tenant_id: number;
  id: number;
  company: string;
  purpose: string;
  reference: string;
  description: string;
  amount: string;
  currency: string;
  driver: string;
  status: string;
  provider_ref: string | null;
  provider_receipt: string | null;
  failure_reason: string | null;
  late: boolean;
  created_by_name: string | null;
  expires_at: string;
  settled_at: string | null;
  created_at: string;
}

const listSchema = listQuerySchema.extend({
  type: z.enum(['waiting', 'offline', 'all']).default('waiting'),
  driver: z.enum(PAYMENT_DRIVERS).optional(),
});

const idParams = z.object({ tenantId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const approveSchema = z.object({ receipt: z.string().trim().max(120).nullish() });
const rejectSchema = z.object({ reason: z.string().trim().min(3, 'Give the reason, in a few words.').max(500) });

const answer = (p: PaymentRow) => ({ tenant_id: p.tenant_id, id: p.id, status: p.status, late: p.late, provider_receipt: p.provider_receipt, failure_reason: p.failure_reason, settled_at: p.settled_at });

export async function operatorPaymentRoutes(app: FastifyInstance) {
  app.get('/operator/payments', operatorOnly, (_req, reply) => reply.inertia('Operator/Payments', {}));

  app.get('/operator/payments/json', operatorOnly, async (req) => {
    const q = validate(listSchema, req.query);
    const perPage = q.per_page ?? 15;
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.type === 'waiting') where.push(`p.driver = 'offline' and p.status in ('pending', 'expired')`);
    if (q.type === 'offline') where.push(`p.driver = 'offline'`);
    if (q.driver) where.push(`p.driver = $${params.push(q.driver)}`);
    if (q.search) {
      const n = params.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(p.reference ilike $${n} or p.description ilike $${n} or coalesce(t.settings->>'name', t.name) ilike $${n} or p.provider_ref ilike $${n})`);
    }
    const filter = where.length ? `where ${where.join(' and ')}` : '';
    const { database } = req.server.ctx;
    const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from payments p join tenants t on t.id = p.tenant_id ${filter}`, params);
    const data = await database.query<OperatorPaymentRow>(
      `select p.tenant_id, p.id, coalesce(t.settings->>'name', t.name) as company, p.purpose, p.reference, p.description, p.amount::text as amount,
              p.currency, p.driver, p.status, p.provider_ref, p.provider_receipt, p.failure_reason, p.late, u.name as created_by_name,
              p.expires_at, p.settled_at, p.created_at
         from payments p join tenants t on t.id = p.tenant_id left join users u on u.id = p.created_by
         ${filter}
        order by p.created_at desc, p.id desc limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, perPage, (q.page - 1) * perPage],
    );
    return paginator(data, { total, page: q.page, perPage, path: '/operator/payments/json', query: q });
  });

  app.post('/operator/payments/:tenantId/:id/approve', operatorOnly, async (req) => {
    const { tenantId, id } = parseIds(req.params);
    const body = validate(approveSchema, req.body ?? {});
    const p = await approveOfflinePayment(req.server, { tenantId, paymentId: id, operatorEmail: req.user!.email, receipt: body.receipt });
    req.log.info({ tenantId, paymentId: id, operator: req.user!.email }, 'offline payment approved');
    return { message: 'Payment approved.', data: answer(p) };
  });

  app.post('/operator/payments/:tenantId/:id/reject', operatorOnly, async (req) => {
    const { tenantId, id } = parseIds(req.params);
    const body = validate(rejectSchema, req.body ?? {});
    const p = await rejectOfflinePayment(req.server, { tenantId, paymentId: id, operatorEmail: req.user!.email, reason: body.reason });
    req.log.info({ tenantId, paymentId: id, operator: req.user!.email }, 'offline payment rejected');
    return { message: 'Payment rejected.', data: answer(p) };
  });
}

function parseIds(params: unknown) {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw notFound('Payment');
  return parsed.data;
}
