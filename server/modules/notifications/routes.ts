import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { notifications } from './schema.js';
import { unreadCount } from './service.js';
import { isoTimestamp as ts } from '../../db/sql.js';


const fields = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  body: notifications.body,
  url: notifications.url,
  data: notifications.data,
  read_at: ts(notifications.readAt),
  created_at: ts(notifications.createdAt),
};

const mine = (req: FastifyRequest) => eq(notifications.userId, req.user!.id);

/**
 * A user's own notifications. The list is the resource layer's, scoped to the
 * signed-in user; writes are the few actions a notification has (read, delete).
 * Everyone in a tenant has notifications, so the routes need a signed-in member only.
 */
const resource = defineResource({
  label: 'Notification',
  singular: 'notification',
  base: '/notifications',
  table: notifications,
  fields,
  columns: { read_at: notifications.readAt, created_at: notifications.createdAt },
  create: z.object({}),
  searchable: ['title', 'body'],
  searchColumn: notifications.searchText,
  sortable: ['created_at', 'title'],
  defaultSort: ['created_at', 'desc'],
  filterable: [],
  // only `list` is used; the routes below declare their own access (any signed-in member)
  access: { view: 'notifications.view', create: 'notifications.create', update: 'notifications.update', delete: 'notifications.delete' },
  scope: (req) => {
    const q = (req.query ?? {}) as { filter?: string };
    return q.filter === 'unread' ? and(mine(req), isNull(notifications.readAt)) : mine(req);
  },
});

const idParam = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });
const listFilter = z.object({ filter: z.enum(['all', 'unread']).optional() });

export async function notificationRoutes(app: FastifyInstance) {
  const access = { access: 'authenticated' as const };

  app.get('/notifications', { config: access }, (_req, reply) => reply.inertia('Notifications', {}));

  app.get('/notifications/json', { config: access }, async (req) => {
    // `filter` here is all|unread (read by the scope above), checked before the list runs
    validate(listFilter, req.query);
    return resource.list(req);
  });

  app.get('/notifications/recent', { config: access }, async (req) =>
    req.tenantTx(async (tx) => ({
      data: await tx.select(fields).from(notifications).where(mine(req)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(5),
      unread: await unreadCount(tx, req.user!.id),
    })),
  );

  app.post('/notifications/mark-read/:id', { config: access }, async (req) => {
    const p = idParam.safeParse(req.params);
    if (!p.success) throw notFound('Notification');
    const [data] = await req.tenantTx((tx) =>
      tx
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())`, updatedAt: sql`now()` })
        .where(and(eq(notifications.tenantId, req.tenant!.id), eq(notifications.id, Number(p.data.id)), mine(req)))
        .returning(fields),
    );
    if (!data) throw notFound('Notification');
    return { message: 'Notification marked as read.', data };
  });

  app.post('/notifications/mark-all-read', { config: access }, async (req) => {
    const rows = await req.tenantTx((tx) =>
      tx
        .update(notifications)
        .set({ readAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(notifications.tenantId, req.tenant!.id), mine(req), isNull(notifications.readAt)))
        .returning({ id: notifications.id }),
    );
    return { message: 'All notifications marked as read.', updated: rows.length };
  });

  app.delete('/notifications/delete/:id', { config: access }, async (req) => {
    const p = idParam.safeParse(req.params);
    if (!p.success) throw notFound('Notification');
    const rows = await req.tenantTx((tx) =>
      tx
        .delete(notifications)
        .where(and(eq(notifications.tenantId, req.tenant!.id), eq(notifications.id, Number(p.data.id)), mine(req)))
        .returning({ id: notifications.id }),
    );
    if (!rows.length) throw notFound('Notification');
    return { message: 'Delete Successfully' };
  });
}
