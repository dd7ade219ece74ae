import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { rows, type Tx } from '../../db/client.js';
import { fieldError, forbidden, notFound } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { memberships } from '../tenancy/schema.js';
import { effectivePermissions, OWNER_SLUG } from '../roles/resource.js';
import type { FastifyRequest } from 'fastify';

export const LAST_OWNER = 'A company needs at least one active owner.';

const iso = (v: SQL | AnyPgColumn) => sql`to_char(${v} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const user = (col: string) => sql`(select u.${sql.raw(col)} from users u where u.id = ${memberships.userId})`;
const lastActivity = sql`(select max(a.occurred_at) from activity_logs a where a.tenant_id = ${memberships.tenantId} and a.user_id = ${memberships.userId})`;

/** A member as every users endpoint answers it: the user's id, never the membership's. */
export const memberFields = {
  id: memberships.userId,
  name: sql<string>`${user('name')}`,
  email: sql<string>`${user('email')}`,
  avatar_url: sql<string | null>`(select case when u.avatar is null or u.avatar = '' then null else '/avatars/' || u.avatar end from users u where u.id = ${memberships.userId})`,
  role: sql<{ id: number; name: string } | null>`(select json_build_object('id', r.id, 'name', r.name) from roles r where r.tenant_id = ${memberships.tenantId} and r.id = ${memberships.roleId})`,
  status: memberships.status,
  last_activity_at: sql<string | null>`${iso(lastActivity)}`,
  joined_at: sql<string>`${iso(memberships.createdAt)}`,
};

/** Tenant members (SPEC §2 Users/Index): the resource layer's list over memberships. */
export const memberList = defineResource({
  label: 'User',
  singular: 'user',
  base: '/users',
  table: memberships,
  fields: memberFields,
  // names sort and search case-insensitively; the rest by their stored values
  columns: {
    name: sql`lower(${user('name')})` as unknown as AnyPgColumn,
    email: sql`lower(${user('email')})` as unknown as AnyPgColumn,
    last_activity_at: lastActivity as unknown as AnyPgColumn,
    joined_at: memberships.createdAt,
    role_id: memberships.roleId,
  },
  create: z.object({}),
  searchable: ['name', 'email'],
  sortable: ['name', 'email', 'status', 'last_activity_at', 'joined_at'],
  defaultSort: ['name', 'asc'],
  filterable: ['status', 'role_id'],
  perPage: 15,
  // only the list is used; the member routes declare their own access
  access: { view: 'users.view', create: 'users.invite', update: 'users.update', delete: 'users.delete' },
});

export async function memberData(tx: Tx, tenantId: number, userId: number) {
  const [row] = await tx
    .select(memberFields)
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) throw notFound('User');
  return row;
}

interface MemberRow {
  membership_id: number;
  user_id: number;
  status: 'active' | 'inactive';
  role_id: number;
  slug: string;
  built_in: boolean;
  permissions: string[];
}

/**
 * Locks the tenant's active owners, then the member (always in that order, so two
 * concurrent changes cannot deadlock, nor both remove "the other" owner).
 * 404 for someone who is not a member of this tenant.
 */
export async function lockMember(tx: Tx, tenantId: number, userId: number) {
  const owners = await rows<{ user_id: number }>(
    tx,
    sql`select m.user_id from memberships m
          join roles r on r.tenant_id = m.tenant_id and r.id = m.role_id
         where m.tenant_id = ${tenantId} and m.status = 'active' and r.built_in and r.slug = ${OWNER_SLUG}
         order by m.id for update of m`,
  );
  const [member] = await rows<MemberRow>(
    tx,
    sql`select m.id as membership_id, m.user_id, m.status, m.role_id, r.slug, r.built_in, r.permissions
          from memberships m join roles r on r.tenant_id = m.tenant_id and r.id = m.role_id
         where m.tenant_id = ${tenantId} and m.user_id = ${userId}
         for update of m`,
  );
  if (!member) throw notFound('User');
  const isActiveOwner = member.status === 'active' && member.built_in && member.slug === OWNER_SLUG;
  return {
    member,
    isActiveOwner,
    /** refuses a change that would leave the company without an active owner */
    keepAnOwner(field = 'user') {
      if (isActiveOwner && !owners.some((o) => o.user_id !== userId)) throw fieldError(field, LAST_OWNER);
    },
  };
}

/** Someone may manage only members whose role grants nothing they do not hold themselves. */
export function assertOutranks(req: FastifyRequest, member: Pick<MemberRow, 'slug' | 'permissions'>) {
  if (effectivePermissions(member).some((p) => !req.permissions.has(p))) {
    throw forbidden('You cannot manage a member whose role has permissions you do not hold.');
  }
}
