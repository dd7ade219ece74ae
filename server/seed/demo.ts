import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { withTenant } from '../db/tenancy.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { installedModules } from '../modules/kazi-module.js';
import { grantOperator } from '../modules/platform/index.js';
import '../modules/registry.js';
import { createTenant } from '../modules/tenancy/service.js';

export const DEMO_EMAIL = 'demo@kazi.test';
export const DEMO_PASSWORD = 'password';
/** The demo owner's colleagues (same password), so chat has someone to talk to and Users/Index more than one row. */
export const DEMO_COLLEAGUES = [
  { name: 'Amina Njeri', email: 'amina@kazi.test', role: 'campaign-manager' },
  { name: 'Brian Otieno', email: 'brian@kazi.test', role: 'accountant' },
] as const;

/**
 * The demo tenant "Acme" with a known login, created through the same helpers registration
 * uses; then each module's demo step adds its records (server/modules/<area>/demo.ts), in the
 * modules' order, so a later area finds what the earlier ones made.
 */
export async function seedDemo(database: Database, today = new Date(), config?: Config): Promise<{ tenantId: number }> {
  const { tenantId, userId } = await createTenant(
    database,
    // a Kenyan company: national phone numbers (0712 …) are read as +254
    { companyName: 'Acme', currency: 'KES', country: 'KE', phoneCountry: '254' },
    { name: 'Demo Owner', email: DEMO_EMAIL, passwordHash: await hashPassword(DEMO_PASSWORD), emailVerified: true },
  );
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const c of DEMO_COLLEAGUES) {
    // users are global rows the app role may not insert: made here as the owner of the database, their memberships under the company
    const [u] = await database.query<{ id: number }>(
      `insert into users (name, email, password_hash, email_verified_at) values ($1, $2, $3, now())
       on conflict ((lower(email))) do update set name = excluded.name returning id`,
      [c.name, c.email, passwordHash],
    );
    await withTenant(database, tenantId, (tx) =>
      tx.execute(sql`insert into memberships (tenant_id, user_id, role_id)
                     select ${tenantId}, ${u.id}, id from roles where tenant_id = ${tenantId} and slug = ${c.role}`),
    );
  }
  await withTenant(database, tenantId, async (tx) => {
    for (const m of installedModules()) await m.seedDemo?.(tx, { tenantId, ownerId: userId, today, config });
  });
  // outside production the demo login is also the platform operator, to show the Operator area (docs/decisions/0031)
  if (process.env.NODE_ENV !== 'production') await grantOperator(database, DEMO_EMAIL, 'demo');
  return { tenantId };
}

export async function demoExists(database: Database): Promise<boolean> {
  const rows = await database.query('select 1 from users where lower(email) = $1', [DEMO_EMAIL]);
  return rows.length > 0;
}

export async function isEmpty(database: Database): Promise<boolean> {
  const rows = await database.query('select 1 from tenants limit 1');
  return rows.length === 0;
}
