import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { findRole } from '../roles/resource.js';
import { roles } from '../tenancy/schema.js';

const idParam = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });
const readRoleId = (req: FastifyRequest) => {
  const p = idParam.safeParse(req.params);
  if (!p.success) throw notFound('Role');
  return Number(p.data.id);
};

/** The Inertia pages of the Administration area (PAGES.md): Users, Roles and Permissions. */
export async function userPages(app: FastifyInstance) {
  // the roles a member may be given or invited with, loaded here so the page needs no roles.view
  app.get('/users', { config: { access: 'users.view' } }, async (req, reply) => {
    const list = await req.tenantTx((tx) =>
      tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.tenantId, req.tenant!.id)).orderBy(asc(roles.id)),
    );
    return reply.inertia('Users/Index', { roles: list });
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
