import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchIndexes } from '../../db/search-index.js';
import { tenantTable } from '../../db/tenant-table.js';

/**
 * An e-mail template (SPEC §7 Email templates; decision 0039): the visual editor's project data,
 * the MJML it makes, and what the server compiled from it on save — the sanitised HTML and its
 * plain-text part, Liquid variables still in both (rendered per recipient when sent).
 */
export const emailTemplates = tenantTable(
  'email_templates',
  {
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    preheader: text('preheader'),
    design: jsonb('design').$type<Record<string, unknown>>(),
    mjml: text('mjml').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** the contact fields subject, preheader and body read (render.ts), kept with the compile: lists show them without reading the HTML */
    variables: text('variables').array().notNull().default(sql`'{}'::text[]`),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('email_templates_name_unique').on(t.tenantId, sql`lower(${t.name})`),
    index('email_templates_updated_idx').on(t.tenantId, t.updatedAt, t.id),
    index('email_templates_name_idx').on(t.tenantId, t.name, t.id),
    ...searchIndexes('email_templates', t.name, t.subject),
  ],
);
