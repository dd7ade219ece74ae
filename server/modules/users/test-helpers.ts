import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { TEST_PASSWORD, testPasswordHash } from '../../testing/app.js';
import { memberships, roles, users } from '../tenancy/schema.js';

/** Test helper: a user with the built-in role `slug` (or a role id) in a tenant; reuses the account when the email exists. */
export async function addMember(database: Database, tenantId: number, role: string | number, email: string, name = email.split('@')[0]) {
  const existing = await database.query<{ id: number }>('select id from users where lower(email) = $1', [email.toLowerCase()]);
  const userId =
    existing[0]?.id ??
    (await database.db.insert(users).values({ name, email, passwordHash: await testPasswordHash() }).returning({ id: users.id }))[0].id;
  const roleId = await withTenant(database, tenantId, async (tx) => {
    if (typeof role === 'number') return role;
    const [r] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, tenantId), eq(roles.slug, role)));
    return r.id;
  });
  await withTenant(database, tenantId, (tx) => tx.insert(memberships).values({ tenantId, userId, roleId }));
  return { userId, roleId, email, password: TEST_PASSWORD };
}

export async function roleId(database: Database, tenantId: number, slug: string) {
  const [r] = await withTenant(database, tenantId, (tx) =>
    tx.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, tenantId), eq(roles.slug, slug))),
  );
  return r.id;
}
