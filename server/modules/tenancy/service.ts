import { sql, eq } from 'drizzle-orm';
import { BUILT_IN_ROLES, PERMISSIONS } from '../../../common/permissions.js';
import { pageSlug } from '../../../common/schemas/cms.js';
import type { Database, Tx } from '../../db/client.js';
import { enterTenant } from '../../db/tenancy.js';
import { installedModules } from '../kazi-module.js';
import { tenants } from '../../db/tenant-table.js';
import { memberships, roles, users } from './schema.js';

export interface NewTenant {
  companyName: string;
  timezone?: string;
  /** the default currency of the books (ISO code); USD when not given */
  currency?: string;
  /** where the company is (ISO 3166-1 alpha-2) and its phone country's calling code, when the form gave them */
  country?: string;
  phoneCountry?: string;
  /** registration: the company goes through onboarding first (docs/decisions/0046) */
  onboarding?: boolean;
}
export interface NewOwner {
  name: string;
  email: string;
  passwordHash: string;
  emailVerified?: boolean;
}

/**
 * Creates a tenant with its built-in roles and its owner, in one transaction:
 * the global rows as the owner connection, then the tenant's own rows as the
 * app role under row-level security (so the new tenant's policies are proven
 * from its very first row). Each module's own set-up step (the books' currency,
 * the chart of accounts…) runs in that transaction, in the modules' order.
 */
export async function createTenant(database: Database, t: NewTenant, owner: NewOwner) {
  return database.db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({
        name: t.companyName,
        timezone: t.timezone ?? 'UTC',
        settings: { name: t.companyName, logo_light: null, logo_dark: null, country: t.country ?? null, phone_country: t.phoneCountry ?? null },
      })
      .returning({ id: tenants.id });
    await giveCompanySlug(tx, tenant.id, t.companyName);
    const [user] = await tx
      .insert(users)
      .values({
        name: owner.name,
        email: owner.email,
        passwordHash: owner.passwordHash,
        emailVerifiedAt: owner.emailVerified ? sql`now()` : null,
      })
      .returning({ id: users.id });
    await enterTenant(tx, tenant.id);
    const roleIds = await seedRoles(tx, tenant.id);
    for (const m of installedModules()) {
      await m.setUpCompany?.(tx, { tenantId: tenant.id, ownerId: user.id, currency: t.currency, onboarding: t.onboarding });
    }
    await tx.insert(memberships).values({ tenantId: tenant.id, userId: user.id, roleId: roleIds.owner });
    return { tenantId: tenant.id, userId: user.id };
  });
}

/**
 * The company's public name in addresses (tenants.slug, e.g. its CMS pages at /p/{slug}/…):
 * the name as lower-case letters, digits and dashes, with the company's id added when another
 * company has it already (or the name has no letters to give). Runs as the owner connection,
 * which sees every company's slug.
 */
export async function giveCompanySlug(tx: Tx, tenantId: number, name: string) {
  const base = pageSlug(name).slice(0, 60).replace(/-+$/, '') || 'company';
  const [taken] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, base)).limit(1);
  // a company registering the same name at the same moment: the unique index decides, in a savepoint
  const first = taken
    ? false
    : await tx
        .transaction(async (sp) => {
          await sp.update(tenants).set({ slug: base }).where(eq(tenants.id, tenantId));
          return true;
        })
        .catch((err: { code?: string; cause?: { code?: string } }) => {
          if ((err.cause?.code ?? err.code) === '23505') return false;
          throw err;
        });
  if (!first) await tx.update(tenants).set({ slug: `${base}-${tenantId}` }).where(eq(tenants.id, tenantId));
}

export async function seedRoles(tx: Tx, tenantId: number): Promise<Record<string, number>> {
  const rows = await tx
    .insert(roles)
    .values(
      BUILT_IN_ROLES.map((r) => ({
        tenantId,
        name: r.name,
        slug: r.slug,
        builtIn: true,
        permissions: PERMISSIONS.filter(r.permissions),
      })),
    )
    .returning({ id: roles.id, slug: roles.slug });
  return Object.fromEntries(rows.map((r) => [r.slug, r.id]));
}

/** The tenants a user may switch to (own memberships only, via RLS). */
export async function tenantsOfUser(tx: Tx, userId: number) {
  return tx
    .select({ id: tenants.id, name: tenants.name })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(sql`${memberships.userId} = ${userId} and ${memberships.status} = 'active'`)
    .orderBy(memberships.createdAt);
}
