import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchIndexes } from '../../db/search-index.js';
import { tenantTable } from '../../db/tenant-table.js';

/** A reusable SMS text, Liquid variables allowed (render.ts). */
export const smsTemplates = tenantTable(
  'sms_templates',
  {
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [uniqueIndex('sms_templates_name_unique').on(t.tenantId, sql`lower(${t.name})`), index('sms_templates_updated_idx').on(t.tenantId, t.updatedAt, t.id), ...searchIndexes('sms_templates', t.name, t.body)],
);

/** The company's sending rules (common/answers/sms.ts SmsSettings): one row, made on first save. */
export const smsSettings = tenantTable(
  'sms_settings',
  {
    quietHoursEnabled: boolean('quiet_hours_enabled').notNull().default(true),
    quietStart: text('quiet_start').notNull().default('20:00'),
    quietEnd: text('quiet_end').notNull().default('08:00'),
    pauseErrorRate: integer('pause_error_rate').notNull().default(20),
    pauseMinSample: integer('pause_min_sample').notNull().default(200),
    senderIds: jsonb('sender_ids').$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('sms_settings_tenant_unique').on(t.tenantId)],
);
