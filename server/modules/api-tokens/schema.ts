import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../db/tenant-table.js';
import { users } from '../tenancy/schema.js';

/**
 * An API token (docs/decisions/0047): `kz_<tenant>_<id>_<secret>` is shown once; only the SHA-256
 * of the secret is kept. The tenant and id in the token find the row by its primary key under
 * row-level security, so a token can never be looked up in another company. A personal token
 * acts with its user's current role narrowed to its scopes; a company token with its scopes,
 * in the name of the user who made it.
 */
export const apiTokens = tenantTable(
  'api_tokens',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'personal' | 'company'>().notNull(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** the last four characters of the secret, to tell tokens apart in the list */
    hint: text('hint').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'string' }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    revokedBy: bigint('revoked_by', { mode: 'number' }),
  },
  (t) => [
    index('api_tokens_user_idx').on(t.tenantId, t.userId, t.id),
    index('api_tokens_live_idx').on(t.tenantId, t.id).where(sql`revoked_at is null`),
  ],
);
