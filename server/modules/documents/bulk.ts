import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DocumentType } from '../../../common/documents/status.js';
import { invoiceNumber } from '../../../common/schemas/accounting-settings.js';
import { CONTACT_TYPE_OF } from '../../../common/schemas/documents.js';
import { rows, type Tx } from '../../db/client.js';
import type { FieldErrors } from '../../http/errors.js';
import { bulkInsert } from '../../http/import/bulk.js';
import { categories, contacts, currencies, items, taxes } from '../accounting/schema.js';
import { accountingSetting, storeAccountingSetting } from '../accounting-settings/service.js';
import { documentHistories, documentItems, documentItemTaxes, documents } from './schema.js';
import { addDays, preparedFrom, toColumns, totalsOf, type DocumentData, type PreparedDocument } from './saving.js';
import { contactAddress } from './contact-copy.js';
import { TYPE_LABEL } from './fields.js';

/**
 * Many new documents at once (imports; docs/decisions/0014): the checks, defaults and figures of
 * the documents service's prepareDocument for a new document (current = null), with what they
 * read — contacts, categories, items, taxes, currencies, numbers taken, payment terms, the number
 * sequence — loaded once for the whole list instead of once a document; then the documents, their
 * lines, the lines' taxes and the `created` history rows written with one multi-row INSERT each.
 * The documents are drafts: nothing posts to the ledger.
 */

export type PrepareResult = { prepared: PreparedDocument; errors?: undefined } | { prepared?: undefined; errors: FieldErrors };

const PREFIX = { bill: 'BILL-', estimate: 'EST-' } as const;
const DIGITS = 5;

/** the distinct values that name something (no null, empty text or id 0) */
const distinct = <T>(values: Iterable<T | null | undefined>) => [...new Set([...values].filter((v): v is T => !!v))];
const key = (type: DocumentType, number: string) => `${type}\u0000${number}`;

/**
 * prepareDocument for many new documents: one answer per input, in order — what is stored, or
 * the field errors prepareDocument would throw (same fields, same messages, same order). As when
 * they are made one after the other, a number given twice is taken the second time; numbers left
 * out are given in input order under the service's advisory lock (invoices: the Invoices settings'
 * sequence, stored once at the end; bills and estimates: one more than the highest), skipping any
 * number already taken or given in the list.
 */
export async function prepareDocuments(tx: Tx, tenantId: number, inputs: readonly DocumentData[]): Promise<PrepareResult[]> {
  if (!inputs.length) return [];
  const contactIds = distinct(inputs.map((d) => d.contact_id));
  const contactRows = contactIds.length
    ? await tx
        .select({
          id: contacts.id,
          type: contacts.type,
          name: contacts.name,
          email: contacts.email,
          phone: contacts.phone,
          taxNumber: contacts.taxNumber,
          currencyCode: contacts.currencyCode,
          address: contacts.address,
          city: contacts.city,
          country: contacts.country,
        })
        .from(contacts)
        .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, contactIds)))
    : [];
  const contactById = new Map(
    contactRows.map((c) => [
      c.id,
      {
        type: c.type,
        currencyCode: c.currencyCode,
        // as the service's contactSnapshot copies it
        values: {
          contact_name: c.name,
          contact_email: c.email,
          contact_tax_number: c.taxNumber,
          contact_phone: c.phone,
          contact_address: contactAddress(c),
        },
      },
    ]),
  );

  const categoryIds = distinct(inputs.map((d) => d.category_id));
  const categoryType = new Map(
    categoryIds.length
      ? (await tx.select({ id: categories.id, type: categories.type }).from(categories).where(and(eq(categories.tenantId, tenantId), inArray(categories.id, categoryIds)))).map((c) => [c.id, c.type])
      : [],
  );
  const itemIds = distinct(inputs.flatMap((d) => d.items.map((l) => l.item_id)));
  const foundItems = new Set(
    itemIds.length ? (await tx.select({ id: items.id }).from(items).where(and(eq(items.tenantId, tenantId), inArray(items.id, itemIds)))).map((i) => i.id) : [],
  );
  const taxIds = distinct(inputs.flatMap((d) => d.items.flatMap((l) => l.tax_ids ?? [])));
  const taxById = new Map(
    (taxIds.length
      ? await tx
          .select({ id: taxes.id, name: taxes.name, rate: taxes.rate, type: taxes.type, enabled: taxes.enabled })
          .from(taxes)
          .where(and(eq(taxes.tenantId, tenantId), inArray(taxes.id, taxIds)))
      : []
    ).map((t) => [t.id, t]),
  );
  const codeOf = (d: DocumentData) => d.currency_code ?? contactById.get(d.contact_id)?.currencyCode;
  const codes = distinct(inputs.map(codeOf));
  const currencyByCode = new Map(
    codes.length
      ? (await tx
          .select({ code: currencies.code, rate: currencies.rate, precision: currencies.precision })
          .from(currencies)
          .where(and(eq(currencies.tenantId, tenantId), inArray(currencies.code, codes)))).map((c) => [c.code, c])
      : [],
  );
  const given = inputs.filter((d) => d.document_number);
  const taken = new Set<string>();
  if (given.length) {
    const found = await tx
      .select({ type: documents.type, number: documents.documentNumber })
      .from(documents)
      .where(
        and(
          eq(documents.tenantId, tenantId),
          inArray(documents.type, distinct(given.map((d) => d.type))),
          inArray(documents.documentNumber, distinct(given.map((d) => d.document_number))),
        ),
      );
    for (const f of found) taken.add(key(f.type, f.number));
  }
  const terms = inputs.some((d) => !d.due_at) ? (await accountingSetting(tx, tenantId, 'invoices')).payment_terms : 0;

  const results: PrepareResult[] = [];
  /** numbers of the documents already prepared without errors (made before the next, one after the other) */
  const used = new Set<string>();
  for (const input of inputs) {
    const errors: FieldErrors = {};
    const type = input.type;
    const contact = contactById.get(input.contact_id);
    if (!contact) errors.contact_id = ['The selected contact is invalid.'];
    else if (contact.type !== CONTACT_TYPE_OF[type]) errors.contact_id = [`The selected contact is not a ${CONTACT_TYPE_OF[type]}.`];
    if (input.category_id) {
      const kind = type === 'bill' ? 'expense' : 'income';
      const cat = categoryType.get(input.category_id);
      if (!cat) errors.category_id = ['The selected category is invalid.'];
      else if (cat !== kind) errors.category_id = [`The selected category is not an ${kind} category.`];
    }
    input.items.forEach((l, i) => {
      if (l.item_id && !foundItems.has(l.item_id)) errors[`items.${i}.item_id`] = ['The selected item is invalid.'];
      for (const id of l.tax_ids ?? []) {
        const t = taxById.get(id);
        if (!t) errors[`items.${i}.tax_ids`] = ['The selected tax is invalid.'];
        else if (!t.enabled) errors[`items.${i}.tax_ids`] = [`The tax ${t.name} is disabled.`];
      }
    });
    const code = codeOf(input);
    const currency = code ? currencyByCode.get(code) : undefined;
    if (!currency && (input.currency_code || contact)) errors.currency_code = ['The selected currency code is invalid.'];
    const number = input.document_number ?? null;
    if (number && (taken.has(key(type, number)) || used.has(key(type, number)))) errors.document_number = ['The document number has already been taken.'];
    if (Object.keys(errors).length) {
      results.push({ errors });
      continue;
    }
    if (number) used.add(key(type, number));

    const totals = totalsOf(input, taxById, currency!.precision);
    results.push({
      prepared: preparedFrom(input, totals, {
        type,
        contact: contact!.values,
        number,
        dueAt: input.due_at ?? addDays(input.issued_at, terms),
        currencyCode: code,
        currencyRate: input.currency_rate ?? currency!.rate,
      }),
    });
  }
  await numberDocuments(tx, tenantId, results, used);
  return results;
}

/** Numbers the prepared documents that have none, in order (see prepareDocuments). */
async function numberDocuments(tx: Tx, tenantId: number, results: PrepareResult[], used: Set<string>) {
  const unnumbered = new Map<DocumentType, PreparedDocument[]>();
  for (const r of results) {
    if (!r.prepared || r.prepared.values.document_number) continue;
    const type = r.prepared.values.type as DocumentType;
    unnumbered.set(type, [...(unnumbered.get(type) ?? []), r.prepared]);
  }
  for (const [type, list] of unnumbered) {
    // the lock nextDocumentNumber takes, held to the end of the caller's transaction
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kazi:document-number:${type}`}), ${tenantId}::int)`);
    if (type === 'invoice') {
      const settings = await accountingSetting(tx, tenantId, 'invoices');
      let next = settings.number_next;
      // numbers of the sequence already taken, looked up a window at a time (usually one query)
      let checkedTo = next - 1;
      const inDb = new Set<string>();
      const isTaken = async (n: number) => {
        if (n > checkedTo) {
          const window = Array.from({ length: list.length + 32 }, (_, i) => invoiceNumber(settings, checkedTo + 1 + i));
          checkedTo += window.length;
          const hits = await tx
            .select({ number: documents.documentNumber })
            .from(documents)
            .where(and(eq(documents.tenantId, tenantId), eq(documents.type, 'invoice'), inArray(documents.documentNumber, window)));
          for (const h of hits) inDb.add(h.number);
        }
        const number = invoiceNumber(settings, n);
        return inDb.has(number) || used.has(key('invoice', number));
      };
      for (const doc of list) {
        while (await isTaken(next)) next++;
        doc.values.document_number = invoiceNumber(settings, next);
        used.add(key('invoice', doc.values.document_number as string));
        next++;
      }
      await storeAccountingSetting(tx, tenantId, 'invoices', { ...settings, number_next: next });
      continue;
    }
    const prefix = PREFIX[type];
    const pattern = new RegExp(`^${prefix}(\\d{1,12})$`);
    const [r] = await rows<{ n: number }>(
      tx,
      sql`select coalesce(max(substring(document_number from ${pattern.source})::bigint), 0)::int as n
            from ${documents} where tenant_id = ${tenantId} and type = ${type}`,
    );
    let highest = r.n;
    for (const k of used) {
      const [t, number] = k.split('\u0000');
      const m = t === type ? pattern.exec(number) : null;
      if (m) highest = Math.max(highest, Number(m[1]));
    }
    for (const doc of list) doc.values.document_number = `${prefix}${String(++highest).padStart(DIGITS, '0')}`;
  }
}

/**
 * Writes prepared documents as drafts, as createDocument does one at a time — the document, its
 * lines, their taxes and a `created` history row — with four INSERTs for the whole list.
 * Answers the new ids in order.
 */
export async function insertDocuments(
  tx: Tx,
  tenantId: number,
  list: readonly PreparedDocument[],
  opts: { userId?: number | null; description?: (doc: { type: DocumentType; number: string }) => string } = {},
): Promise<number[]> {
  if (!list.length) return [];
  const userId = opts.userId ?? null;
  const made = await bulkInsert<{ id: number }>(
    tx,
    documents,
    list.map((p) => ({ ...toColumns(p.values), tenantId, createdBy: userId, parentId: null })),
    { id: documents.id },
  );
  const lines = list.flatMap((p, d) => p.lines.map((l) => ({ documentId: made[d].id, line: l })));
  const madeLines = await bulkInsert<{ id: number }>(
    tx,
    documentItems,
    lines.map(({ documentId, line: { taxes: _t, ...l } }) => ({ ...l, tenantId, documentId })),
    { id: documentItems.id },
  );
  await bulkInsert(
    tx,
    documentItemTaxes,
    lines.flatMap(({ documentId, line }, i) => line.taxes.map((t) => ({ ...t, tenantId, documentId, documentItemId: madeLines[i].id }))),
  );
  await bulkInsert(
    tx,
    documentHistories,
    list.map((p, d) => {
      const doc = { type: p.values.type as DocumentType, number: p.values.document_number as string };
      return {
        tenantId,
        documentId: made[d].id,
        type: 'created',
        status: 'draft',
        description: opts.description?.(doc) ?? `${TYPE_LABEL[doc.type]} ${doc.number} created.`,
        userId,
      };
    }),
  );
  return made.map((m) => m.id);
}
