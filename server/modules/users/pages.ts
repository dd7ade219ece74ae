import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows, type Tx } from '../../db/client.js';
import { forbidden, notFound } from '../../http/errors.js';
import { findRole } from '../roles/resource.js';
import { roles } from '../tenancy/schema.js';
import { readableUser } from './logs.js';

const idParam = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });
const readRoleId = (req: FastifyRequest) => {
  const p = idParam.safeParse(req.params);
  if (!p.success) throw notFound('Role');
  return Number(p.data.id);
};

type UserRef = { id: number; name: string };

/**
 * The members just before and after a user in the activity list's default order (name
 * ascending, then id), so the timeline page can step through them and preload theirs.
 */
async function adjacentMembers(tx: Tx, tenantId: number, userId: number): Promise<{ previous: UserRef | null; next: UserRef | null }> {
  const [row] = await rows<{ prev_id: number | null; prev_name: string | null; next_id: number | null; next_name: string | null }>(
    tx,
    sql`select prev_id, prev_name, next_id, next_name from (
          select u.id,
                 lag(u.id) over w as prev_id, lag(u.name) over w as prev_name,
                 lead(u.id) over w as next_id, lead(u.name) over w as next_name
            from memberships m join users u on u.id = m.user_id
           where m.tenant_id = ${tenantId}
          window w as (order by lower(u.name), u.id)
        ) x where x.id = ${userId}`,
  );
  return {
    previous: row?.prev_id ? { id: Number(row.prev_id), name: row.prev_name! } : null,
    next: row?.next_id ? { id: Number(row.next_id), name: row.next_name! } : null,
  };
}

/** The Inertia pages of the Administration area (PAGES.md): Users, Users Logs, Roles and Permissions. */
export async function userPages(app: FastifyInstance) {
  // the roles a member may be given or invited with, loaded here so the page needs no roles.view
  app.get('/users', { config: { access: 'users.view' } }, async (req, reply) => {
    const list = await req.tenantTx((tx) =>
      tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.tenantId, req.tenant!.id)).orderBy(asc(roles.id)),
    );
    return reply.inertia('Users/Index', { roles: list });
  });

  // the members with their activity counts; rows come from GET /users/logs
  app.get('/users/activity', { config: { access: 'user_logs.view' } }, (_req, reply) => reply.inertia('Users/Logs/Index', {}));

  // one member's timeline: one's own always, another's with user_logs.view (403), a non-member 404
  app.get('/users/:userId/activity', { config: { access: 'authenticated' } }, async (req, reply) => {
    if (!req.tenant) throw forbidden('You do not belong to an active company.');
    const seesOthers = req.permissions.has('user_logs.view');
    const { member, neighbours } = await req.tenantTx(async (tx) => {
      const { userId, member } = await readableUser(tx, req);
      // only someone who may read the others' logs is offered (and preloads) them
      const neighbours = seesOthers ? await adjacentMembers(tx, req.tenant!.id, userId) : { previous: null, next: null };
      return { member, neighbours };
    });
    return reply.inertia('Users/Logs/Show', {
      user: { id: member.id, name: member.name, email: member.email, avatar_url: member.avatar_url, role: member.role?.name ?? null },
      previousUser: neighbours.previous,
      nextUser: neighbours.next,
    });
  });

  app.get('/roles', { config: { access: 'roles.view' } }, (_req, reply) => reply.inertia('Roles/Index', {}));
  app.get('/roles/create', { config: { access: 'roles.create' } }, (_req, reply) => reply.inertia('Roles/Create', {}));

  // another tenant's role, or no role at all, is a 404
  app.get('/roles/:id/edit', { config: { access: 'roles.update' } }, async (req, reply) => {
    const id = readRoleId(req);
    const role = await req.tenantTx((tx) => findRole(tx, req.tenant!.id, id));
    if (!role) throw notFound('Role');
    return reply.inertia('Roles/Edit', {
      role: { id: role.id, name: role.name, slug: role.slug, built_in: role.builtIn, permissions: role.effective },
    });
  });

  app.get('/permissions', { config: { access: 'roles.view' } }, (_req, reply) => reply.inertia('Permissions', {}));
}
