import type { FastifyInstance } from 'fastify';
import { listQuerySchema } from '../../../common/schemas/list-query.js';
import { paginator } from '../../http/paginator.js';
import { validate } from '../../http/validate.js';
import { operatorOnly } from './operators.js';

/** A company as the operator's pickers list it. */
export interface OperatorCompanyRow {
  id: number;
  name: string;
  created_at: string;
}

/**
 * The platform operator's list of companies (docs/decisions/0031), for the pickers of the
 * operator's pages (Operator/Rates picks the company whose override it edits). Read on the owner
 * connection because it crosses companies; operator-only; paged, searched by name.
 *
 *   GET /operator/companies/json?search=&page=&per_page=
 */
export function operatorCompanyRoutes(app: FastifyInstance) {
  app.get('/operator/companies/json', operatorOnly, async (req) => {
    const q = validate(listQuerySchema, req.query);
    const perPage = q.per_page ?? 15;
    const params: unknown[] = [];
    const filter = q.search?.trim()
      ? `where coalesce(t.settings->>'name', t.name) ilike $${params.push(`%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`
      : '';
    const { database } = req.server.ctx;
    const [{ total }] = await database.query<{ total: number }>(`select count(*)::int as total from tenants t ${filter}`, params);
    const data = await database.query<OperatorCompanyRow>(
      `select t.id::int as id, coalesce(t.settings->>'name', t.name) as name, t.created_at
         from tenants t ${filter}
        order by lower(coalesce(t.settings->>'name', t.name)), t.id
        limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, perPage, (q.page - 1) * perPage],
    );
    return paginator(data, { total, page: q.page, perPage, path: '/operator/companies/json', query: q });
  });
}
