import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CalendarEntry, CalendarItem } from '../../../common/answers/campaigns.js';
import { zonedToUtc } from '../../../common/calendar.js';
import { calendarQuerySchema, calendarRangeSchema, type CalendarRole, type EventStatus } from '../../../common/schemas/campaigns.js';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { tenants } from '../../db/tenant-table.js';
import { forbidden, notFound } from '../../http/errors.js';
import { readToken, signToken } from '../../http/signed-token.js';
import { validate } from '../../http/validate.js';
import { isCampaignOwnerOf, isCreatorOf, isOrganiserOf, visibleEventsCondition } from './access.js';
import { eventFields } from './events.js';
import { calendarIcs } from './ical.js';
import { calendarFeeds, events as e } from './schema.js';

/** the longest an event may last and still be found by a calendar range that starts after it began */
export const LONGEST_EVENT_DAYS = 92;
/** at most this many items in one answer (a month of a very busy company) */
export const CALENDAR_LIMIT = 2000;
const FEED_PURPOSE = 'calendar-feed';

interface Range {
  from: string;
  to: string;
  campaign_id?: number;
  group_id?: number;
  status?: EventStatus;
  role?: CalendarRole;
  /** only events of a group (GET /groups/calendar) */
  grouped?: boolean;
}

const ROLE_CONDITION: Record<CalendarRole, (userId: number) => SQL> = {
  creator: isCreatorOf,
  organizer: isOrganiserOf,
  campaign_owner: isCampaignOwnerOf,
};

/**
 * The calendar items (SPEC §3 event calendar item) of the events a member sees that overlap
 * [from, to): the event's fields, title, start_date, end_date and the calendar extras. Read on
 * the (tenant_id, starts_at, id) index, bounded below by LONGEST_EVENT_DAYS.
 */
export async function calendarItems(req: FastifyRequest, r: Range): Promise<CalendarItem[]> {
  const userId = req.user!.id;
  const lowest = new Date(new Date(r.from).getTime() - LONGEST_EVENT_DAYS * 86_400_000).toISOString();
  const where = and(
    eq(e.tenantId, req.tenant!.id),
    visibleEventsCondition(req),
    gte(e.startsAt, lowest),
    lt(e.startsAt, r.to),
    sql`${e.endsAt} >= ${r.from}`,
    r.campaign_id ? eq(e.campaignId, r.campaign_id) : undefined,
    r.group_id ? eq(e.groupId, r.group_id) : undefined,
    r.grouped ? isNotNull(e.groupId) : undefined,
    r.status ? eq(e.status, r.status) : undefined,
    r.role ? ROLE_CONDITION[r.role](userId) : undefined,
  );
  const found = await req.tenantRead((tx) =>

    tx
      .select({ ...eventFields, is_creator: isCreatorOf(userId), is_organizer: isOrganiserOf(userId), is_campaign_owner: isCampaignOwnerOf(userId) })
      .from(e)
      .where(where)
      .orderBy(asc(e.startsAt), asc(e.id))
      .limit(CALENDAR_LIMIT),
  );
  const editable = req.permissions.has('events.update');
  return found.map((row) => ({
    ...row,
    title: row.name,
    start_date: row.starts_at,
    end_date: row.ends_at,
    user_role: row.is_creator ? 'creator' : row.is_organizer ? 'organizer' : row.is_campaign_owner ? 'campaign_owner' : null,
    editable,
  }));
}

/**
 * More items of the calendar page's range beside the events (a module above this one: the
 * workflows' task due dates, decision 0049), each with its `kind`; asked only when the page asks
 * for them (`with_tasks`).
 */
export type CalendarSource = (req: FastifyRequest, range: { from: string; to: string; campaign_id?: number; group_id?: number }) => Promise<CalendarEntry[]>;
const calendarSources: CalendarSource[] = [];
export function registerCalendarSource(source: CalendarSource) {
  calendarSources.push(source);
}

/** A month [first day, first day of the next) in the company's timezone, as UTC moments. */
function monthRange(year: number, month: number, zone: string) {
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = month === 12 ? [year + 1, 1] : [year, month + 1];
  return { from: zonedToUtc(`${year}-${pad(month)}-01T00:00`, zone)!, to: zonedToUtc(`${next[0]}-${pad(next[1])}-01T00:00`, zone)! };
}

function currentMonth(zone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' }).formatToParts(new Date());
  return { year: Number(parts.find((p) => p.type === 'year')!.value), month: Number(parts.find((p) => p.type === 'month')!.value) };
}

/** The feed's address for a secret (the token signs the company and the secret under APP_KEY). */
export const feedPath = (appKey: string, tenantId: number, secret: string) => `/calendar/feed/${signToken(appKey, FEED_PURPOSE, [tenantId, secret])}.ics`;

async function feedSecret(tx: Tx, tenantId: number, userId: number, renew: boolean): Promise<string> {
  const [row] = await tx.select({ secret: calendarFeeds.secret }).from(calendarFeeds).where(eq(calendarFeeds.tenantId, tenantId));
  if (row && !renew) return row.secret;
  const secret = randomBytes(18).toString('base64url').replace(/-/g, '_');
  await tx
    .insert(calendarFeeds)
    .values({ tenantId, secret, createdBy: userId })
    .onConflictDoUpdate({ target: [calendarFeeds.tenantId], set: { secret, createdBy: userId, updatedAt: sql`now()` } });
  return secret;
}

export function calendarRoutes(app: FastifyInstance) {
  const { config, database } = app.ctx;

  const byMonth = (grouped: boolean) => async (req: FastifyRequest) => {
    const q = validate(calendarQuerySchema, req.query ?? {});
    const zone = req.tenant!.timezone || 'UTC';
    const now = currentMonth(zone);
    const { from, to } = monthRange(q.year ?? now.year, q.month ?? (q.year ? 1 : now.month), zone);
    return { data: await calendarItems(req, { from, to, campaign_id: q.campaign_id, group_id: q.group_id, status: q.status, role: q.role, grouped }) };
  };
  app.get('/events/calendar', { config: { access: 'events.view' } }, byMonth(false));
  app.get('/groups/calendar', { config: { access: 'event_groups.view' } }, byMonth(true));

  // SPEC §7 "Workflows, tasks, calendar": the calendar page's range (FullCalendar's start and end): the events, and with `with_tasks` the registered sources' items (task due dates)
  app.get('/calendar/events', { config: { access: 'calendar.view' } }, async (req) => {
    const q = validate(calendarRangeSchema, req.query ?? {});
    const zone = req.tenant!.timezone || 'UTC';
    const at = (v: string) => zonedToUtc(v.length === 10 ? `${v}T00:00` : v, zone) ?? new Date(v).toISOString();
    const range = { from: at(q.start), to: at(q.end), campaign_id: q.campaign_id, group_id: q.group_id };
    const events: CalendarEntry[] = (await calendarItems(req, { ...range, status: q.status, role: q.role })).map((item) => ({ ...item, kind: 'event' as const }));
    if (!q.with_tasks) return { data: events };
    const more = await Promise.all(calendarSources.map((source) => source(req, range)));
    return { data: [...events, ...more.flat()] };
  });

  // the company's private feed: every event, for a calendar app to subscribe to
  const feedAnswer = (req: FastifyRequest, secret: string) => ({ data: { url: new URL(feedPath(config.appKey, req.tenant!.id, secret), config.appUrl).toString() } });
  app.get('/calendar/feed-url', { config: { access: 'events.view_all' } }, async (req) =>
    feedAnswer(req, await req.tenantTx((tx) => feedSecret(tx, req.tenant!.id, req.user!.id, false))),
  );
  app.post('/calendar/feed-url/regenerate', { config: { access: 'events.view_all' } }, async (req) => {
    if (!req.permissions.has('calendar.update')) throw forbidden();
    const answer = feedAnswer(req, await req.tenantTx((tx) => feedSecret(tx, req.tenant!.id, req.user!.id, true)));
    return { message: 'Calendar feed address regenerated successfully.', ...answer };
  });

  app.get<{ Params: { token: string } }>('/calendar/feed/:token', { config: { access: 'public', csrf: false, activity: false } }, async (req, reply) => {
    const raw = req.params.token.replace(/\.ics$/, '');
    const parts = readToken(config.appKey, FEED_PURPOSE, raw, 2);
    const tenantId = parts ? Number(parts[0]) : NaN;
    if (!parts || !Number.isSafeInteger(tenantId) || tenantId <= 0) throw notFound('Calendar');
    const found = await withTenant(database, tenantId, async (tx) => {
      const [feed] = await tx.select({ secret: calendarFeeds.secret }).from(calendarFeeds).where(eq(calendarFeeds.tenantId, tenantId));
      if (!feed || feed.secret !== parts[1]) return null;
      const [company] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
      // the last 90 days and everything after, on the (tenant_id, starts_at, id) index
      const since = new Date(Date.now() - 90 * 86_400_000).toISOString();
      const list = await tx
        .select()
        .from(e)
        .where(and(eq(e.tenantId, tenantId), gte(e.startsAt, since)))
        .orderBy(asc(e.startsAt), asc(e.id))
        .limit(CALENDAR_LIMIT);
      return { company: company ?? { name: 'Kazi' }, list };
    });
    if (!found) throw notFound('Calendar');
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .header('x-robots-tag', 'noindex')
      .send(calendarIcs(found.list, found.company, (ev) => new URL(`/events/${ev.id}`, config.appUrl).toString()));
  });

}
