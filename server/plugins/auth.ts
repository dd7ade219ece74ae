import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { isPermission, PERMISSIONS, type RouteAccess } from '../../common/permissions.js';
import { rows, type Database, type Tx } from '../db/client.js';
import { forbidden, HttpError, unauthenticated } from '../http/errors.js';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  avatar_url: string | null;
}

const avatarUrl = (file: unknown) => (typeof file === 'string' && file ? `/avatars/${file}` : null);
export interface TenantInfo {
  id: number;
  name: string;
  timezone: string;
  logo_light: string | null;
  logo_dark: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** what the route needs: a permission name, 'authenticated' or 'public' (required on every route) */
    access?: RouteAccess;
    /** re-ask the password when the last confirmation is older than 3 hours */
    confirmPassword?: boolean;
    /** false to exempt a route from CSRF (signed public links) */
    csrf?: boolean;
    /** true for guest-only pages (login, register): a signed-in user is sent to the dashboard */
    guest?: boolean;
  }
  interface FastifyInstance {
    /** every route with the access it declares, in registration order (reviewed by a snapshot test) */
    routeAccess: { method: string; url: string; access: RouteAccess }[];
  }
  interface FastifyRequest {
    user: AuthUser | null;
    tenant: TenantInfo | null;
    permissions: Set<string>;
    /** runs fn in the current tenant's RLS transaction; 403 when there is no tenant */
    tenantTx<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
    /** true when the client wants JSON (script call that is not an Inertia visit) */
    wantsJson: boolean;
  }
}

const PASSWORD_TIMEOUT_MS = 3 * 60 * 60 * 1000;
export const HOME = '/dashboard';

export const authPlugin = fp(
  async (app, opts: { database: Database }) => {
    const { database } = opts;
    app.decorateRequest('user', null);
    app.decorateRequest('tenant', null);
    app.decorateRequest('permissions', null as unknown as Set<string>);
    app.decorateRequest('wantsJson', false);
    app.decorateRequest('tenantTx', function <T>(this: FastifyRequest, fn: (tx: Tx) => Promise<T>) {
      if (!this.tenant) throw forbidden('No company is selected.');
      return database.scoped({ tenantId: this.tenant.id }, fn);
    });

    const table: FastifyInstance['routeAccess'] = [];
    app.decorate('routeAccess', table);
    // Every route must say what it needs: a forgotten declaration fails at start-up, not in production.
    app.addHook('onRoute', (route) => {
      const access = (route.config as { access?: RouteAccess } | undefined)?.access;
      if (route.method === 'HEAD' || route.url.startsWith('/build/')) return;
      if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
      const names = typeof access === 'string' ? [access] : access;
      for (const name of names) {
        if (name !== 'public' && name !== 'authenticated' && !isPermission(name)) {
          throw new Error(`Route ${route.method} ${route.url} declares unknown permission ${name}`);
        }
      }
      for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
    });

    app.addHook('onRequest', async (req) => {
      const accept = String(req.headers.accept ?? '');
      req.wantsJson =
        !req.headers['x-inertia'] &&
        (req.headers['x-requested-with'] === 'XMLHttpRequest' || accept.includes('application/json'));
      req.permissions = new Set();
      const s = req.session;
      if (!s?.userId) return;
      await loadContext(database, req, s.userId, s.tenantId, s.preloaded);
    });

    app.addHook('preHandler', async (req, reply) => {
      const cfg = req.routeOptions.config ?? {};
      const access = cfg.access;
      if (cfg.guest && req.user) return redirect(req, reply, HOME);
      if (!access || access === 'public') return;
      if (!req.user) {
        if (req.wantsJson) throw unauthenticated();
        if (req.method === 'GET') req.session.put('url.intended', req.url);
        return redirect(req, reply, '/login');
      }
      if (cfg.confirmPassword) {
        const at = req.session.passwordConfirmedAt?.getTime() ?? 0;
        if (Date.now() - at > PASSWORD_TIMEOUT_MS) {
          if (req.wantsJson) throw new HttpError(423, 'Password confirmation required.');
          req.session.put('url.intended', req.url);
          return redirect(req, reply, '/confirm-password');
        }
      }
      if (access === 'authenticated') return;
      if (!req.tenant) throw forbidden('You do not belong to an active company.');
      // a list means any one of them (e.g. contacts: customers.view or vendors.view; the handler narrows)
      const needed = typeof access === 'string' ? [access] : access;
      if (!needed.some((p) => req.permissions.has(p))) throw forbidden();
    });
  },
  { name: 'kazi-auth', dependencies: ['kazi-session'] },
);

function redirect(req: FastifyRequest, reply: FastifyReply, to: string) {
  return reply.code(req.method === 'GET' ? 302 : 303).redirect(to);
}

/**
 * The user, the current tenant and the role's permissions, under row-level security
 * with the session's user and tenant as settings. The session plugin runs it in the
 * same round trip as the session itself (`alsoLoad`).
 */
export const CONTEXT_SQL = `select u.id, u.name, u.email, u.email_verified_at, u.avatar,
       t.name as tenant_name, t.timezone, t.settings, r.slug as role, r.permissions
  from memberships m
  join users u on u.id = m.user_id
  join roles r on r.tenant_id = m.tenant_id and r.id = m.role_id
  join tenants t on t.id = m.tenant_id
 where m.user_id = nullif(current_setting('app.user_id', true), '')::bigint
   and m.tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint
   and m.status = 'active'`;

/** A session whose membership is gone or inactive loses its tenant. */
async function loadContext(
  database: Database,
  req: FastifyRequest,
  userId: number,
  tenantId: number | null,
  preloaded: Record<string, unknown>[] | null,
) {
  if (tenantId) {
    const found =
      preloaded ??
      (await database.scoped({ userId, tenantId }, (tx) => rows<Record<string, unknown>>(tx, sql.raw(CONTEXT_SQL))));
    const row = found[0] as Record<string, any> | undefined;
    if (row) {
      req.user = {
        id: Number(row.id),
        name: row.name,
        email: row.email,
        email_verified_at: row.email_verified_at ? new Date(row.email_verified_at).toISOString() : null,
        avatar_url: avatarUrl(row.avatar),
      };
      const settings = (row.settings ?? {}) as Record<string, string | null>;
      req.tenant = {
        id: tenantId,
        name: (settings.name as string) || row.tenant_name,
        timezone: row.timezone,
        logo_light: settings.logo_light ?? null,
        logo_dark: settings.logo_dark ?? null,
      };
      // the Owner holds every permission of the registry, including ones added after the role was stored
      req.permissions = new Set(row.role === 'owner' ? PERMISSIONS : (row.permissions as string[]));
      return;
    }
  }
  // no (active) tenant: the user is still signed in, but sees no company data
  const users = await database.query<Record<string, any>>(
    'select id, name, email, email_verified_at, avatar from users where id = $1',
    [userId],
  );
  if (!users[0]) {
    req.session.logout();
    return;
  }
  const u = users[0];
  req.user = {
    id: Number(u.id),
    name: u.name,
    email: u.email,
    email_verified_at: u.email_verified_at ? new Date(u.email_verified_at).toISOString() : null,
    avatar_url: avatarUrl(u.avatar),
  };
  if (tenantId) {
    req.session.tenantId = null;
    req.session.dirty = true;
  }
}
