import { bigint, index, text } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../db/tenant-table.js';

/** What an attachment belongs to: an invoice, bill or estimate, or a bank transaction. */
export const ATTACHMENT_OWNERS = ['document', 'transaction'] as const;
export type AttachmentOwner = (typeof ATTACHMENT_OWNERS)[number];

/**
 * Files attached to a record (docs/decisions/0015-attachments.md). The bytes live under
 * DATA_DIR/attachments/<tenant>/<file>; `file` is the random stored name, `name` the one the
 * user uploaded, `content_type` what the bytes are (sniffed, never the browser's claim).
 * `owner_type` + `owner_id` point at the record (no foreign key: one table for several owners;
 * the owner's delete removes its attachments).
 */
export const attachments = tenantTable(
  'attachments',
  {
    ownerType: text('owner_type').$type<AttachmentOwner>().notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    file: text('file').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
  },
  (t) => [index('attachments_tenant_owner_idx').on(t.tenantId, t.ownerType, t.ownerId)],
);
