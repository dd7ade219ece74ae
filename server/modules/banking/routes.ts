import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { attachmentRoutes } from '../../http/attachments.js';
import { notFound } from '../../http/errors.js';
import { bankingImportPages } from './import-pages.js';
import { bankingPages } from './pages.js';
import { bankAccountResource, transactionResource, transferResource } from './resources.js';
import { transactions } from './schema.js';

/** Banking: bank accounts, transactions and transfers (PAGES.md /banking/*). */
export async function bankingRoutes(app: FastifyInstance) {
  bankAccountResource.routes(app);
  transactionResource.routes(app);
  transferResource.routes(app);
  attachmentRoutes(app, {
    base: '/banking/transactions',
    ownerType: 'transaction',
    noun: 'Transaction',
    access: { view: 'transactions.view', update: 'transactions.update' },
    findOwner: async (tx, req, id) => {
      const [found] = await tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.tenantId, req.tenant!.id), eq(transactions.id, id)));
      if (!found) throw notFound('Transaction');
    },
  });
  await bankingPages(app);
  await app.register(bankingImportPages);
}
