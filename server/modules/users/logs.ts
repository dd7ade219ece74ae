import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { UNIMPORTANT_PAGE_MARKERS, userLogMetrics } from '../../../common/analytics/user-logs.js';
import {
  timelineQuerySchema,
  userLogsQuerySchema,
  type LogsPagination,
  type TimelineAnswer,
  type TimelineQuery,
  type UserLogsRow,
} from '../../../common/schemas/users.js';
import { rows, type Tx } from '../../db/client.js';
import { forbidden, notFound } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { activityLogs } from '../activity/schema.js';
import { memberData } from './members.js';
import { isoTimestamp as iso } from '../../db/sql.js';

const userIdParam = z.object({ userId: z.string().regex(/^[1-9]\d{0,15}$/) });
const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** most timeline entries a metrics answer reads (the last 30 days, newest first) */
const METRICS_MAX_ENTRIES = 20_000;

function pagination(page: number, perPage: number, total: number): LogsPagination {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return { current_page: page, total_pages: totalPages, per_page: perPage, total, has_next: page < totalPages, has_prev: page > 1 };
}

/** The tenant's zone when PostgreSQL and Intl both know it; otherwise UTC. */
function zoneOf(req: FastifyRequest): string {
  const tz = req.tenant?.timezone || 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return /^[A-Za-z0-9_+\-/]{1,64}$/.test(tz) ? tz : 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Page visits that are not "important" (SPEC §4), with the same marker list as the pure function. */
export function unimportantPage(): SQL {
  const hay = sql`lower(coalesce(${activityLogs.routeName}, '') || chr(10) || coalesce(${activityLogs.description}, '') || chr(10) || ${activityLogs.url})`;
  return sql`(${sql.join(
    UNIMPORTANT_PAGE_MARKERS.map((m) => sql`strpos(${hay}, ${m}) > 0`),
    sql` or `,
  )})`;
}

const TYPE_FILTER: Record<TimelineQuery['type'], () => SQL | undefined> = {
  all: () => undefined,
  actions: () => sql`${activityLogs.type} = 'activity'`,
  pages: () => sql`${activityLogs.type} = 'page_visit'`,
  important_pages: () => sql`(${activityLogs.type} = 'page_visit' and not ${unimportantPage()})`,
};

const timelineFields = {
  id: activityLogs.id,
  type: activityLogs.type,
  timestamp: iso(activityLogs.occurredAt),
  action_type: activityLogs.actionType,
  resource_type: activityLogs.resourceType,
  route_name: activityLogs.routeName,
  description: activityLogs.description,
  url: activityLogs.url,
  method: activityLogs.method,
};

/**
 * Whose log may be read: one's own always; anyone else's with user_logs.view (403
 * otherwise, before revealing whether they exist); a non-member is a 404. Reads the
 * `:userId` route parameter (the JSON endpoints and the Users/Logs/Show page).
 */
export async function readableUser(tx: Tx, req: FastifyRequest) {
  const p = userIdParam.safeParse(req.params);
  if (!p.success) throw notFound('User');
  const userId = Number(p.data.userId);
  if (userId !== req.user!.id && !req.permissions.has('user_logs.view')) {
    throw forbidden("You may only see your own activity.");
  }
  const member = await memberData(tx, req.tenant!.id, userId);
  return { userId, member };
}

const SORTS: Record<string, SQL> = {
  name: sql`lower(u.name)`,
  email: sql`lower(u.email)`,
  last_activity: sql`s.last_at`,
  activity_count: sql`coalesce(s.total, 0)`,
};

/** The activity log's JSON endpoints (SPEC §7 "User logs"). */
export async function userLogRoutes(app: FastifyInstance) {
  /**
   * Members with their activity counts, paged and sorted, in one statement: the
   * per-user aggregates are one grouped pass over the tenant's log, the total a window count.
   */
  app.get('/users/logs', { config: { access: 'user_logs.view' } }, async (req) => {
    const q = validate(userLogsQuerySchema, req.query);
    const tenantId = req.tenant!.id;
    const search = q.search ? sql`and (u.name ilike ${like(q.search)} or u.email ilike ${like(q.search)})` : sql``;
    const dir = q.sort_order === 'desc' ? sql`desc` : sql`asc`;
    const found = await req.tenantTx((tx) =>
      rows<UserLogsRow & { role_id: number | null; role_name: string | null; full_count: number }>(
        tx,
        sql`select u.id, u.name, u.email,
                   case when u.avatar is null or u.avatar = '' then null else '/avatars/' || u.avatar end as avatar_url,
                   m.status, r.id as role_id, r.name as role_name,
                   coalesce(s.total, 0)::int as activity_count, coalesce(s.pages, 0)::int as page_visits,
                   coalesce(s.actions, 0)::int as actions,
                   to_char(s.last_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_activity,
                   (count(*) over ())::int as full_count
              from memberships m
              join users u on u.id = m.user_id
              left join roles r on r.tenant_id = m.tenant_id and r.id = m.role_id
              left join (
                select a.user_id, count(*) as total,
                       count(*) filter (where a.type = 'page_visit') as pages,
                       count(*) filter (where a.type = 'activity') as actions,
                       max(a.occurred_at) as last_at
                  from activity_logs a where a.tenant_id = ${tenantId} group by a.user_id
              ) s on s.user_id = m.user_id
             where m.tenant_id = ${tenantId} ${search}
             order by ${SORTS[q.sort_by]} ${dir} nulls last, lower(u.name) asc, u.id asc
             limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
      ),
    );
    let total = found[0]?.full_count ?? 0;
    if (!found.length && q.page > 1) {
      // past the last page the window count has no row to ride on
      const [c] = await req.tenantTx((tx) =>
        rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from memberships m join users u on u.id = m.user_id where m.tenant_id = ${tenantId} ${search}`,
        ),
      );
      total = c.n;
    }
    const data: UserLogsRow[] = found.map(({ role_id, role_name, full_count: _n, ...r }) => ({
      ...r,
      role: role_id === null ? null : { id: role_id, name: role_name! },
    }));
    return { data, pagination: pagination(q.page, q.per_page, total) };
  });

  /**
   * One user's timeline, newest first. access_total and action_total count page visits
   * and actions under the same search and dates but whatever the type filter, so the
   * page can show both tabs' counts. Dates are calendar days in the tenant's time zone.
   */
  app.get('/users/:userId/logs/json', { config: { access: 'authenticated' } }, async (req): Promise<TimelineAnswer> => {
    const q = validate(timelineQuerySchema, req.query);
    if (!req.tenant) throw forbidden('You do not belong to an active company.');
    const tz = zoneOf(req);
    return req.tenantTx(async (tx) => {
      const { userId, member } = await readableUser(tx, req);
      const where: (SQL | undefined)[] = [eq(activityLogs.tenantId, req.tenant!.id), eq(activityLogs.userId, userId)];
      if (q.search) {
        const term = like(q.search);
        where.push(
          or(
            ilike(activityLogs.description, term),
            ilike(activityLogs.url, term),
            ilike(activityLogs.routeName, term),
            ilike(activityLogs.actionType, term),
            ilike(activityLogs.resourceType, term),
          ),
        );
      }
      if (q.date_from) where.push(sql`${activityLogs.occurredAt} >= (${q.date_from}::date::timestamp at time zone ${tz})`);
      if (q.date_to) where.push(sql`${activityLogs.occurredAt} < ((${q.date_to}::date + 1)::timestamp at time zone ${tz})`);
      const typeFilter = TYPE_FILTER[q.type]();
      const [counts] = await tx
        .select({
          total: sql<number>`(count(*) filter (where ${typeFilter ?? sql`true`}))::int`,
          access_total: sql<number>`(count(*) filter (where ${activityLogs.type} = 'page_visit'))::int`,
          action_total: sql<number>`(count(*) filter (where ${activityLogs.type} = 'activity'))::int`,
        })
        .from(activityLogs)
        .where(and(...where));
      const timeline = await tx
        .select(timelineFields)
        .from(activityLogs)
        .where(and(...where, typeFilter))
        .orderBy(desc(activityLogs.occurredAt), desc(activityLogs.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      return {
        timeline,
        pagination: { ...pagination(q.page, q.per_page, counts.total), access_total: counts.access_total, action_total: counts.action_total },
        isAdmin: req.permissions.has('user_logs.view'),
        filters: { type: q.type, search: q.search ?? null, date_from: q.date_from ?? null, date_to: q.date_to ?? null },
        user: { id: member.id, name: member.name, email: member.email, avatar_url: member.avatar_url, role: member.role },
      };
    });
  });

  /**
   * The derived metrics of SPEC §3 over the user's last 30 days (the widest window),
   * computed by the same pure functions the pages use, in the tenant's time zone.
   */
  app.get('/users/:userId/logs/metrics', { config: { access: 'authenticated' } }, async (req) => {
    if (!req.tenant) throw forbidden('You do not belong to an active company.');
    const tz = zoneOf(req);
    const now = new Date();
    const entries = await req.tenantTx(async (tx) => {
      const { userId } = await readableUser(tx, req);
      return tx
        .select(timelineFields)
        .from(activityLogs)
        .where(
          and(
            eq(activityLogs.tenantId, req.tenant!.id),
            eq(activityLogs.userId, userId),
            sql`${activityLogs.occurredAt} >= ${new Date(now.getTime() - 30 * 86_400_000).toISOString()}::timestamptz`,
          ),
        )
        .orderBy(desc(activityLogs.occurredAt), desc(activityLogs.id))
        .limit(METRICS_MAX_ENTRIES);
    });
    return {
      data: userLogMetrics(entries, { now, timeZone: tz }),
      time_zone: tz,
      window_days: 30,
      truncated: entries.length === METRICS_MAX_ENTRIES,
    };
  });
}
