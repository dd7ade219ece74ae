import { and, count, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { notifications } from './schema.js';

export interface NewNotification {
  userId: number;
  type: string;
  title: string;
  body?: string | null;
  url?: string | null;
  data?: Record<string, unknown>;
}

/** Any module tells a user something through this (inside the tenant's transaction). */
export async function notify(tx: Tx, tenantId: number, n: NewNotification | NewNotification[]) {
  const list = Array.isArray(n) ? n : [n];
  if (list.length === 0) return;
  await tx.insert(notifications).values(
    list.map((x) => ({ tenantId, userId: x.userId, type: x.type, title: x.title, body: x.body ?? null, url: x.url ?? null, data: x.data ?? {} })),
  );
}

export async function unreadCount(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}
