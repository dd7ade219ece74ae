import { bigint, index, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../db/tenant-table.js';

/**
 * The activity log: every authenticated page visit (type page_visit) and every
 * state-changing action (type activity). Append-only; written in batches.
 */
export const activityLogs = tenantTable(
  'activity_logs',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    type: text('type', { enum: ['page_visit', 'activity'] }).notNull(),
    actionType: text('action_type'),
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    description: text('description'),
    url: text('url').notNull(),
    method: text('method').notNull(),
    routeName: text('route_name'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_logs_user_time_idx').on(t.tenantId, t.userId, t.occurredAt),
    index('activity_logs_time_idx').on(t.tenantId, t.occurredAt),
  ],
);
