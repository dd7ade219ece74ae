import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isPermission, PERMISSIONS, type RouteAccess } from '../../common/permissions.js';
import type { Database, Tx } from '../db/client.js';
import { forbidden, HttpError, unauthenticated } from '../http/errors.js';
import type { Session } from './session.js';

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
  /** calling code of the company's phone numbers, from the country given at registration */
  phone_country: string | null;
  /** the brand colour of Settings/Company/Theme (#RRGGBB), or null for the product's own */
  brand_color: string | null;
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
    /** true for what only a signed-in session may do, never an API token (making tokens) */
    sessionOnly?: boolean;
  }
  interface FastifyInstance {
    /** every route with the access it declares, in registration order (reviewed by a snapshot test) */
    routeAccess: { method: string; url: string; access: RouteAccess }[];
  }
  interface FastifyRequest {
    user: AuthUser | null;
    tenant: TenantInfo | null;
    permissions: ReadonlySet<string>;
    /** runs fn in the current tenant's RLS transaction; 403 when there is no tenant */
    tenantTx<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
    /** the same for a function of exactly one statement: one round trip in all (Database.scopedRead) */
    tenantRead<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
    /** true when the client wants JSON (script call that is not an Inertia visit) */
    wantsJson: boolean;
  }
}

const PASSWORD_TIMEOUT_MS = 3 * 60 * 60 * 1000;
/** shared by every owner's request: nothing adds to a request's permission set */
const ALL_PERMISSIONS: ReadonlySet<string> = new Set(PERMISSIONS);
const NO_PERMISSIONS: ReadonlySet<string> = new Set();
export const HOME = '/dashboard';
/** Session key set when the session made the account (registration): its dashboard says "Welcome", later sign-ins "Welcome back". */
export const NEW_ACCOUNT = 'new_account';

export const authPlugin = fp(
  async (app, opts: { database: Database }) => {
    const { database } = opts;
    app.decorateRequest('user', null);
    app.decorateRequest('tenant', null);
    app.decorateRequest('permissions', null as unknown as ReadonlySet<string>);
    app.decorateRequest('wantsJson', false);
    app.decorateRequest('tenantTx', function <T>(this: FastifyRequest, fn: (tx: Tx) => Promise<T>) {
      if (!this.tenant) throw forbidden('No company is selected.');
      return database.scoped({ tenantId: this.tenant.id }, fn);
    });
    app.decorateRequest('tenantRead', function <T>(this: FastifyRequest, fn: (tx: Tx) => Promise<T>) {
      if (!this.tenant) throw forbidden('No company is selected.');
      return database.scopedRead({ tenantId: this.tenant.id }, fn);
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
      req.permissions = NO_PERMISSIONS;
      const s = req.session;
      if (!s?.userId) return;
      applyContext(req, s);
      if (req.apiToken) {
        // an API client always gets JSON; its permissions are the token's (server/plugins/api-token.ts)
        req.wantsJson = true;
        req.permissions = req.apiToken.permissions;
      }
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
      if (req.apiToken) {
        // a token acts only through permissions: what any signed-in user may change (their password,
        // profile, the company they work in, tokens) stays with the session
        if (cfg.sessionOnly || (access === 'authenticated' && req.method !== 'GET')) throw forbidden('API tokens cannot be used for this action.');
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
 * The user, the current tenant and the role's permissions, as the session plugin read them
 * with the session (kazi_session_context under row-level security, remembered per process only
 * while the auth epoch read with the session row is unchanged): a revoked session, membership
 * or role takes effect on the very next request.
 * A session whose membership is gone or inactive loses its tenant; one whose user is gone ends.
 */
function applyContext(req: FastifyRequest, s: Session) {
  const ctx = s.context;
  if (!ctx?.user) {
    s.logout();
    return;
  }
  req.user = {
    id: s.userId!,
    name: ctx.user.name,
    email: ctx.user.email,
    email_verified_at: ctx.user.email_verified_at ? new Date(ctx.user.email_verified_at).toISOString() : null,
    avatar_url: avatarUrl(ctx.user.avatar),
  };
  const m = ctx.membership;
  if (m && s.tenantId) {
    req.tenant = {
      id: s.tenantId,
      name: m.settings.name || m.tenantName,
      timezone: m.timezone,
      logo_light: m.settings.logo_light ?? null,
      logo_dark: m.settings.logo_dark ?? null,
      phone_country: m.settings.phone_country ?? null,
      brand_color: m.settings.brand_color ?? null,
    };
    // the Owner holds every permission of the registry, including ones added after the role was stored
    req.permissions = m.role === 'owner' ? ALL_PERMISSIONS : (m.permissions ?? NO_PERMISSIONS);
    return;
  }
  // no (active) company: the user is still signed in, but sees no company data
  if (s.tenantId) {
    s.tenantId = null;
    s.dirty = true;
  }
}
