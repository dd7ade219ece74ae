import { sql } from 'drizzle-orm';
import type { Database, Tx } from './client.js';

/** The database role every tenant query runs as: not owner, not superuser, no BYPASSRLS. */
export const APP_ROLE = 'kazi_app';

/**
 * Runs `fn` in a transaction as the app role with `app.tenant_id` set, so
 * row-level security confines every statement to that tenant, whatever the
 * query forgets. One round trip sets both (set_config is transaction-local).
 */
export function withTenant<T>(database: Database, tenantId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error('withTenant needs a tenant id');
  return database.db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${String(tenantId)}, true)`,
    );
    return fn(tx);
  });
}

/**
 * Runs `fn` as the app role for one signed-in user and no tenant: it sees only
 * that user's own row and memberships (and those memberships' tenants).
 */
export function withUser<T>(database: Database, userId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${APP_ROLE}, true), set_config('app.user_id', ${String(userId)}, true)`,
    );
    return fn(tx);
  });
}

/** The app role with nothing set: used by the tests to prove RLS fails closed. */
export function withNoTenant<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', ${APP_ROLE}, true)`);
    return fn(tx);
  });
}
