import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { broadcastAfterCommit } from '../../realtime/broadcast.js';
import { NOTIFICATION_CREATED, userChannel, type NotificationPush } from '../../../common/realtime.js';
import { isoTimestamp as ts } from '../../db/sql.js';
import { notifications } from './schema.js';

export interface NewNotification {
  userId: number;
  type: string;
  title: string;
  body?: string | null;
  url?: string | null;
  data?: Record<string, unknown>;
  /** also shown as a toast in the user's open pages (a security notice, a failed send) */
  important?: boolean;
}

/** The longest body a push carries; the bell and the page read the whole one. */
const PUSHED_BODY_MAX = 500;

/**
 * Any module tells a user something through this (inside the tenant's transaction): it stores
 * the notifications and, once the transaction commits, pushes each to its user's open pages
 * (`private-user.{id}`, event `notification.created`; never when it rolls back).
 */
export async function notify(tx: Tx, tenantId: number, n: NewNotification | NewNotification[]) {
  const list = Array.isArray(n) ? n : [n];
  if (list.length === 0) return;
  const stored = await tx
    .insert(notifications)
    .values(list.map((x) => ({ tenantId, userId: x.userId, type: x.type, title: x.title, body: x.body ?? null, url: x.url ?? null, data: x.data ?? {} })))
    .returning({ id: notifications.id, userId: notifications.userId, created_at: ts(notifications.createdAt) });
  await broadcastAfterCommit(
    tx,
    stored.map((row, i) => {
      const x = list[i];
      const payload: NotificationPush = {
        id: row.id,
        type: x.type,
        title: x.title.slice(0, PUSHED_BODY_MAX),
        body: x.body ? x.body.slice(0, PUSHED_BODY_MAX) : null,
        url: x.url ?? null,
        created_at: row.created_at,
        important: x.important ?? false,
      };
      return { companyId: tenantId, channel: userChannel(row.userId), event: NOTIFICATION_CREATED, payload };
    }),
  );
}

export async function unreadCount(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/**
 * The active members of a company whose role may do `permission` (the owner's role may do
 * everything), as a subquery of user ids: who hears of what their role looks after.
 */
export const membersWhoMay = (tenantId: number, permission: string): SQL =>
  sql`select m.user_id from memberships m join roles r on r.tenant_id = m.tenant_id and r.id = m.role_id
       where m.tenant_id = ${tenantId} and m.status = 'active' and (r.slug = 'owner' or r.permissions ? ${permission})`;

/** Tells every member who may do `permission`, but the one who caused it: one notification each. */
export async function notifyMembersWhoMay(tx: Tx, tenantId: number, permission: string, n: Omit<NewNotification, 'userId'>, exceptUserId: number | null = null) {
  const users = await rows<{ user_id: number }>(tx, membersWhoMay(tenantId, permission));
  await notify(
    tx,
    tenantId,
    users.map((u) => Number(u.user_id)).filter((id) => id !== exceptUserId).map((userId) => ({ ...n, userId })),
  );
}
