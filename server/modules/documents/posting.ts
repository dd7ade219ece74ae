import { and, eq, sql } from 'drizzle-orm';
import { postsToLedger } from '../../../common/documents/status.js';
import { add, negate } from '../../../common/money.js';
import { rows, type Tx } from '../../db/client.js';
import { categories, items } from '../accounting/schema.js';
import { unpost } from '../banking/service.js';
import { categoryLedgerAccount, post, systemAccount, taxLedgerAccount, type PostingLine } from '../ledger/service.js';
import { documentItems, documentItemTaxes, documents } from './schema.js';
import { TYPE_LABEL } from './fields.js';

// The ledger entry of an issued invoice or bill (decision 0011).

/**
 * Posts an issued invoice or bill (reversing what it posted before). Invoice: Dr Accounts
 * receivable the total (with the contact) / Cr each line's income account its net amount /
 * Cr each tax's account its amount (withholding, negative, is a debit). A bill mirrors it with
 * Accounts payable and expense accounts. Everything in the document's currency at its rate.
 */
export async function postDocument(tx: Tx, tenantId: number, documentId: number): Promise<number | null> {
  const [doc] = await tx
    .select({
      id: documents.id,
      type: documents.type,
      number: documents.documentNumber,
      issuedAt: documents.issuedAt,
      currencyCode: documents.currencyCode,
      rate: documents.currencyRate,
      contactId: documents.contactId,
      categoryId: documents.categoryId,
      total: documents.total,
      status: documents.status,
    })
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.id, documentId)));
  await unpost(tx, tenantId, 'document', documentId);
  if (!doc || !postsToLedger(doc.type, doc.status)) {
    await setEntry(tx, tenantId, documentId, null);
    return null;
  }
  const kind = doc.type === 'bill' ? 'expense' : 'income';
  const lines = await rows<{ id: number; total: string; cat_id: number | null; cat_name: string | null; cat_type: string | null }>(
    tx,
    sql`select di.id::int as id, di.total::text as total, c.id::int as cat_id, c.name as cat_name, c.type as cat_type
          from ${documentItems} di
          left join ${items} i on i.tenant_id = di.tenant_id and i.id = di.item_id
          left join ${categories} c on c.tenant_id = di.tenant_id and c.id = i.category_id
         where di.tenant_id = ${tenantId} and di.document_id = ${documentId}
         order by di.position, di.id`,
  );
  const lineTaxes = await tx
    .select({ itemId: documentItemTaxes.documentItemId, taxId: documentItemTaxes.taxId, name: documentItemTaxes.name, amount: documentItemTaxes.amount })
    .from(documentItemTaxes)
    .where(and(eq(documentItemTaxes.tenantId, tenantId), eq(documentItemTaxes.documentId, documentId)));

  let docCategory: { id: number; name: string } | null = null;
  if (doc.categoryId) {
    const [c] = await tx
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(and(eq(categories.tenantId, tenantId), eq(categories.id, doc.categoryId)));
    docCategory = c ?? null;
  }

  // amounts per ledger account, as the seller sees them (credit positive); a bill flips the signs
  const credit = new Map<number, string>();
  const addTo = (account: number, amount: string) => credit.set(account, add(credit.get(account) ?? '0', amount));
  const accountOf = new Map<string, number>();
  for (const l of lines) {
    const category = docCategory ?? (l.cat_id && l.cat_type === kind ? { id: l.cat_id, name: l.cat_name! } : null);
    const key = String(category?.id ?? '');
    if (!accountOf.has(key)) accountOf.set(key, await categoryLedgerAccount(tx, tenantId, kind, category));
    const own = lineTaxes.filter((t) => t.itemId === l.id);
    addTo(accountOf.get(key)!, add(l.total, ...own.map((t) => negate(t.amount))));
  }
  const taxAccount = new Map<number, number>();
  for (const t of lineTaxes) {
    if (!taxAccount.has(t.taxId)) taxAccount.set(t.taxId, await taxLedgerAccount(tx, tenantId, { id: t.taxId, name: t.name }));
    addTo(taxAccount.get(t.taxId)!, t.amount);
  }
  const sign = (v: string) => (doc.type === 'bill' ? v : negate(v));
  const control = await systemAccount(tx, tenantId, doc.type === 'bill' ? 'payables' : 'receivables');
  const posting: PostingLine[] = [
    { ledgerAccountId: control, currencyCode: doc.currencyCode, amount: doc.type === 'bill' ? negate(doc.total) : doc.total, rate: doc.rate, contactId: doc.contactId },
    ...[...credit].map(([account, amount]) => ({ ledgerAccountId: account, currencyCode: doc.currencyCode, amount: sign(amount), rate: doc.rate, contactId: doc.contactId })),
  ];
  const entry = await post(tx, tenantId, {
    date: doc.issuedAt,
    description: `${TYPE_LABEL[doc.type]} ${doc.number}`,
    sourceType: 'document',
    sourceId: documentId,
    lines: posting,
  });
  await setEntry(tx, tenantId, documentId, entry);
  return entry;
}

async function setEntry(tx: Tx, tenantId: number, documentId: number, entry: number | null) {
  await tx.update(documents).set({ journalEntryId: entry }).where(and(eq(documents.tenantId, tenantId), eq(documents.id, documentId)));
}
