import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { rows } from '../db/client.js';

/**
 * Props every page receives (ARCHITECTURE: auth.user, tenant, permissions, flash),
 * plus what the shell shows on every page: the tenants to switch to and the unread
 * notifications count, read together in one scoped transaction, and only when the
 * page (or a partial reload) asks for them.
 */
export function sharedProps(req: FastifyRequest) {
  const s = req.session;
  let shell: Promise<{ tenants: { id: number; name: string }[]; unread: number }> | null = null;
  const loadShell = () =>
    (shell ??= req.user
      ? req.server.ctx.database.scoped({ userId: req.user.id, tenantId: req.tenant?.id }, async (tx) => ({
          tenants: await rows<{ id: number; name: string }>(
            tx,
            sql`select t.id, coalesce(t.settings->>'name', t.name) as name
                  from memberships m join tenants t on t.id = m.tenant_id
                 where m.user_id = ${req.user!.id} and m.status = 'active' order by m.created_at, t.id`,
          ),
          unread: req.tenant
            ? (
                await rows<{ n: number }>(
                  tx,
                  sql`select count(*)::int as n from notifications
                       where tenant_id = ${req.tenant.id} and user_id = ${req.user!.id} and read_at is null`,
                )
              )[0].n
            : 0,
        }))
      : Promise.resolve({ tenants: [], unread: 0 }));
  return {
    auth: { user: req.user },
    tenant: req.tenant,
    tenants: async () => (await loadShell()).tenants,
    permissions: () => [...(req.permissions ?? [])],
    notifications: async () => ({ unread: (await loadShell()).unread }),
    flash: {
      success: (s?.pull('success') as string | undefined) ?? null,
      error: (s?.pull('error') as string | undefined) ?? null,
      status: (s?.peekFlash('status') as string | undefined) ?? null,
    },
  };
}
