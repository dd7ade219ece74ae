import { and, eq, sql } from 'drizzle-orm';
import type { DocumentType } from '../../../common/documents/status.js';
import { invoiceNumber } from '../../../common/schemas/accounting-settings.js';
import { rows, type Tx } from '../../db/client.js';
import { accountingSetting, storeAccountingSetting } from '../accounting-settings/service.js';
import { documents } from './schema.js';

// Document numbers: the Invoices settings for invoices, BILL-00001 and EST-00001 for the others.

/** bills and estimates are numbered BILL-00001, EST-00001 (invoices follow Settings/Accounting/Invoices) */
const PREFIX = { bill: 'BILL-', estimate: 'EST-' } as const;
const DIGITS = 5;

export async function numberTaken(tx: Tx, tenantId: number, type: DocumentType, number: string): Promise<boolean> {
  const [hit] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.type, type), eq(documents.documentNumber, number)))
    .limit(1);
  return !!hit;
}

/**
 * The next number of a type. Invoices: Settings/Accounting/Invoices prefix, next number and
 * digits; the next number advances past the one used (and past any taken by hand). Bills and
 * estimates: BILL-00001, EST-00001…, one more than the highest of that form. An advisory lock
 * per tenant and type keeps two writers from taking one number.
 */
export async function nextDocumentNumber(tx: Tx, tenantId: number, type: DocumentType): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kazi:document-number:${type}`}), ${tenantId}::int)`);
  if (type === 'invoice') {
    const settings = await accountingSetting(tx, tenantId, 'invoices');
    let next = settings.number_next;
    while (await numberTaken(tx, tenantId, type, invoiceNumber(settings, next))) next++;
    await storeAccountingSetting(tx, tenantId, 'invoices', { ...settings, number_next: next + 1 });
    return invoiceNumber(settings, next);
  }
  const prefix = PREFIX[type];
  const pattern = `^${prefix}(\\d{1,12})$`;
  const [r] = await rows<{ n: number }>(
    tx,
    sql`select coalesce(max(substring(document_number from ${pattern})::bigint), 0)::int + 1 as n
          from ${documents} where tenant_id = ${tenantId} and type = ${type}`,
  );
  return `${prefix}${String(r.n).padStart(DIGITS, '0')}`;
}
