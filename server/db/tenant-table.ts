import { bigint, jsonb, pgTable, primaryKey, text, timestamp, type PgColumnBuilderBase, type PgTableExtraConfigValue } from 'drizzle-orm/pg-core';

// The tenant itself lives here, in the database layer, because every tenant-owned table
// points at it: declared in a module, the layer would import that module and the module the layer.

export interface TenantSettings {
  name: string;
  logo_light: string | null;
  logo_dark: string | null;
  /** where the company is (ISO 3166-1 alpha-2) and the calling code of its phone numbers, set at registration */
  country?: string | null;
  phone_country?: string | null;
  /** Settings/Company (docs/decisions/0047): the rest of the company's own details */
  legal_name?: string | null;
  currency?: string | null;
  email?: string | null;
  phone?: string | null;
  street?: string | null;
  city?: string | null;
  province?: string | null;
  postal_code?: string | null;
  /** the media library files the logos were chosen from (logo_light / logo_dark are their public addresses) */
  logo_light_id?: number | null;
  logo_dark_id?: number | null;
  /** the brand colour (#RRGGBB) of the shell, the public pages, the PDFs and the e-mails */
  brand_color?: string | null;
}

/** Global: the tenant itself. RLS lets the app role see only the current tenant's row. */
export const tenants = pgTable('tenants', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  /**
   * The company's name in public addresses (its CMS pages: /p/{slug}/{page}), unique across
   * companies; made from the name at registration (server/modules/tenancy/service.ts).
   */
  slug: text('slug').unique('tenants_slug_unique'),
  timezone: text('timezone').notNull().default('UTC'),
  settings: jsonb('settings').$type<TenantSettings>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

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

/** Tables named by `keyOfTableAbove`, so a test can check each one is declared for real. */
export const TABLES_NAMED_FROM_BELOW = new Set<string>();

/**
 * The key (tenant_id, id) of a tenant table that a module above the caller declares, for a
 * foreign key pointing up the module order (docs/decisions/0016-module-boundaries.md): the
 * constraint stays the same SQL while the lower module does not import the upper one. The
 * stand-in is never exported from a schema file, so Drizzle and drizzle-kit see only the
 * real table.
 */
export function keyOfTableAbove(name: string) {
  TABLES_NAMED_FROM_BELOW.add(name);
  return pgTable(name, {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).notNull(),
  });
}
