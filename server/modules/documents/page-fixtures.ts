import type { Database } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { contacts } from '../accounting/schema.js';
import { documentItems, documents } from './schema.js';

/**
 * Test fixtures of the page tests: documents written straight into the tables (with figures
 * already worked out), so the pages are tested apart from the document service.
 */
export async function seedContact(database: Database, tenantId: number, type: 'customer' | 'vendor', name: string) {
  const [c] = await withTenant(database, tenantId, (tx) =>
    tx.insert(contacts).values({ tenantId, type, name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.test`, currencyCode: 'USD' }).returning({ id: contacts.id }),
  );
  return c.id;
}

export interface SeedDocument {
  type: 'invoice' | 'bill' | 'estimate';
  contactId: number;
  contactName?: string;
  number: string;
  status?: string;
  issuedAt?: string;
  dueAt?: string | null;
  currencyCode?: string;
  currencyRate?: string;
  /** one line of quantity 1 at this price (no tax) */
  total: string;
}

export async function seedDocument(database: Database, tenantId: number, d: SeedDocument) {
  return withTenant(database, tenantId, async (tx) => {
    const [doc] = await tx
      .insert(documents)
      .values({
        tenantId,
        type: d.type,
        documentNumber: d.number,
        status: d.status ?? 'draft',
        issuedAt: d.issuedAt ?? '2026-03-01',
        dueAt: d.dueAt === undefined ? '2026-03-31' : d.dueAt,
        currencyCode: d.currencyCode ?? 'USD',
        currencyRate: d.currencyRate ?? '1',
        contactId: d.contactId,
        contactName: d.contactName ?? 'Acme Ltd',
        subTotal: d.total,
        total: d.total,
      })
      .returning({ id: documents.id });
    await tx.insert(documentItems).values({ tenantId, documentId: doc.id, name: 'Consulting', quantity: '1', price: d.total, subTotal: d.total, total: d.total });
    return doc.id;
  });
}
