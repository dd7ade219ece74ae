import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { withTenant } from '../db/tenancy.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { contacts, taxes } from '../modules/accounting/schema.js';
import { createTenant } from '../modules/tenancy/service.js';
import { notify } from '../modules/notifications/service.js';
import { seedDemoBooks } from './demo-books.js';
import { seedDemoDocuments } from './demo-documents.js';

export const DEMO_EMAIL = 'demo@kazi.test';
export const DEMO_PASSWORD = 'password';

const CUSTOMERS = [
  ['Baobab Traders', 'orders@baobab.example', 'Nairobi', 'Kenya'],
  ['Kilima Coffee Co.', 'hello@kilima.example', 'Moshi', 'Tanzania'],
  ['Lakeside Clinics', 'accounts@lakeside.example', 'Kisumu', 'Kenya'],
  ['Savanna Logistics', 'billing@savanna.example', 'Arusha', 'Tanzania'],
  ['Nile Print House', 'print@nileprint.example', 'Kampala', 'Uganda'],
  ['Jua Solar Ltd', 'finance@juasolar.example', 'Mombasa', 'Kenya'],
  ['Umoja Schools', 'bursar@umoja.example', 'Nakuru', 'Kenya'],
  ['Pwani Fisheries', 'sales@pwani.example', 'Malindi', 'Kenya'],
  ['Rift Valley Dairy', 'ap@riftdairy.example', 'Eldoret', 'Kenya'],
  ['Zanzibar Spice Exports', 'trade@zspice.example', 'Stone Town', 'Tanzania'],
  ['Kivu Hardware', 'store@kivu.example', 'Goma', 'DR Congo'],
  ['Amani Events', 'events@amani.example', 'Kigali', 'Rwanda'],
] as const;
const VENDORS = [
  ['Safari Office Supplies', 'sales@safarioffice.example'],
  ['Mawingu Internet', 'billing@mawingu.example'],
  ['Tembo Couriers', 'accounts@tembo.example'],
] as const;

// customers arrive unevenly over five months, so the dashboard chart has something to compare
const AGES_IN_DAYS = [0, 2, 6, 9, 15, 24, 38, 47, 66, 95, 101, 140];

/**
 * The demo tenant "Acme" with a known login, created through the same helpers
 * registration uses. Customers are spread over the last months so the
 * dashboard's chart has something to compare.
 */
export async function seedDemo(database: Database): Promise<{ tenantId: number }> {
  const { tenantId, userId } = await createTenant(
    database,
    { companyName: 'Acme', currency: 'KES' },
    { name: 'Demo Owner', email: DEMO_EMAIL, passwordHash: await hashPassword(DEMO_PASSWORD), emailVerified: true },
  );
  await withTenant(database, tenantId, async (tx) => {
    await tx.insert(contacts).values(
      CUSTOMERS.map(([name, email, city, country], i) => ({
        tenantId,
        type: 'customer' as const,
        name,
        email,
        city,
        country,
        currencyCode: 'KES',
        createdAt: sql`now() - ${`${AGES_IN_DAYS[i]} days`}::interval`,
      })),
    );
    await tx.insert(contacts).values(
      VENDORS.map(([name, email]) => ({ tenantId, type: 'vendor' as const, name, email, currencyCode: 'KES' })),
    );
    await tx.insert(taxes).values([
      { tenantId, name: 'VAT', rate: '16', type: 'normal' as const },
      { tenantId, name: 'Withholding VAT', rate: '2', type: 'withholding' as const },
      { tenantId, name: 'Excise duty', rate: '15', type: 'compound' as const },
    ]);
    await seedDemoBooks(tx, tenantId);
    await seedDemoDocuments(tx, tenantId);
    await notify(tx, tenantId, [
      { userId, type: 'welcome', title: 'Welcome to Kazi', body: 'Acme is ready: customers, vendors and taxes are set up.', url: '/dashboard' },
      { userId, type: 'customer.created', title: 'New customer: Baobab Traders', body: 'Added today.', url: null },
      { userId, type: 'security', title: 'Signed in from a new browser', body: 'If this was not you, change your password.', url: '/profile/account' },
    ]);
  });
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
