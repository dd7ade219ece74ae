import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants, tenantTable } from '../../db/tenant-table.js';
import { searchIndexes } from '../../db/search-index.js';

/** Global: a person may belong to several tenants through memberships. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'string' }),
    avatar: text('avatar'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

/** Global: server-side, revocable sessions (guest sessions too, they carry the CSRF token). */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(), // sha256 of the cookie value, so a leaked table cannot be replayed
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    currentTenantId: bigint('current_tenant_id', { mode: 'number' }).references(() => tenants.id, {
      onDelete: 'set null',
    }),
    csrfToken: text('csrf_token').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    passwordConfirmedAt: timestamp('password_confirmed_at', { withTimezone: true, mode: 'string' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    lastActivity: timestamp('last_activity', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Global: one live reset token per email; stored hashed. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  email: text('email').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** Tenant: a named set of permissions (`area.action`). */
export const roles = tenantTable(
  'roles',
  {
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    builtIn: boolean('built_in').notNull().default(false),
  },
  (t) => [uniqueIndex('roles_tenant_slug_unique').on(t.tenantId, t.slug), ...searchIndexes('roles', t.name)],
);

/** Tenant: a user's place in a tenant, with one role. */
export const memberships = tenantTable(
  'memberships',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
  },
  (t) => [
    uniqueIndex('memberships_tenant_user_unique').on(t.tenantId, t.userId),
    index('memberships_user_idx').on(t.userId),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('restrict'),
  ],
);
