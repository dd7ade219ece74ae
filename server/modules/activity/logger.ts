import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { activityLogs } from './schema.js';

/** What a route may say about the activity it records (all optional; derived from the route otherwise). */
export interface ActivityRouteConfig {
  /** action_type: create, update, delete, login, logout, export, invite, … */
  action?: string;
  /** resource_type, e.g. 'role', 'user', 'session' */
  resource?: string;
  /** the timeline's description; read after the handler ran (req.params, req.body, req.user …) */
  describe?: (req: FastifyRequest) => string | null | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** how the activity log records this route; `false` keeps it out of the log */
    activity?: ActivityRouteConfig | false;
  }
  interface FastifyInstance {
    /** the activity log's write buffer (flush() is awaited by tests and on close) */
    activity: ActivityLog;
  }
}

type NewEntry = typeof activityLogs.$inferInsert;

/**
 * One INSERT for many rows with a single JSON parameter: building a Drizzle multi-row
 * VALUES list costs ~0.2 ms of CPU per row (≈ 0.5 s for 2 000 rows, on the event loop),
 * JSON.stringify a few µs.
 */
function insertStatement(tenantId: number, entries: NewEntry[]) {
  const json = JSON.stringify(
    entries.map((e) => ({
      user_id: e.userId,
      type: e.type,
      action_type: e.actionType ?? null,
      resource_type: e.resourceType ?? null,
      resource_id: e.resourceId ?? null,
      description: e.description ?? null,
      url: e.url,
      method: e.method,
      route_name: e.routeName ?? null,
      ip_address: e.ipAddress ?? null,
      user_agent: e.userAgent ?? null,
      occurred_at: e.occurredAt ?? new Date().toISOString(),
    })),
  );
  return sql`insert into ${activityLogs} (tenant_id, user_id, type, action_type, resource_type, resource_id, description, url, method,
                                          route_name, ip_address, user_agent, occurred_at)
             select ${tenantId}, r.user_id, r.type, r.action_type, r.resource_type, r.resource_id, r.description, r.url, r.method,
                    r.route_name, r.ip_address, r.user_agent, r.occurred_at
               from jsonb_to_recordset(${json}::jsonb) as r(user_id bigint, type text, action_type text,
                    resource_type text, resource_id text, description text, url text, method text, route_name text,
                    ip_address text, user_agent text, occurred_at timestamptz)`;
}

const TEXT_KEYS = ['actionType', 'resourceType', 'resourceId', 'description', 'url', 'routeName', 'userAgent'] as const;
const FLUSH_EVERY_MS = 500;
const FLUSH_AT = 200;
/** above this (the database is down or far behind) the oldest entries are dropped, with a warning */
const MAX_BUFFERED = 50_000;
/** rows per INSERT statement (one JSON parameter), to bound a statement's size */
const ROWS_PER_INSERT = 5_000;

/**
 * An in-memory buffer written in batches: every 500 ms or as soon as 200 entries wait,
 * one multi-row INSERT per tenant inside that tenant's RLS transaction. Requests only
 * push to an array (after their response is sent); a failed write is logged and the
 * batch dropped — the log never fails or slows a request.
 */
export class ActivityLog {
  /** false: the hooks record nothing (benchmarks compare on and off) */
  enabled = true;
  /** since start: rows written, rows lost to failed writes or a full buffer, INSERT statements run, ms spent writing */
  readonly stats = { written: 0, lost: 0, inserts: 0, writeMs: 0 };
  private buffer: NewEntry[] = [];
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private warnedFull = false;

  constructor(
    private database: Database,
    private log: FastifyBaseLogger,
  ) {}

  get pending() {
    return this.buffer.length;
  }

  push(entry: NewEntry) {
    if (!this.enabled) return;
    // PostgreSQL text cannot hold NUL: one such character must not cost the whole batch
    for (const k of TEXT_KEYS) {
      const v = entry[k];
      if (typeof v === 'string' && v.includes('\u0000')) (entry as Record<string, unknown>)[k] = v.split('\u0000').join('');
    }
    this.buffer.push(entry);
    if (this.buffer.length > MAX_BUFFERED) {
      this.stats.lost += this.buffer.length - MAX_BUFFERED;
      this.buffer.splice(0, this.buffer.length - MAX_BUFFERED);
      if (!this.warnedFull) this.log.warn('activity log buffer full: dropping the oldest entries');
      this.warnedFull = true;
    }
    if (this.buffer.length >= FLUSH_AT) void this.flush();
  }

  /** Writes everything buffered so far; never rejects. At most one write runs at a time. */
  flush(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.chain.then(async () => {
      // let onResponse hooks of requests that just finished push their entries first
      await new Promise((r) => setImmediate(r));
      this.queued = null;
      // write() catches per tenant; this is the belt to those braces: the chain must never reject
      await this.write().catch((err) => this.log.error({ err }, 'activity log write failed'));
    });
    this.queued = next;
    this.chain = next;
    return next;
  }

  start() {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  async close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async write() {
    const batch = this.buffer;
    if (batch.length === 0) return;
    this.buffer = [];
    this.warnedFull = false;
    const started = performance.now();
    const byTenant = new Map<number, NewEntry[]>();
    for (const e of batch) {
      const list = byTenant.get(e.tenantId);
      if (list) list.push(e);
      else byTenant.set(e.tenantId, [e]);
    }
    for (const [tenantId, entries] of byTenant) {
      try {
        await withTenant(this.database, tenantId, async (tx) => {
          for (let i = 0; i < entries.length; i += ROWS_PER_INSERT) {
            await tx.execute(insertStatement(tenantId, entries.slice(i, i + ROWS_PER_INSERT)));
            this.stats.inserts++;
          }
        });
        this.stats.written += entries.length;
      } catch (err) {
        this.stats.lost += entries.length;
        this.log.error({ err, tenantId, lost: entries.length }, 'activity log write failed');
      }
    }
    this.stats.writeMs += performance.now() - started;
  }
}

// ------------------------------------------------------------ what an entry says

const ACTION_WORDS: Record<string, string> = {
  store: 'create',
  create: 'create',
  update: 'update',
  edit: 'update',
  delete: 'delete',
  destroy: 'delete',
  remove: 'delete',
  export: 'export',
  import: 'import',
};
const PAST: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  login: 'Signed in',
  logout: 'Signed out',
  export: 'Exported',
  import: 'Imported',
};

/**
 * action_type and resource_type from the route pattern: the last segment that is an
 * action word (store → create, update → update, delete/remove → delete, …) and the
 * segment before it; otherwise the method (PUT/PATCH → update, DELETE → delete) or,
 * for a POST, its last segment ('/notifications/mark-read/:id' → 'mark-read').
 */
export function deriveAction(pattern: string, method: string): { action: string; resource: string | null } {
  const segs = pattern.split('/').filter((s) => s && !s.startsWith(':'));
  for (let i = segs.length - 1; i >= 0; i--) {
    const word = ACTION_WORDS[segs[i]];
    if (word) return { action: word, resource: segs[i - 1] ?? null };
  }
  const last = segs.at(-1) ?? null;
  const resource = segs.length > 1 ? segs[segs.length - 2] : null;
  if (method === 'DELETE') return { action: 'delete', resource: last };
  if (method === 'PUT' || method === 'PATCH') return { action: 'update', resource: last };
  return { action: last ?? 'create', resource };
}

const humanise = (s: string) => (s.charAt(0).toUpperCase() + s.slice(1)).replace(/[-_]/g, ' ');

export function describeAction(action: string, resource: string | null, id: string | null): string {
  const what = [resource ? resource.replace(/[-_]/g, ' ') : null, id ? `#${id}` : null].filter(Boolean).join(' ');
  return `${PAST[action] ?? humanise(action)}${what ? ` ${what}` : ''}`;
}

/** Secrets that travel in URLs (invitation and reset tokens, verification hashes) never reach the log. */
function safeUrl(req: FastifyRequest): string {
  let url = req.url;
  const params = (req.params ?? {}) as Record<string, string>;
  for (const key of ['token', 'hash']) {
    if (typeof params[key] === 'string' && params[key].length > 0) url = url.split(params[key]).join(`:${key}`);
  }
  return url.replace(/([?&](?:signature|token)=)[^&]*/g, '$1…').slice(0, 2000);
}

const isPageResponse = (req: FastifyRequest, contentType: unknown, inertia: unknown) =>
  !req.wantsJson && (inertia === 'true' || String(contentType ?? '').startsWith('text/html'));

export const activityLogger = fp(
  async (app) => {
    const log = new ActivityLog(app.ctx.database, app.log);
    app.decorate('activity', log);
    const failed = new WeakSet<FastifyRequest>();

    // a failed Inertia form answers 303 (back with errors): remember that it failed
    app.addHook('onError', async (req) => {
      failed.add(req);
    });

    app.addHook('onResponse', async (req, reply) => {
      if (!log.enabled || reply.statusCode >= 400 || failed.has(req)) return;
      const pattern = req.routeOptions.url;
      const cfg = req.routeOptions.config?.activity;
      if (!pattern || cfg === false || req.url.startsWith('/build/')) return;
      const method = req.method;
      // built only for what is recorded: most requests (JSON reads) record nothing
      const common = () => ({
        url: safeUrl(req),
        method,
        routeName: pattern,
        ipAddress: req.ip ?? null,
        userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500) || null,
        occurredAt: new Date().toISOString(),
      });

      if (method === 'GET') {
        if (!req.user || !req.tenant) return;
        if (!isPageResponse(req, reply.getHeader('content-type'), reply.getHeader('x-inertia'))) return;
        log.push({
          ...common(),
          tenantId: req.tenant.id,
          userId: req.user.id,
          type: 'page_visit',
          description: `Visited ${req.url.split('?')[0].slice(0, 500)}`,
        });
        return;
      }
      if (method === 'HEAD' || method === 'OPTIONS') return;

      // Login and invitations end in a session that has the user and tenant; logout had them.
      const s = req.session;
      const userId = s?.userId ?? req.user?.id;
      const tenantId = s?.userId ? s.tenantId : req.tenant?.id;
      if (!userId || !tenantId) return;
      const derived = deriveAction(pattern, method);
      const action = cfg?.action ?? derived.action;
      const resource = cfg?.resource ?? derived.resource;
      const id = (req.params as Record<string, unknown> | undefined)?.id;
      const resourceId = typeof id === 'string' ? id.slice(0, 100) : null;
      let description: string | null | undefined;
      try {
        description = cfg?.describe?.(req);
      } catch (err) {
        req.log.warn({ err }, 'activity description failed');
      }
      log.push({
        ...common(),
        tenantId,
        userId,
        type: 'activity',
        actionType: action,
        resourceType: resource,
        resourceId,
        description: (description || describeAction(action, resource, resourceId)).slice(0, 1000),
      });
    });

    log.start();
    app.addHook('onClose', async () => log.close());
  },
  { name: 'kazi-activity', dependencies: ['kazi-auth'] },
);
