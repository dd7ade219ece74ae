import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { documentCommentSchema, documentPaymentSchema, documentStatusSchema } from '../../../common/schemas/documents.js';
import type { Tx } from '../../db/client.js';
import { attachmentRoutes, dropAttachments } from '../../http/attachments.js';
import { forbidden, notFound } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { anyOf, can, documentResource, today, typeOfRequest } from './resources.js';
import { deletePayment, recordPayment } from './payments.js';
import { findDocument, loadDocument } from './reading.js';
import { generateInvoice } from './estimates.js';
import { listHistory, recordHistory } from './timeline.js';
import { requestStatus } from './statuses.js';
import { TYPE_LABEL, type DocumentRecord } from './fields.js';

type Action = 'view' | 'create' | 'update' | 'delete';
const idParams = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/), transactionId: z.string().regex(/^[1-9]\d{0,15}$/).optional() });

function params(req: FastifyRequest) {
  const p = idParams.safeParse(req.params);
  if (!p.success) throw notFound('Document');
  return { id: Number(p.data.id), transactionId: p.data.transactionId ? Number(p.data.transactionId) : undefined };
}

/** The document of the route, 404 when the user may not see its type, 403 when they may see but not do `action`. */
async function documentFor(tx: Tx, req: FastifyRequest, action: Action): Promise<DocumentRecord> {
  const doc = await findDocument(tx, req.tenant!.id, params(req).id);
  if (!can(req, doc.type, 'view')) throw notFound('Document');
  if (!can(req, doc.type, action)) throw forbidden();
  return doc;
}

const userId = (req: FastifyRequest) => req.user?.id ?? null;

/**
 * Documents: the resource endpoints (json, export, store, get-document, update, delete) and
 * their actions: status changes, payments, estimates into invoices, the timeline and comments.
 */
export async function documentRoutes(app: FastifyInstance) {
  // the resource's answers name the type: "Bill updated successfully.", not "Document …"
  app.addHook('preSerialization', async (req, _reply, payload) => {
    const type = typeOfRequest.get(req);
    const p = payload as { message?: unknown } | null;
    if (type && p && typeof p.message === 'string' && /^Document (created|updated|deleted) successfully\.$/.test(p.message)) {
      return { ...p, message: p.message.replace('Document', TYPE_LABEL[type]) };
    }
    return payload;
  });
  documentResource.routes(app);

  app.post('/accounting/documents/update-status/:id', { config: { access: anyOf('update') } }, async (req) => {
    const { status } = validate(documentStatusSchema, req.body);
    const data = await req.tenantTx(async (tx) => {
      const doc = await documentFor(tx, req, 'update');
      await requestStatus(tx, req.tenant!.id, doc, status, userId(req));
      return loadDocument(tx, req.tenant!.id, doc.id, today(req));
    });
    return { message: 'Status updated successfully.', data };
  });

  app.post('/accounting/documents/payments/store/:id', { config: { access: ['invoices.update', 'bills.update'] } }, async (req, reply) => {
    const input = validate(documentPaymentSchema, req.body);
    const data = await req.tenantTx(async (tx) => {
      const doc = await documentFor(tx, req, 'update');
      await recordPayment(tx, req.tenant!.id, doc, input, userId(req));
      return loadDocument(tx, req.tenant!.id, doc.id, today(req));
    });
    return reply.code(201).send({ message: 'Payment added successfully.', data });
  });

  app.delete('/accounting/documents/payments/delete/:id/:transactionId', { config: { access: ['invoices.update', 'bills.update'] } }, async (req) => {
    const data = await req.tenantTx(async (tx) => {
      const doc = await documentFor(tx, req, 'update');
      const transactionId = params(req).transactionId!;
      await deletePayment(tx, req.tenant!.id, doc, transactionId, userId(req));
      await dropAttachments(tx, req, 'transaction', [transactionId]);
      return loadDocument(tx, req.tenant!.id, doc.id, today(req));
    });
    return { message: 'Payment deleted successfully.', data };
  });

  app.post('/accounting/documents/generate-invoice/:id', { config: { access: 'estimates.update' } }, async (req, reply) => {
    if (!req.permissions.has('invoices.create')) throw forbidden();
    const data = await req.tenantTx(async (tx) => {
      const doc = await documentFor(tx, req, 'update');
      const invoiceId = await generateInvoice(tx, req.tenant!.id, doc, userId(req));
      return loadDocument(tx, req.tenant!.id, invoiceId, today(req));
    });
    return reply.code(201).send({ message: 'Invoice created successfully.', data });
  });

  app.get('/accounting/documents/comments/:id', { config: { access: anyOf('view') } }, async (req) => {
    const data = await req.tenantTx(async (tx) => {
      const doc = await documentFor(tx, req, 'view');
      return listHistory(tx, req.tenant!.id, doc.id);
    });
    return { data };
  });

  app.post('/accounting/documents/comments/store/:id', { config: { access: anyOf('update') } }, async (req, reply) => {
    const { description } = validate(documentCommentSchema, req.body);
    const data = await req.tenantTx(async (tx) => {
      const doc = await documentFor(tx, req, 'update');
      await recordHistory(tx, req.tenant!.id, doc.id, { type: 'comment', description, userId: userId(req) });
      return (await listHistory(tx, req.tenant!.id, doc.id))[0];
    });
    return reply.code(201).send({ message: 'Comment added successfully.', data });
  });

  attachmentRoutes(app, {
    base: '/accounting/documents',
    ownerType: 'document',
    noun: 'Document',
    access: { view: anyOf('view'), update: anyOf('update') },
    findOwner: async (tx, req, id, action) => {
      const doc = await findDocument(tx, req.tenant!.id, id);
      if (!can(req, doc.type, 'view')) throw notFound('Document');
      if (action === 'update' && !can(req, doc.type, 'update')) throw forbidden();
    },
    onChange: (tx, req, id, { kind, name }) =>
      recordHistory(tx, req.tenant!.id, id, { type: 'attachment', description: `File ${name} ${kind === 'added' ? 'attached' : 'removed'}.`, userId: userId(req) }),
  });
}
