import { bigint, pgTable, primaryKey, timestamp, type PgColumnBuilderBase, type PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import { tenants } from '../modules/tenancy/schema.js';

/**
 * Declares a tenant-owned table the Citus-ready way (ARCHITECTURE "Tenancy"):
 * `tenant_id` + identity `id`, primary key (tenant_id, id), timestamps.
 * Unique and foreign keys declared in `extra` must include tenant_id; the
 * catalogue test (server/db/catalogue.test.ts) fails otherwise. Row-level
 * security is applied to every table with a tenant_id by the migrations.
 */
export function tenantTable<C extends Record<string, PgColumnBuilderBase>>(
  name: string,
  columns: C,
  extra?: (t: any) => PgTableExtraConfigValue[],
) {
  return pgTable(
    name,
    {
      tenantId: bigint('tenant_id', { mode: 'number' })
        .notNull()
        .references(() => tenants.id, { onDelete: 'cascade' }),
      id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
      ...columns,
      createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.tenantId, t.id] }), ...(extra ? extra(t) : [])],
  );
}
