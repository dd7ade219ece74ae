import { sql } from 'drizzle-orm';
import { APP_ROLE, type Database, type Tx } from './client.js';

export { APP_ROLE };

/**
 * Runs `fn` in a transaction as the app role with `app.tenant_id` set, so
 * row-level security confines every statement to that tenant, whatever the
 * query forgets. The settings are transaction-local.
 */
export function withTenant<T>(database: Database, tenantId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error('withTenant needs a tenant id');
  return database.scoped({ tenantId }, fn);
}

/**
 * Runs `fn` as the app role for one signed-in user and no tenant: it sees only
 * that user's own row and memberships (and those memberships' tenants).
 */
export function withUser<T>(database: Database, userId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return database.scoped({ userId }, fn);
}

/** The app role with nothing set: used by the tests to prove RLS fails closed. */
export function withNoTenant<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return database.scoped({}, fn);
}

/** Switches an already open owner transaction to the app role inside one tenant (registration). */
export async function enterTenant(tx: Tx, tenantId: number) {
  await tx.execute(
    sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${String(tenantId)}, true)`,
  );
}
