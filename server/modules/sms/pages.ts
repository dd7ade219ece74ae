import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../db/client.js';
import { notFound } from '../../http/errors.js';

/** Where a send that can no longer be edited sends the user, with the reason as a flash. */
const MESSAGES = '/sms/messages';

/**
 * The SMS pages (PAGES.md Sms/*): every figure, list and preview is read by the pages from the
 * JSON endpoints (messages.ts, transactions.ts); these answer only what a page needs first. The
 * edit page opens for a send still waiting for its time; a send that has started, ended or was
 * cancelled goes back to the list with the reason (another company's id, or no number, is a 404).
 */
export function smsPages(app: FastifyInstance) {
  app.get('/sms', { config: { access: 'sms.view' } }, (_req, reply) => reply.inertia('Sms/Overview', {}));
  app.get('/sms/messages', { config: { access: 'sms.view' } }, (_req, reply) => reply.inertia('Sms/Messages/Index', {}));
  app.get('/sms/messages/create', { config: { access: 'sms.send' } }, (_req, reply) => reply.inertia('Sms/Messages/Create', {}));
  app.get('/sms/transactions', { config: { access: 'sms.view' } }, (_req, reply) => reply.inertia('Sms/Transactions', {}));

  app.get('/sms/messages/:id/edit', { config: { access: 'sms.send' } }, async (req, reply) => {
    const raw = (req.params as { id?: string }).id ?? '';
    if (!/^[1-9]\d{0,15}$/.test(raw)) throw notFound('SMS');
    const id = Number(raw);
    const [send] = await req.tenantRead((tx) =>
      rows<{ status: string }>(tx, sql`select status from sends where tenant_id = ${req.tenant!.id} and channel = 'sms' and id = ${id}`),
    );
    if (!send) throw notFound('SMS');
    if (send.status !== 'scheduled') {
      req.session.flash('error', `This SMS can no longer be edited: it is ${send.status}. Only a scheduled SMS can be changed.`);
      return reply.code(303).redirect(MESSAGES);
    }
    return reply.inertia('Sms/Messages/Edit', { id });
  });
}
