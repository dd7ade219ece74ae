import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { apiTokenSchema, type ApiTokenRow } from '../../../common/api-tokens.js';
import { PERMISSIONS } from '../../../common/permissions.js';
import { rows } from '../../db/client.js';
import { fieldError, forbidden, notFound } from '../../http/errors.js';
import { paginator } from '../../http/paginator.js';
import { validate } from '../../http/validate.js';
import { newSecret, tokenText } from '../../plugins/api-token.js';
import { apiTokens } from './schema.js';

const BASE = '/settings/company/tokens';
const idParam = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });
const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(15),
  status: z.enum(['active', 'all']).default('all'),
});
/** a token lives at most this long: a forgotten one stops by itself */
const MAX_DAYS = 366 * 2;

const ROW = sql`k.id::int as id, k.name, k.kind, k.hint, k.scopes, k.expires_at, k.last_used_at, k.last_used_ip, k.revoked_at, k.created_at,
  k.user_id::int as user_id, u.name as user_name,
  case when k.revoked_at is not null then 'revoked' when k.expires_at is not null and k.expires_at <= now() then 'expired' else 'active' end as status`;

/** Which tokens a user sees: their own, and with api_tokens.manage the company's and everyone's. */
const visible = (req: FastifyRequest) => (req.permissions.has('api_tokens.manage') ? sql`true` : sql`k.user_id = ${req.user!.id} and k.kind = 'personal'`);

export async function apiTokenRoutes(app: FastifyInstance) {
  app.get(BASE, { config: { access: 'api_tokens.view' } }, async (req, reply) =>
    reply.inertia('Settings/Company/Tokens', {
      // what a new token may be given: the creator's own permissions, never more
      grantable: PERMISSIONS.filter((p) => req.permissions.has(p)),
      can_manage: req.permissions.has('api_tokens.manage'),
    }),
  );

  app.get(`${BASE}/json`, { config: { access: 'api_tokens.view' } }, async (req) => {
    const q = validate(listQuery, req.query);
    const tenantId = req.tenant!.id;
    const where = sql`k.tenant_id = ${tenantId} and ${visible(req)} ${q.status === 'active' ? sql`and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())` : sql``}`;
    const { data, total } = await req.tenantTx(async (tx) => {
      const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from api_tokens k where ${where}`);
      const data = await rows<ApiTokenRow>(
        tx,
        sql`select ${ROW} from api_tokens k left join users u on u.id = k.user_id where ${where}
            order by k.id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
      );
      return { data, total: n };
    });
    return paginator(data, { total, page: q.page, perPage: q.per_page, path: `${BASE}/json`, query: q });
  });

  app.post(`${BASE}/store`, { config: { access: 'api_tokens.create', sessionOnly: true } }, async (req, reply) => {
    const input = validate(apiTokenSchema, req.body);
    if (input.kind === 'company' && !req.permissions.has('api_tokens.manage')) {
      throw fieldError('kind', 'Only users who manage API tokens may make company tokens.');
    }
    const beyond = input.scopes.filter((p) => !req.permissions.has(p));
    if (beyond.length) throw fieldError('scopes', `You cannot give a token permissions you do not hold: ${beyond.slice(0, 5).join(', ')}.`);
    let expiresAt: string | null = null;
    if (input.expires_at) {
      const end = new Date(`${input.expires_at}T23:59:59.999Z`);
      const days = (end.getTime() - Date.now()) / 86_400_000;
      if (Number.isNaN(end.getTime()) || days < 0) throw fieldError('expires_at', 'The expiry date must be today or later.');
      if (days > MAX_DAYS) throw fieldError('expires_at', 'A token may last at most two years.');
      expiresAt = end.toISOString();
    }
    const { secret, hash, hint } = newSecret();
    const tenantId = req.tenant!.id;
    const made = await req.tenantTx(async (tx) => {
      const [k] = await tx
        .insert(apiTokens)
        .values({ tenantId, userId: req.user!.id, kind: input.kind, name: input.name, secretHash: hash, hint, scopes: [...new Set(input.scopes)], expiresAt })
        .returning({ id: apiTokens.id });
      const [row] = await rows<ApiTokenRow>(tx, sql`select ${ROW} from api_tokens k left join users u on u.id = k.user_id where k.tenant_id = ${tenantId} and k.id = ${k.id}`);
      return row;
    });
    return reply.code(201).send({
      message: 'API token created. Copy it now: it is shown only once.',
      data: { ...made, plain_text_token: tokenText(tenantId, made.id, secret) },
    });
  });

  app.delete(`${BASE}/delete/:id`, { config: { access: 'api_tokens.delete', sessionOnly: true } }, async (req) => {
    const p = idParam.safeParse(req.params);
    if (!p.success) throw notFound('API token');
    const id = Number(p.data.id);
    const tenantId = req.tenant!.id;
    await req.tenantTx(async (tx) => {
      const [k] = await rows<{ user_id: number; kind: string; revoked_at: string | null }>(
        tx,
        sql`select user_id::int as user_id, kind, revoked_at from api_tokens where tenant_id = ${tenantId} and id = ${id} for update`,
      );
      if (!k) throw notFound('API token');
      const mine = k.kind === 'personal' && k.user_id === req.user!.id;
      if (!mine && !req.permissions.has('api_tokens.manage')) {
        // someone else's personal token is not even shown to this user
        if (k.kind === 'personal') throw notFound('API token');
        throw forbidden();
      }
      if (!k.revoked_at) await tx.execute(sql`update api_tokens set revoked_at = now(), revoked_by = ${req.user!.id}, updated_at = now() where tenant_id = ${tenantId} and id = ${id}`);
    });
    return { message: 'API token revoked.' };
  });
}
