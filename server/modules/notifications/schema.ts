import { bigint, index, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../db/tenant-table.js';
import { searchIndexes, searchText } from '../../db/search-index.js';
import { users } from '../tenancy/schema.js';

/** In-app notifications for one user in one tenant (the bell and the Notifications page). */
export const notifications = tenantTable(
  'notifications',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    url: text('url'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'string' }),
    searchText: searchText('title', 'body'),
  },
  (t) => [index('notifications_user_idx').on(t.tenantId, t.userId, t.createdAt, t.id), ...searchIndexes('notifications', t.searchText)],
);
