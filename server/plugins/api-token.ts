import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import type { SessionContext } from './session.js';

/**
 * API tokens in the request path (docs/decisions/0047-company-settings-tokens-public-site.md).
 * `Authorization: Bearer kz_<tenant>_<id>_<secret>` stands in for the session cookie: the session
 * plugin reads the token instead of a session row, the auth plugin gives the request the token's
 * user, company and permissions, and every route's own permission check then applies unchanged.
 * A bearer request carries no ambient credential another site could make a browser send, so it
 * needs no CSRF token; a cookie session still does.
 */

export const TOKEN_PREFIX = 'kz';
const TOKEN_SHAPE = /^kz_([1-9]\d{0,15})_([1-9]\d{0,15})_([A-Za-z0-9_-]{43})$/;
/** how often last_used_at is written: once a minute is enough to show "last used", and spares a write per request */
const TOUCH_EVERY_MS = 60_000;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new token's parts: the secret shown once, and what is stored of it. */
export function newSecret(): { secret: string; hash: string; hint: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret), hint: secret.slice(-4) };
}
export const tokenText = (tenantId: number, id: number, secret: string) => `${TOKEN_PREFIX}_${tenantId}_${id}_${secret}`;

/** What a valid token grants the request. */
export interface ApiTokenContext {
  id: number;
  tenantId: number;
  kind: 'personal' | 'company';
  userId: number;
  context: SessionContext;
  /** the permissions the request holds: the scopes, narrowed for a personal token to what its user's role still holds */
  permissions: ReadonlySet<string>;
}

interface TokenRow {
  secret_hash: string;
  kind: 'personal' | 'company';
  scopes: string[];
  expires_at: string | Date | null;
  revoked_at: string | Date | null;
  last_used_at: string | Date | null;
  user_id: number;
  user_name: string | null;
  user_email: string | null;
  user_email_verified_at: string | Date | null;
  user_avatar: string | null;
  tenant_name: string | null;
  tenant_timezone: string | null;
  tenant_settings: Record<string, string | null> | null;
  role_slug: string | null;
  role_permissions: string[] | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set when the request authenticated with an API token instead of a session cookie */
    apiToken: ApiTokenContext | null;
  }
}

/** The token of an `Authorization: Bearer …` header; null when the request sends none. */
export function bearerOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1] : h.toLowerCase().startsWith('bearer') ? '' : null;
}

const invalid = () => new HttpError(401, 'Invalid or expired API token.', { 'www-authenticate': 'Bearer error="invalid_token"' });

/**
 * The token's context, or a 401 for a token that is malformed, unknown, of a wrong secret,
 * revoked or expired, whose user is gone, or (personal) whose user left the company.
 */
export async function resolveApiToken(database: Database, raw: string, ip: string): Promise<ApiTokenContext> {
  const m = TOKEN_SHAPE.exec(raw);
  if (!m) throw invalid();
  const tenantId = Number(m[1]);
  const id = Number(m[2]);
  const [row] = await database.prepared<TokenRow>('kazi_token_context', 'select * from kazi_token_context($1, $2)', [tenantId, id]);
  if (!row || !safeEqual(hashSecret(m[3]), row.secret_hash)) throw invalid();
  if (row.revoked_at || (row.expires_at && new Date(row.expires_at).getTime() <= Date.now())) throw invalid();
  if (row.user_name === null || row.tenant_name === null) throw invalid();
  const scopes = new Set(row.scopes);
  let permissions: ReadonlySet<string>;
  if (row.kind === 'personal') {
    // a personal token never holds more than its user holds today
    if (row.role_slug === null) throw invalid();
    const held = row.role_slug === 'owner' ? null : new Set(row.role_permissions ?? []);
    permissions = held ? new Set([...scopes].filter((p) => held.has(p))) : scopes;
  } else {
    permissions = scopes;
  }
  const last = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
  if (Date.now() - last > TOUCH_EVERY_MS) {
    await database.scoped({ tenantId }, async (tx) => {
      await tx.execute(sql`update api_tokens set last_used_at = now(), last_used_ip = ${ip.slice(0, 64)} where tenant_id = ${tenantId} and id = ${id}`);
    });
  }
  return {
    id,
    tenantId,
    kind: row.kind,
    userId: Number(row.user_id),
    permissions,
    context: {
      user: { name: row.user_name, email: row.user_email!, email_verified_at: row.user_email_verified_at, avatar: row.user_avatar },
      membership: {
        tenantName: row.tenant_name,
        timezone: row.tenant_timezone ?? 'UTC',
        settings: row.tenant_settings ?? {},
        role: row.role_slug ?? 'api-token',
        permissions,
      },
    },
  };
}

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
