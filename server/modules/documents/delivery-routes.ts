import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Permission } from '../../../common/permissions.js';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { fieldError, forbidden, notFound } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { sanitizeEmailHtml } from '../accounting-settings/email-html.js';
import { buildDocumentMail, pdfFileName, readDocumentPdfToken } from './mail.js';
import { loadDocumentForOutput, readLogo, renderDocumentPdf, type DocumentOutput } from './pdf.js';
import { documentReminderJobs } from './reminders.js';
import { documents } from './schema.js';
import { changeStatus } from './statuses.js';
import { recordHistory } from './timeline.js';

/**
 * A document's PDF and sending it by e-mail (docs/decisions/0013):
 *   GET  /accounting/documents/pdf/{id}        the PDF, as a download named after the number
 *   POST /accounting/documents/send-mail/{id}  {to?, subject?, body?}: mails it with the PDF attached
 *   GET  /documents/pdf/{token}                public: the signed {invoice_guest_link} of a mailed invoice
 * and the daily reminders job (reminders.ts).
 */

const NOT_FOUND = 'Document';
const parseId = (raw: string) => (/^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null);

const sendSchema = z
  .object({
    to: z.string().trim().toLowerCase().max(255).pipe(z.union([z.literal(''), z.email('The to field must be a valid email address.')])).nullish(),
    subject: z.string().trim().max(255).nullish(),
    body: z.string().trim().max(20_000).nullish(),
  })
  .nullish();

/** The view or send permission of a document's own type (invoices.view, estimates.send…). */
const permissionOf = (type: DocumentOutput['type'], action: 'view' | 'send') => `${type}s.${action}` as Permission;

function sendPdf(reply: FastifyReply, doc: DocumentOutput, pdf: Buffer, disposition: 'attachment' | 'inline') {
  const name = pdfFileName(doc.document_number);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type('application/pdf')
    .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

export function documentDeliveryRoutes(app: FastifyInstance) {
  const { config, mailer, database } = app.ctx;
  const render = (doc: DocumentOutput) => renderDocumentPdf(doc, { logo: readLogo(config.dataDir, doc.logo_file) });
  documentReminderJobs(app);

  app.get<{ Params: { id: string } }>(
    '/accounting/documents/pdf/:id',
    { config: { access: ['invoices.view', 'bills.view', 'estimates.view'] } },
    async (req, reply) => {
      const id = parseId(req.params.id);
      if (id === null) throw notFound(NOT_FOUND);
      const doc = await req.tenantTx((tx) => loadDocumentForOutput(tx, req.tenant!.id, id));
      if (!doc) throw notFound(NOT_FOUND);
      if (!req.permissions.has(permissionOf(doc.type, 'view'))) throw forbidden();
      return sendPdf(reply, doc, await render(doc), 'attachment');
    },
  );

  app.post<{ Params: { id: string } }>(
    '/accounting/documents/send-mail/:id',
    { config: { access: ['invoices.send', 'estimates.send'] } },
    async (req) => {
      const id = parseId(req.params.id);
      if (id === null) throw notFound(NOT_FOUND);
      const input = validate(sendSchema, req.body) ?? {};
      if (input.body && !sanitizeEmailHtml(input.body)) throw fieldError('body', 'The body has no content left once unsafe HTML is removed.');
      const tenantId = req.tenant!.id;

      const doc = await req.tenantTx((tx) => loadDocumentForOutput(tx, tenantId, id));
      if (!doc) throw notFound(NOT_FOUND);
      if (doc.type === 'bill') throw fieldError('type', 'Bills are not sent to vendors.');
      if (!req.permissions.has(permissionOf(doc.type, 'send'))) throw forbidden();
      if (doc.status === 'cancelled') throw fieldError('status', 'A cancelled invoice cannot be sent.');
      const to = input.to || doc.contact.email;
      if (!to) throw fieldError('to', 'The customer has no email address.');

      const pdf = await render(doc);
      const mail = await req.tenantTx((tx) => buildDocumentMail(tx, doc, pdf, { to, kind: 'new', config, override: input }));
      // queued before the document is marked: if queueing fails the document stays as it was.
      // (Not inside the transaction: the queue has its own connection, and PGlite has only one.)
      await mailer.send(mail);
      const status = await req.tenantTx((tx) => markSent(tx, tenantId, id, to, req.user!.id));
      if (status === null) throw notFound(NOT_FOUND);
      const label = doc.type === 'invoice' ? 'Invoice' : 'Estimate';
      return { message: `${label} sent to ${to}.`, data: { id, status, sent_to: to } };
    },
  );

  // the customer's signed link; a bad, tampered or unknown token is a 404
  app.get<{ Params: { token: string } }>('/documents/pdf/:token', { config: { access: 'public' } }, async (req, reply) => {
    const found = readDocumentPdfToken(config.appKey, req.params.token);
    if (!found) throw notFound(NOT_FOUND);
    const doc = await withTenant(database, found.tenantId, async (tx) => {
      const d = await loadDocumentForOutput(tx, found.tenantId, found.id);
      if (!d || d.type === 'bill' || d.status === 'draft') return null;
      await markViewed(tx, found.tenantId, d);
      return d;
    });
    if (!doc) throw notFound(NOT_FOUND);
    return sendPdf(reply, doc, await render(doc), 'inline');
  });
}

/**
 * Marks a document sent through the documents service: a draft becomes `sent` (an invoice is
 * issued, so it posts to the ledger), `sent_at` is set on the first send, and the timeline says to
 * whom; sending again keeps the status and adds another "Sent to" line.
 */
export async function markSent(tx: Tx, tenantId: number, id: number, to: string, userId: number | null): Promise<string | null> {
  const [doc] = await tx
    .select({ id: documents.id, type: documents.type, status: documents.status })
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.id, id)))
    .for('update');
  if (!doc) return null;
  const description = `Sent to ${to}`;
  if (doc.status === 'draft') return changeStatus(tx, tenantId, doc, 'sent', userId, { historyType: 'sent', description });
  await recordHistory(tx, tenantId, id, { type: 'sent', status: doc.status, description, userId });
  return doc.status;
}

/** The customer opened the guest link: a sent invoice becomes viewed (once). */
async function markViewed(tx: Tx, tenantId: number, doc: DocumentOutput) {
  if (doc.type !== 'invoice' || doc.status !== 'sent') return;
  await changeStatus(tx, tenantId, { id: doc.id, type: doc.type, status: doc.status }, 'viewed', null, { historyType: 'viewed', description: 'Viewed by the customer.' });
}
