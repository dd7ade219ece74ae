import type { FastifyRequest } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import { PERMISSIONS, type Permission } from '../../../common/permissions.js';
import { roleSchema, roleSlug, roleUpdateSchema } from '../../../common/schemas/roles.js';
import { rows, type Tx } from '../../db/client.js';
import { fieldError, forbidden } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { roles } from '../tenancy/schema.js';
import { isoTimestamp as ts } from '../../db/sql.js';

export const OWNER_SLUG = 'owner';
export const NAME_TAKEN = 'The name has already been taken.';

const isOwnerRole = sql`(${roles.builtIn} and ${roles.slug} = ${OWNER_SLUG})`;

/** What a role really grants: the Owner holds the whole registry, including permissions added after it was stored. */
export function effectivePermissions(role: { slug: string; built_in?: boolean; permissions: readonly string[] }): string[] {
  return role.slug === OWNER_SLUG ? [...PERMISSIONS] : [...role.permissions];
}

/**
 * Nobody hands out more than they hold: a permission the signed-in user lacks may not be
 * added to a role, nor may a role holding one be given to (or taken from) someone.
 */
export function assertHolds(req: FastifyRequest, permissions: readonly string[], what: string) {
  const missing = permissions.filter((p) => !req.permissions.has(p));
  if (missing.length) throw forbidden(`You cannot ${what} permissions you do not hold (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}).`);
}

/** Roles of the tenant (SPEC §2 Roles; ARCHITECTURE "HTTP contract" for the endpoints). */
export const roleResource = defineResource({
  label: 'Role',
  singular: 'role',
  base: '/roles',
  table: roles,
  fields: {
    id: roles.id,
    name: roles.name,
    slug: roles.slug,
    permissions: sql<Permission[]>`case when ${isOwnerRole} then ${JSON.stringify(PERMISSIONS)}::jsonb else ${roles.permissions} end`,
    built_in: roles.builtIn,
    // table-qualified by hand: Drizzle writes bare column names in RETURNING, which a subquery would rebind
    users_count: sql<number>`(select count(*) from memberships m where m.tenant_id = "roles"."tenant_id" and m.role_id = "roles"."id")::int`,
    created_at: ts(roles.createdAt),
    updated_at: ts(roles.updatedAt),
  },
  columns: { permissions: roles.permissions, created_at: roles.createdAt, updated_at: roles.updatedAt },
  create: roleSchema,
  update: roleUpdateSchema,
  searchable: ['name'],
  sortable: ['name', 'users_count', 'created_at'],
  // the built-in roles first, in the order they were seeded
  defaultSort: ['id', 'asc'],
  access: { view: 'roles.view', create: 'roles.create', update: 'roles.update', delete: 'roles.delete' },
  authorize: (_req, action, data) => {
    if (action === 'view' || action === 'create') return;
    if (data.built_in && data.slug === OWNER_SLUG) {
      throw forbidden(`The Owner role cannot be ${action === 'update' ? 'edited' : 'deleted'}.`);
    }
  },
  beforeWrite: async (tx, req, input, current) => {
    const extra: Record<string, unknown> = {};
    if (typeof input.name === 'string') {
      const slug = roleSlug(input.name);
      const taken = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.tenantId, req.tenant!.id), eq(roles.slug, slug), current ? ne(roles.id, current.id as number) : undefined))
        .limit(1);
      if (taken.length) throw fieldError('name', NAME_TAKEN);
      extra.slug = slug;
    }
    if (Array.isArray(input.permissions)) {
      const before = new Set((current?.permissions as string[] | undefined) ?? []);
      assertHolds(req, (input.permissions as string[]).filter((p) => !before.has(p)), 'grant');
    }
    return extra;
  },
  beforeDelete: async (tx, req, record) => {
    const [used] = await rows<{ members: number; invitations: number }>(
      tx,
      sql`select (select count(*) from memberships where tenant_id = ${req.tenant!.id} and role_id = ${record.id})::int as members,
                 (select count(*) from invitations where tenant_id = ${req.tenant!.id} and role_id = ${record.id}
                     and accepted_at is null and expires_at > now())::int as invitations`,
    );
    if (used.members > 0) {
      throw fieldError(
        'role',
        `This role is assigned to ${used.members} user${used.members === 1 ? '' : 's'}. Give ${used.members === 1 ? 'them' : 'each of them'} another role before deleting it.`,
      );
    }
    if (used.invitations > 0) {
      throw fieldError('role', `This role is offered in ${used.invitations} pending invitation${used.invitations === 1 ? '' : 's'}. Cancel ${used.invitations === 1 ? 'it' : 'them'} before deleting the role.`);
    }
  },
  unique: [{ constraint: 'roles_tenant_slug_unique', field: 'name', message: NAME_TAKEN }],
  routeConfig: {
    create: { activity: { resource: 'role', describe: (req) => `Created role "${String((req.body as { name?: unknown })?.name ?? '').trim()}"` } },
    update: { activity: { resource: 'role' } },
    delete: { activity: { resource: 'role' } },
  },
});

/** A role of the current tenant by id, with what it really grants (null when it is not this tenant's). */
export async function findRole(tx: Tx, tenantId: number, id: number) {
  const [r] = await tx
    .select({ id: roles.id, name: roles.name, slug: roles.slug, builtIn: roles.builtIn, permissions: roles.permissions })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
    .limit(1);
  return r ? { ...r, effective: effectivePermissions(r) } : null;
}
