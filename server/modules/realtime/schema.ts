import { bigint, check, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenantTable } from '../../db/tenant-table.js';
import { users } from '../tenancy/schema.js';

/**
 * Who joined and left a company's presence channels (SPEC §1: online-users), when, and from
 * which page: a user's first connection joining and their last one leaving, across instances.
 * Recorded only; the live list is the channel's own (its members).
 */
export const presenceLog = tenantTable(
  'presence_log',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    action: text('action').notNull(),
    page: text('page'),
  },
  (t) => [
    index('presence_log_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('presence_log_user_idx').on(t.tenantId, t.userId, t.createdAt, t.id),
    check('presence_log_action_check', sql`${t.action} in ('join', 'leave')`),
  ],
);

/**
 * Each instance's realtime figures for a company, one row a minute (SPEC §9: every 60,000 ms,
 * the last 50 kept): connections, channels with a connection, messages published.
 */
export const realtimeStats = tenantTable(
  'realtime_stats',
  {
    instance: text('instance').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    connections: integer('connections').notNull(),
    channels: integer('channels').notNull(),
    messages: integer('messages').notNull(),
  },
  (t) => [index('realtime_stats_tenant_at_idx').on(t.tenantId, t.at, t.id)],
);
