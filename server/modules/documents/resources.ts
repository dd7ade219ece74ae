import type { FastifyRequest } from 'fastify';
import { and, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Permission } from '../../../common/permissions.js';
import type { DocumentType } from '../../../common/documents/status.js';
import { isOverdue } from '../../../common/documents/status.js';
import { documentSchema, DOCUMENT_TYPES } from '../../../common/schemas/documents.js';
import { dropAttachments } from '../../http/attachments.js';
import { forbidden } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { documents } from './schema.js';
import { AREA, documentFields, TYPE_LABEL, type DocumentRecord } from './fields.js';
import { assertDeletable } from './estimates.js';
import { loadDocument, todayIn } from './reading.js';
import { postDocument } from './posting.js';
import { prepareDocument, writeLines, type DocumentData, type PreparedDocument } from './saving.js';
import { recordHistory } from './timeline.js';
import { syncPaymentStatus } from './statuses.js';
import { postsToLedger } from '../../../common/documents/status.js';

type Action = 'view' | 'create' | 'update' | 'delete';

/** May this user do `action` to documents of this type (invoices.*, bills.*, estimates.*)? */
export const can = (req: FastifyRequest, type: DocumentType, action: Action) => req.permissions.has(`${AREA[type]}.${action}` as Permission);
export const visibleTypes = (req: FastifyRequest) => DOCUMENT_TYPES.filter((t) => can(req, t, 'view'));
export const anyOf = (action: Action) => DOCUMENT_TYPES.map((t) => `${AREA[t]}.${action}` as Permission);
export const today = (req: FastifyRequest) => todayIn(req.tenant?.timezone);

/**
 * ?status= filters on the stored status; `overdue` (never stored) means issued, unpaid and
 * past its due date in the company's time zone.
 */
function statusFilter(req: FastifyRequest): SQL | undefined {
  const status = (req.query as Record<string, unknown> | undefined)?.status;
  if (typeof status !== 'string' || status === '') return undefined;
  if (status === 'overdue') {
    return and(
      inArray(documents.type, ['invoice', 'bill']),
      inArray(documents.status, ['sent', 'viewed', 'received', 'partial']),
      isNotNull(documents.dueAt),
      lt(documents.dueAt, today(req)),
    );
  }
  return sql`${documents.status} = ${status.slice(0, 50)}`;
}

const SINGLE_READ = '/accounting/documents/get-document/:id';

/** the type of the document a write is about, so its answer says "Invoice created successfully." */
export const typeOfRequest = new WeakMap<FastifyRequest, DocumentType>();

/**
 * Invoices, bills and estimates: one table, one set of endpoints (/accounting/documents/*),
 * permissions by type like customers and vendors. Store and update take the whole document
 * with its lines (documentSchema); see service.ts for what they compute and post.
 */
export const documentResource = defineResource({
  label: 'Document',
  singular: 'document',
  base: '/accounting/documents',
  table: documents,
  fields: documentFields,
  columns: { created_at: documents.createdAt, updated_at: documents.updatedAt, sent_at: documents.sentAt },
  create: documentSchema,
  update: documentSchema,
  searchable: ['document_number', 'contact_name'],
  searchColumn: documents.searchText,
  sortable: ['document_number', 'contact_name', 'issued_at', 'due_at', 'status', 'total', 'created_at'],
  defaultSort: ['issued_at', 'desc'],
  filterable: ['type', 'contact_id', 'currency_code', 'category_id'],
  access: { view: anyOf('view'), create: anyOf('create'), update: anyOf('update'), delete: anyOf('delete') },
  // a user who may see only invoices never sees bills or estimates, even unfiltered
  scope: (req) => {
    const visible = visibleTypes(req);
    return and(visible.length === DOCUMENT_TYPES.length ? undefined : inArray(documents.type, visible), statusFilter(req));
  },
  authorize: (req, action, data) => {
    const type = data.type as DocumentType | undefined;
    if (type && AREA[type] && !can(req, type, action)) throw forbidden();
    if (type && AREA[type]) typeOfRequest.set(req, type);
  },
  unique: [{ constraint: 'documents_tenant_type_number_unique', field: 'document_number', message: 'The document number has already been taken.' }],
  export: {
    omit: ['contact_email', 'contact_tax_number', 'contact_phone', 'contact_address', 'notes', 'footer', 'attachment', 'title', 'created_by', 'parent_id', 'discount_type', 'discount_rate'],
  },
  beforeWrite: async (tx, req, input, current) => {
    const prepared = await prepareDocument(tx, req.tenant!.id, input as unknown as DocumentData, current as DocumentRecord | null);
    return { ...prepared.values, ...(current ? {} : { created_by: req.user?.id ?? null }), prepared };
  },
  afterWrite: async (tx, req, record, input, previous) => {
    const tenantId = req.tenant!.id;
    const id = record.id as number;
    const type = record.type as DocumentType;
    await writeLines(tx, tenantId, id, (input.prepared as PreparedDocument).lines);
    if (!previous) {
      await recordHistory(tx, tenantId, id, {
        type: 'created',
        status: 'draft',
        description: `${TYPE_LABEL[type]} ${String(record.document_number)} created.`,
        userId: req.user?.id,
      });
    } else {
      // an issued invoice or bill reposts: its old entry reversed, the new figures posted
      if (postsToLedger(type, String(record.status))) await postDocument(tx, tenantId, id);
      await syncPaymentStatus(tx, tenantId, id, req.user?.id ?? null);
    }
    return (await loadDocument(tx, tenantId, id, today(req))) as unknown as Record<string, unknown>;
  },
  attach: async (tx, req, rows) => {
    // the single read answers the whole document (lines, totals, payments…); lists only the overdue flag
    if (rows.length === 1 && !('items' in rows[0]) && req.routeOptions.url === SINGLE_READ) {
      Object.assign(rows[0], await loadDocument(tx, req.tenant!.id, rows[0].id as number, today(req)));
      return;
    }
    const day = today(req);
    for (const r of rows) r.overdue ??= isOverdue(r.type as DocumentType, String(r.status), (r.due_at as string | null) ?? null, day);
  },
  beforeDelete: async (tx, req, record) => {
    assertDeletable(record as { type: DocumentType; status: string });
    await dropAttachments(tx, req, 'document', [record.id as number]);
  },
});
