import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CheckoutData } from '../../../common/answers/wallet.js';
import { rows } from '../../db/client.js';
import { notFound } from '../../http/errors.js';

/** The checkout of one purchase for the request's company, or null when it has none of that id (purchases.ts). */
export type CheckoutLoader = (req: FastifyRequest, id: number) => Promise<CheckoutData | null>;

/**
 * The wallet's Inertia pages (PAGES.md Wallet): the figures, lists and chart are read by the
 * pages from the JSON endpoints; these answer what a page needs before its first request — the
 * members to filter the transactions by, and the purchase being paid (another company's id, or
 * no number at all, is a 404).
 */
export function walletPages(app: FastifyInstance, opts: { checkout: CheckoutLoader }) {
  app.get('/wallet', { config: { access: 'wallet.view' } }, (_req, reply) => reply.inertia('Wallet/Index', {}));

  app.get('/wallet/transactions', { config: { access: 'wallet.view' } }, async (req, reply) => {
    const users = await req.tenantRead((tx) =>
      rows<{ id: number; name: string }>(
        tx,
        sql`select u.id, u.name from memberships m join users u on u.id = m.user_id where m.tenant_id = ${req.tenant!.id} order by u.name, u.id`,
      ),
    );
    return reply.inertia('Wallet/Transactions', { users: users.map((u) => ({ id: Number(u.id), name: u.name })) });
  });

  app.get('/wallet/checkout/:id', { config: { access: 'wallet.purchase' } }, async (req, reply) => {
    const raw = (req.params as { id?: string }).id ?? '';
    if (!/^[1-9]\d{0,15}$/.test(raw)) throw notFound('Purchase');
    const checkout = await opts.checkout(req, Number(raw));
    if (!checkout) throw notFound('Purchase');
    return reply.inertia('Wallet/Checkout', { checkout });
  });
}
