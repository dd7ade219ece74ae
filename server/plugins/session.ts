import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import { bearerOf, resolveApiToken } from './api-token.js';

export const SESSION_COOKIE = 'kazi_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
const LIFETIME_MS = 1000 * 60 * 60 * 24 * 14; // two weeks, renewed on activity
const TOUCH_EVERY_MS = 60_000;

/** The session's own row, read on every request with the auth epoch (migration 0009). */
interface SessionRow {
  session_id: string;
  user_id: number | null;
  tenant_id: number | null;
  csrf_token: string;
  data: Record<string, unknown>;
  /** a Date from the context function; milliseconds since the epoch from the session row (no date parsing on the hot path) */
  password_confirmed_at: string | number | Date | null;
  last_activity: string | number | Date;
}

/** One row of kazi_session_context(): the session, its user and its tenant context (migration 0008). */
interface ContextRow extends SessionRow {
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

/**
 * What the session's own row said about its user, read in the same call as the session:
 * `user` is null when the user is gone, `membership` when the session's company is not one
 * the user is an active member of (any more).
 */
export interface SessionContext {
  user: { name: string; email: string; email_verified_at: string | Date | null; avatar: string | null } | null;
  membership: {
    tenantName: string;
    timezone: string;
    settings: Record<string, string | null>;
    role: string;
    /** null for the owner, who holds every permission of the registry */
    permissions: ReadonlySet<string> | null;
  } | null;
}

/**
 * Every request reads its session row by primary key and, in the same statement, the auth
 * epoch: the number that rises with every change to roles, memberships, or a user's or
 * tenant's details (migration 0009). Plain SQL as the owner, prepared once per connection.
 */
const SESSION_SQL = `select s.id as session_id, s.user_id, s.current_tenant_id as tenant_id, s.csrf_token, s.data,
  (extract(epoch from s.password_confirmed_at) * 1000)::float8 as password_confirmed_at,
  (extract(epoch from s.last_activity) * 1000)::float8 as last_activity, e.epoch
  from sessions s cross join auth_epoch e where s.id = $1 and s.expires_at > now()`;
/** The session with its user, membership, role and tenant, read under row-level security (migration 0008). */
const CONTEXT_SQL = 'select * from kazi_session_context($1)';
const CONTEXTS_KEPT = 10_000;

/**
 * The contexts sessions resolved to, per user and company, each with the epoch it was read
 * under. An entry serves only while the epoch read with the session is still the same, so a
 * revoked role, membership or session shows on the very next request, whichever process or
 * tool made the change; any such change anywhere makes every session read its context afresh once.
 */
export class SessionContexts {
  private entries = new Map<string, { epoch: number; context: SessionContext }>();

  get(key: string, epoch: number): SessionContext | null {
    const hit = this.entries.get(key);
    return hit && hit.epoch === epoch ? hit.context : null;
  }

  set(key: string, epoch: number, context: SessionContext) {
    this.entries.delete(key);
    this.entries.set(key, { epoch, context });
    if (this.entries.size > CONTEXTS_KEPT) this.entries.delete(this.entries.keys().next().value!);
  }
}

const contextKey = (row: SessionRow) => `${row.user_id}:${row.tenant_id ?? ''}`;

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const token = () => randomBytes(32).toString('base64url');

/**
 * A server-side session row. Guests get one too: it carries the CSRF token.
 * Flash data lives one request: what is flashed now is readable on the next.
 */
export class Session {
  cookieValue: string;
  id: string;
  userId: number | null;
  tenantId: number | null;
  csrfToken: string;
  passwordConfirmedAt: Date | null;
  data: Record<string, unknown>;
  /** flash data put by the previous request, readable during this one */
  readonly flashed: Record<string, unknown>;
  isNew: boolean;
  dirty = false;
  /** the user and company context read with the session (null for a guest) */
  context: SessionContext | null = null;
  destroyed: string | null = null;
  lastActivity: number;
  /** an API token's request (Authorization: Bearer): never stored, no cookies, no CSRF */
  stateless = false;

  constructor(cookieValue: string, row: SessionRow | null, context: SessionContext | null = null) {
    this.cookieValue = cookieValue;
    this.id = sha256(cookieValue);
    this.isNew = !row;
    this.userId = row?.user_id ?? null;
    this.tenantId = row?.tenant_id ?? null;
    this.csrfToken = row?.csrf_token ?? token();
    this.passwordConfirmedAt = row?.password_confirmed_at ? new Date(row.password_confirmed_at) : null;
    const data = { ...(row?.data ?? {}) };
    this.flashed = (data._flash as Record<string, unknown>) ?? {};
    if (data._flash) {
      delete data._flash;
      this.dirty = true;
    }
    this.data = data;
    this.lastActivity = row ? new Date(row.last_activity).getTime() : Date.now();
    if (row?.user_id) this.context = context;
  }

  get<T = unknown>(key: string): T | undefined {
    return this.data[key] as T | undefined;
  }
  put(key: string, value: unknown) {
    this.data[key] = value;
    this.dirty = true;
  }
  forget(key: string) {
    delete this.data[key];
    this.dirty = true;
  }
  flash(key: string, value: unknown) {
    const f = ((this.data._flash as Record<string, unknown>) ??= {});
    f[key] = value;
    this.dirty = true;
  }
  /** reads (and consumes) flash data from the previous request, or flashed during this one */
  pull(key: string): unknown {
    if (key in this.flashed) {
      const v = this.flashed[key];
      delete this.flashed[key];
      return v;
    }
    const own = this.data._flash as Record<string, unknown> | undefined;
    if (own && key in own) {
      const v = own[key];
      delete own[key];
      return v;
    }
    return undefined;
  }
  peekFlash(key: string): unknown {
    return this.flashed[key] ?? (this.data._flash as Record<string, unknown> | undefined)?.[key];
  }
  /** keep this request's incoming flash for one more request (Inertia 409 reloads) */
  reflash() {
    for (const [k, v] of Object.entries(this.flashed)) this.flash(k, v);
  }
  /** new id and CSRF token: done on login and logout against session fixation */
  regenerate() {
    this.destroyed = this.isNew ? null : this.id;
    this.cookieValue = token();
    this.id = sha256(this.cookieValue);
    this.csrfToken = token();
    this.isNew = true;
    this.dirty = true;
  }
  login(userId: number, tenantId: number | null) {
    this.regenerate();
    this.userId = userId;
    this.tenantId = tenantId;
    this.passwordConfirmedAt = new Date();
  }
  logout() {
    this.regenerate();
    this.userId = null;
    this.tenantId = null;
    this.passwordConfirmedAt = null;
    this.data = {};
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session;
  }
}

/** Paths that never need a session (static assets, health). */
// providers' callbacks carry no session and must not start one: a send of 100,000 SMS posts
// 100,000 delivery reports, each of which would otherwise write a sessions row
const skip = (url: string) => url.startsWith('/build/') || url.startsWith('/webhooks/') || url === '/favicon.ico' || url === '/health';

export interface SessionOptions {
  database: Database;
  secure: boolean;
}

export const sessionPlugin = fp(
  async (app, opts: SessionOptions) => {
    const { database } = opts;
    app.decorateRequest('session', null as unknown as Session);
    app.decorateRequest('apiToken', null);
    const contexts = new SessionContexts();

    app.addHook('onRequest', async (req) => {
      if (skip(req.url)) return;
      const bearer = bearerOf(req);
      if (bearer !== null) {
        // an API token stands in for the cookie: a cookie sent beside it is not read (docs/decisions/0047)
        const s = new Session(token(), null);
        s.stateless = true;
        req.session = s;
        const resolved = await resolveApiToken(database, bearer, req.ip);
        req.apiToken = resolved;
        s.userId = resolved.userId;
        s.tenantId = resolved.tenantId;
        s.context = resolved.context;
        return;
      }
      const raw = req.cookies[SESSION_COOKIE];
      let row: SessionRow | null = null;
      let context: SessionContext | null = null;
      if (raw && raw.length >= 20 && raw.length <= 100) {
        const id = sha256(raw);
        const [found] = await database.prepared<SessionRow & { epoch: number }>('kazi_session', SESSION_SQL, [id]);
        row = found ?? null;
        if (found?.user_id) {
          context = contexts.get(contextKey(found), found.epoch);
          if (!context) {
            // nothing remembered under this epoch: the whole context, then remember it under the
            // epoch read before it (a change committed in between only makes it fresher)
            const [full] = await database.prepared<ContextRow>('kazi_session_context', CONTEXT_SQL, [id]);
            row = full ?? null;
            if (full?.user_id) {
              context = contextOf(full);
              contexts.set(contextKey(full), found.epoch, context);
            }
          }
        }
      }
      req.session = new Session(row ? raw! : token(), row, context);
    });

    app.addHook('onSend', async (req, reply, payload) => {
      const s = req.session;
      if (!s || s.stateless) return payload;
      const sendCookie = s.isNew || req.cookies[SESSION_COOKIE] !== s.cookieValue;
      await persist(database, req, s);
      const cookieOpts = { path: '/', sameSite: 'lax' as const, secure: opts.secure };
      if (sendCookie) {
        reply.setCookie(SESSION_COOKIE, s.cookieValue, { ...cookieOpts, httpOnly: true, maxAge: LIFETIME_MS / 1000 });
      }
      if (req.cookies[XSRF_COOKIE] !== s.csrfToken) {
        reply.setCookie(XSRF_COOKIE, s.csrfToken, { ...cookieOpts, httpOnly: false, maxAge: LIFETIME_MS / 1000 });
      }
      return payload;
    });

    // CSRF (ARCHITECTURE): every state-changing request sends the cookie's token back in X-XSRF-TOKEN.
    app.addHook('preValidation', async (req: FastifyRequest) => {
      if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
      if (req.routeOptions.config?.csrf === false) return;
      const s = req.session;
      // a bearer token is sent by the caller's own code, never by a browser on another site's behalf
      if (s?.stateless && req.apiToken) return;
      const sent =
        (req.headers['x-xsrf-token'] as string | undefined) ??
        (req.headers['x-csrf-token'] as string | undefined) ??
        ((req.body as Record<string, unknown> | undefined)?._token as string | undefined);
      if (!s || s.isNew || typeof sent !== 'string' || !safeEqual(sent, s.csrfToken)) {
        throw new HttpError(419, 'CSRF token mismatch.');
      }
    });
  },
  { name: 'kazi-session', dependencies: ['@fastify/cookie'] },
);

function contextOf(row: ContextRow): SessionContext {
  return {
    user:
      row.user_name === null
        ? null
        : { name: row.user_name, email: row.user_email!, email_verified_at: row.user_email_verified_at, avatar: row.user_avatar },
    membership:
      row.role_slug === null
        ? null
        : {
            tenantName: row.tenant_name!,
            timezone: row.tenant_timezone!,
            settings: row.tenant_settings ?? {},
            role: row.role_slug,
            permissions: row.role_permissions ? new Set(row.role_permissions) : null,
          },
  };
}

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function persist(database: Database, req: FastifyRequest, s: Session) {
  if (s.destroyed) {
    await database.query('delete from sessions where id = $1', [s.destroyed]);
    s.destroyed = null;
  }
  const stale = Date.now() - s.lastActivity > TOUCH_EVERY_MS;
  if (!s.isNew && !s.dirty && !stale) return;
  const expires = new Date(Date.now() + LIFETIME_MS).toISOString();
  await database.query(
    `insert into sessions (id, user_id, current_tenant_id, csrf_token, data, password_confirmed_at, ip_address, user_agent, last_activity, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, now(), $9)
     on conflict (id) do update set user_id = excluded.user_id, current_tenant_id = excluded.current_tenant_id,
       csrf_token = excluded.csrf_token, data = excluded.data, password_confirmed_at = excluded.password_confirmed_at,
       ip_address = excluded.ip_address, user_agent = excluded.user_agent, last_activity = now(), expires_at = excluded.expires_at`,
    [
      s.id,
      s.userId,
      s.tenantId,
      s.csrfToken,
      JSON.stringify(s.data),
      s.passwordConfirmedAt?.toISOString() ?? null,
      req.ip,
      String(req.headers['user-agent'] ?? '').slice(0, 500),
      expires,
    ],
  );
  s.isNew = false;
  s.dirty = false;
}

export type { FastifyReply };
