import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CHANNELS, CONSENT_METHODS, CONSENT_STATUSES, CUSTOM_FIELD_TYPES, GENDERS, SUPPRESSION_REASONS } from '../../../common/outreach.js';
import { BULK_ACTIONS, SEGMENT_TYPES, type RuleGroup } from '../../../common/segments.js';
import { tenantTable } from '../../db/tenant-table.js';
import { searchIndexes } from '../../db/search-index.js';
import { contacts } from '../accounting/schema.js';

/**
 * The people a company reaches by SMS, e-mail and voice (docs/decisions/0026-outreach-contacts.md):
 * not the accounting customers and vendors, though one may be linked to one. Phone (E.164) and
 * e-mail (lower-cased) are unique per company; consent is one status per channel, the latest
 * entry of contact_consent_events, written together with it.
 */
export const outreachContacts = tenantTable(
  'outreach_contacts',
  {
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    email: text('email'),
    gender: text('gender', { enum: GENDERS }),
    birthday: date('birthday', { mode: 'string' }),
    location: text('location'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    custom: jsonb('custom').$type<Record<string, string | number | null>>().notNull().default({}),
    source: text('source'),
    notes: text('notes'),
    consentSms: text('consent_sms', { enum: CONSENT_STATUSES }).notNull().default('unknown'),
    consentEmail: text('consent_email', { enum: CONSENT_STATUSES }).notNull().default('unknown'),
    consentVoice: text('consent_voice', { enum: CONSENT_STATUSES }).notNull().default('unknown'),
    accountingContactId: bigint('accounting_contact_id', { mode: 'number' }),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("phone", '') || ' ' || coalesce("email", '')`),
  },
  (t) => [
    uniqueIndex('outreach_contacts_phone_unique').on(t.tenantId, t.phone).where(sql`phone is not null`),
    uniqueIndex('outreach_contacts_email_unique').on(t.tenantId, t.email).where(sql`email is not null`),
    // the sorts (newest first by default), each ending in id (decision 0020)
    index('outreach_contacts_tenant_last_name_idx').on(t.tenantId, t.lastName, t.id),
    index('outreach_contacts_tenant_first_name_idx').on(t.tenantId, t.firstName, t.id),
    index('outreach_contacts_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('outreach_contacts_tags_idx').using('gin', t.tags),
    ...searchIndexes('outreach_contacts', t.searchText),
    foreignKey({ columns: [t.tenantId, t.accountingContactId], foreignColumns: [contacts.tenantId, contacts.id] }).onDelete('set null'),
  ],
);

/** The company's own contact fields (text, number, date, choice); values live in outreach_contacts.custom by key. */
export const contactFields = tenantTable(
  'contact_fields',
  {
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type', { enum: CUSTOM_FIELD_TYPES }).notNull(),
    choices: text('choices').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex('contact_fields_tenant_key_unique').on(t.tenantId, t.key), index('contact_fields_tenant_label_idx').on(t.tenantId, t.label, t.id), ...searchIndexes('contact_fields', t.label)],
);

/** Every consent given or withdrawn: when, how and by whom (a user, or the contact themself when null). */
export const contactConsentEvents = tenantTable(
  'contact_consent_events',
  {
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    status: text('status', { enum: CONSENT_STATUSES }).notNull(),
    method: text('method', { enum: CONSENT_METHODS }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    note: text('note'),
  },
  (t) => [
    // no foreign key: see contactEvents
    index('contact_consent_events_contact_idx').on(t.tenantId, t.contactId, t.createdAt),
  ],
);

/** A channel closed for a contact, with its reason, until lifted: wins over any consent. */
export const contactSuppressions = tenantTable(
  'contact_suppressions',
  {
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull(),
    detail: text('detail'),
    liftedAt: timestamp('lifted_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    // one open suppression per contact and channel; the sendable check reads this index
    uniqueIndex('contact_suppressions_open_unique').on(t.tenantId, t.contactId, t.channel).where(sql`lifted_at is null`),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [outreachContacts.tenantId, outreachContacts.id] }).onDelete('cascade'),
  ],
);

/**
 * A contact's timeline: what happened to or with them (messages sent and delivered, RSVPs,
 * survey answers…). Later areas write it only through recordContactEvents().
 *
 * Like the consent history, it is written by the hundred thousand (an import, a send) and keeps
 * no foreign key: a per-row key check locks each contact row and cost an import of 100,000
 * contacts a second. Its writers take contact ids from the rows they just wrote or read under
 * row-level security; a statement trigger on outreach_contacts (migration 0011) removes the
 * histories of deleted contacts, one set-based delete per deleting statement.
 */
export const contactEvents = tenantTable(
  'contact_events',
  {
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    subjectType: text('subject_type'),
    subjectId: bigint('subject_id', { mode: 'number' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('contact_events_contact_idx').on(t.tenantId, t.contactId, t.occurredAt, t.id),
    index('contact_events_type_idx').on(t.tenantId, t.type, t.occurredAt),
  ],
);

/**
 * Segments (docs/decisions/0027-segments.md): dynamic ones are a rule tree compiled to one SQL
 * condition; static ones are the contacts picked into segment_contacts. `size` is the count of
 * the last evaluation, shown in lists without counting a million rows per segment per page.
 */
export const segments = tenantTable(
  'segments',
  {
    name: text('name').notNull(),
    description: text('description'),
    type: text('type', { enum: SEGMENT_TYPES }).notNull().default('dynamic'),
    rules: jsonb('rules').$type<RuleGroup>().notNull().default({ match: 'all', rules: [] }),
    size: bigint('size', { mode: 'number' }),
    sizeAt: timestamp('size_at', { withTimezone: true, mode: 'string' }),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [index('segments_tenant_name_idx').on(t.tenantId, t.name, t.id), index('segments_tenant_created_idx').on(t.tenantId, t.createdAt, t.id), ...searchIndexes('segments', t.name)],
);

/** The members of a static segment; when each was added is its created_at (the segment's growth). */
export const segmentContacts = tenantTable(
  'segment_contacts',
  {
    segmentId: bigint('segment_id', { mode: 'number' }).notNull(),
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('segment_contacts_member_unique').on(t.tenantId, t.segmentId, t.contactId),
    index('segment_contacts_contact_idx').on(t.tenantId, t.contactId),
    foreignKey({ columns: [t.tenantId, t.segmentId], foreignColumns: [segments.tenantId, segments.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [outreachContacts.tenantId, outreachContacts.id] }).onDelete('cascade'),
  ],
);

/**
 * A bulk operation on a selection of contacts (Segments/BulkOperations): run by the job queue in
 * batches, each its own transaction, so its progress shows while it runs (docs/decisions/0027).
 */
export const bulkOperations = tenantTable(
  'contact_bulk_operations',
  {
    action: text('action', { enum: BULK_ACTIONS }).notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    processed: bigint('processed', { mode: 'number' }).notNull().default(0),
    changed: bigint('changed', { mode: 'number' }).notNull().default(0),
    message: text('message'),
    file: text('file'),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [index('contact_bulk_operations_tenant_created_idx').on(t.tenantId, t.createdAt, t.id)],
);
