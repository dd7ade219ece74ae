import { bigint, foreignKey, index, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../db/tenant-table.js';
import { roles, users } from '../tenancy/schema.js';

/** An invitation into a tenant with a role; the mailed link carries the token (stored hashed). */
export const invitations = tenantTable(
  'invitations',
  {
    email: text('email').notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('invitations_tenant_token_unique').on(t.tenantId, t.tokenHash),
    index('invitations_tenant_email_idx').on(t.tenantId, t.email),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
  ],
);
