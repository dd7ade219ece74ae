import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';
import { fromUnits, toUnits } from '../../../common/money.js';
import { categories, contacts, items, itemTaxes, taxes } from '../accounting/schema.js';
import { bankAccounts } from '../banking/schema.js';
import { changeStatus } from './statuses.js';
import { createDocument, type DocumentLineData } from './saving.js';
import { findDocument } from './reading.js';
import { generateInvoice } from './estimates.js';
import { recordPayment } from './payments.js';

/**
 * A year of the demo company's invoices, bills and estimates, made through the documents
 * service (createDocument, changeStatus, recordPayment, generateInvoice) so the ledger, the
 * statuses and the timelines are the real ones: paid, partly paid, sent, overdue, draft and
 * cancelled invoices; bills received and paid; estimates sent, approved, refused and converted.
 * Deterministic (a fixed pseudo-random sequence). Documents' demo step (module.ts): runs after
 * accounting's and banking's (customers, items, accounts).
 */
export async function seedDemoDocuments(tx: Tx, { tenantId, today }: DemoCompany) {
  let seed = 777;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const day = (daysAgo: number) => new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const plus = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  const people = await tx.select({ id: contacts.id, type: contacts.type, name: contacts.name }).from(contacts).where(eq(contacts.tenantId, tenantId)).orderBy(asc(contacts.id));
  const customers = people.filter((p) => p.type === 'customer');
  const vendors = people.filter((p) => p.type === 'vendor');
  const catalogue = await tx
    .select({ id: items.id, name: items.name, description: items.description, sale: items.salePrice, purchase: items.purchasePrice })
    .from(items)
    .where(eq(items.tenantId, tenantId))
    .orderBy(asc(items.id));
  const taxed = new Map<number, number[]>();
  for (const t of await tx.select({ itemId: itemTaxes.itemId, taxId: itemTaxes.taxId }).from(itemTaxes).where(eq(itemTaxes.tenantId, tenantId))) {
    taxed.set(t.itemId, [...(taxed.get(t.itemId) ?? []), t.taxId]);
  }
  const [bank] = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.tenantId, tenantId), eq(bankAccounts.currencyCode, 'KES')))
    .orderBy(asc(bankAccounts.id))
    .limit(1);
  const [vat] = await tx.select({ id: taxes.id }).from(taxes).where(and(eq(taxes.tenantId, tenantId), eq(taxes.name, 'VAT')));
  if (!customers.length || !vendors.length || !bank || !catalogue.length) return;
  // income and spending by category: an invoice without one lands in "Uncategorised income"
  const named = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.tenantId, tenantId));
  const cat = Object.fromEntries(named.map((c) => [c.name, c.id]));

  const services = catalogue.filter((i) => i.sale && Number(i.sale) >= 25000);
  const sold = catalogue.filter((i) => i.sale);
  const bought = catalogue.filter((i) => i.purchase);

  /** one service (so a total is always above the partial payment) and 0–2 other lines */
  const saleLines = (): DocumentLineData[] => {
    const lines: DocumentLineData[] = [];
    const main = services[rnd(services.length)];
    lines.push({ item_id: main.id, name: main.name, description: main.description, quantity: String(1 + rnd(3)), price: main.sale!, tax_ids: taxed.get(main.id) ?? [] });
    for (let i = rnd(3); i > 0; i--) {
      const it = sold[rnd(sold.length)];
      lines.push({ item_id: it.id, name: it.name, description: it.description, quantity: String(1 + rnd(20)), price: it.sale!, tax_ids: taxed.get(it.id) ?? [] });
    }
    return lines;
  };
  /** half of a total, to the shilling */
  const half = (total: string) => fromUnits((toUnits(total, 4) / 20000n) * 10000n, 4);
  const pay = async (id: number, paidAt: string, amount?: string) => {
    const doc = await findDocument(tx, tenantId, id);
    await recordPayment(tx, tenantId, doc, { bank_account_id: bank.id, paid_at: paidAt, amount: amount ?? fromUnits(toUnits(doc.amount_due, 4), 4), payment_method: 'offline_payments.bank_transfer.2' }, null);
  };

  // ---- invoices: three or four a month for a year
  for (let month = 11; month >= 0; month--) {
    const count = 3 + rnd(2);
    for (let i = 0; i < count; i++) {
      const daysAgo = month * 30 + 28 - i * 7 - rnd(5);
      if (daysAgo < 0) continue;
      const issuedAt = day(daysAgo);
      const c = customers[rnd(customers.length)];
      const lines = saleLines();
      const id = await createDocument(tx, tenantId, {
        type: 'invoice',
        contact_id: c.id,
        issued_at: issuedAt,
        due_at: plus(issuedAt, 30),
        notes: 'Thank you for your business.',
        items: lines,
        category_id: lines[0].name === 'Training workshop' ? cat['Consulting'] : cat['Sales'],
      });
      const doc = { id, type: 'invoice' as const, status: 'draft' };
      // the newest are drafts; one a quarter was cancelled
      if (month === 0 && i === 0) continue;
      await changeStatus(tx, tenantId, doc, 'sent', null);
      if (month % 3 === 2 && i === 1) {
        await changeStatus(tx, tenantId, doc, 'cancelled', null);
        continue;
      }
      const paidAfter = 8 + rnd(25);
      if (month >= 2) {
        // older invoices: mostly paid, now and then only half paid (and overdue)
        if (rnd(6) === 0) await pay(id, day(daysAgo - paidAfter), half((await findDocument(tx, tenantId, id)).total));
        else await pay(id, day(daysAgo - paidAfter));
      } else if (rnd(3) === 0 && daysAgo - 5 >= 0) {
        await pay(id, day(daysAgo - 5), half((await findDocument(tx, tenantId, id)).total));
      } else if (rnd(2) === 0) {
        await changeStatus(tx, tenantId, doc, 'viewed', null);
      }
    }
  }

  // ---- bills: the monthly supplies and couriers, received; paid except the latest
  for (let month = 11; month >= 0; month--) {
    for (let i = 0; i < 2; i++) {
      const daysAgo = month * 30 + 20 - i * 9;
      if (daysAgo < 0) continue;
      const issuedAt = day(daysAgo);
      const v = vendors[(month + i) % vendors.length];
      const lines: DocumentLineData[] = Array.from({ length: 1 + rnd(2) }, () => {
        const it = bought[rnd(bought.length)];
        return { item_id: it.id, name: it.name, description: it.description, quantity: String(5 + rnd(40)), price: it.purchase!, tax_ids: vat && rnd(2) ? [vat.id] : [] };
      });
      const id = await createDocument(tx, tenantId, { type: 'bill', contact_id: v.id, issued_at: issuedAt, due_at: plus(issuedAt, 14), items: lines, category_id: cat['Office supplies'] });
      await changeStatus(tx, tenantId, { id, type: 'bill', status: 'draft' }, 'received', null);
      if (month >= 2) await pay(id, day(daysAgo - 10));
      else if (month === 1 && i === 0) await pay(id, day(daysAgo - 10), half((await findDocument(tx, tenantId, id)).total));
    }
  }

  // ---- estimates: a few a quarter, answered in every way
  const outcomes = ['converted', 'refused', 'approved', 'sent', 'converted', 'draft', 'refused', 'converted', 'sent', 'approved'] as const;
  for (let i = 0; i < outcomes.length; i++) {
    const daysAgo = 300 - i * 30 + rnd(10);
    const issuedAt = day(Math.max(daysAgo, 1));
    const id = await createDocument(tx, tenantId, {
      type: 'estimate',
      contact_id: customers[rnd(customers.length)].id,
      issued_at: issuedAt,
      due_at: plus(issuedAt, 30),
      title: 'Quotation',
      items: saleLines(),
      category_id: cat['Sales'],
    });
    const doc = { id, type: 'estimate' as const, status: 'draft' };
    const outcome = outcomes[i];
    if (outcome === 'draft') continue;
    await changeStatus(tx, tenantId, doc, 'sent', null);
    if (outcome === 'sent') continue;
    await changeStatus(tx, tenantId, doc, outcome === 'refused' ? 'refused' : 'approved', null);
    if (outcome === 'converted') {
      const invoiceId = await generateInvoice(tx, tenantId, await findDocument(tx, tenantId, id), null);
      await changeStatus(tx, tenantId, { id: invoiceId, type: 'invoice', status: 'draft' }, 'sent', null);
    }
  }
}
