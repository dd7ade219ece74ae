import { and, eq, sql } from 'drizzle-orm';
import { acceptsPayment } from '../../../common/documents/status.js';
import { compare, convert, isZero, negate, roundTo } from '../../../common/money.js';
import type { Tx } from '../../db/client.js';
import { fieldError, notFound } from '../../http/errors.js';
import { paymentMethods } from '../accounting/schema.js';
import { currencyByCode, toCurrencyFormat } from '../accounting/currency.js';
import { formatMoney, plainCurrency } from '../../../common/format.js';
import { transactions } from '../banking/schema.js';
import { findAccount, nextTransactionNumber, unpost } from '../banking/service.js';
import { bankLedgerAccount, post, systemAccount, type PostingLine } from '../ledger/service.js';
import { documents } from './schema.js';
import { type DocumentRecord, TYPE_LABEL } from './fields.js';
import { findDocument } from './reading.js';
import { syncPaymentStatus } from './statuses.js';
import { recordHistory } from './timeline.js';

// Payments of invoices and bills: transactions of the bank account with document_id.

export interface PaymentData {
  bank_account_id: number;
  paid_at: string;
  amount: string;
  currency_rate?: string;
  payment_method?: string | null;
  reference?: string | null;
  description?: string | null;
}

/**
 * Records a payment of an issued invoice or bill: a transaction (income for an invoice, expense
 * for a bill) of the document's contact, in the bank account's currency, with document_id.
 * It posts Dr bank / Cr Accounts receivable (a bill: Dr Accounts payable / Cr bank). When the
 * account's currency is not the document's, the amount converts at the payment's rate (given,
 * or the currency's rate of the day) and the document's rate, and each currency balances
 * through Currency trading. Moves the status to partial or paid. Answers the transaction id.
 */
export async function recordPayment(tx: Tx, tenantId: number, given: DocumentRecord, input: PaymentData, userId: number | null): Promise<number> {
  // one payment of a document at a time: two at once could both fit in what is due
  await tx.execute(sql`select 1 from ${documents} where tenant_id = ${tenantId} and id = ${given.id} for update`);
  const doc = await findDocument(tx, tenantId, given.id);
  if (!acceptsPayment(doc.type, doc.status)) {
    throw fieldError('amount', `A payment can be recorded only for ${doc.type === 'bill' ? 'a received, unpaid bill' : 'a sent, unpaid invoice'}.`);
  }
  const account = await findAccount(tx, tenantId, input.bank_account_id);
  if (input.payment_method) {
    const [m] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.code, input.payment_method)));
    if (!m) throw fieldError('payment_method', 'The selected payment method is invalid.');
  }
  const accountCurrency = await currencyByCode(tx, tenantId, account.currencyCode);
  const docCurrency = await currencyByCode(tx, tenantId, doc.currency_code);
  const rate = input.currency_rate ?? accountCurrency!.rate;
  const same = account.currencyCode === doc.currency_code;
  const amount = roundTo(input.amount, accountCurrency!.precision);
  if (compare(amount, input.amount) !== 0) {
    throw fieldError('amount', `The amount may have at most ${accountCurrency!.precision} decimal places in ${account.currencyCode}.`);
  }
  const docAmount = same ? amount : convert(amount, rate, doc.currency_rate, docCurrency!.precision);
  if (isZero(docAmount)) throw fieldError('amount', 'The amount must be greater than 0.');
  if (compare(docAmount, doc.amount_due) > 0) {
    throw fieldError('amount', `The amount may not be greater than the amount due (${formatMoney(doc.amount_due, toCurrencyFormat(docCurrency!))}).`);
  }

  const kind = doc.type === 'bill' ? 'expense' : 'income';
  let categoryId: number | null = null;
  if (doc.category_id) categoryId = doc.category_id; // validated as the document's kind when saved
  const [made] = await tx
    .insert(transactions)
    .values({
      tenantId,
      type: kind,
      number: await nextTransactionNumber(tx, tenantId),
      bankAccountId: account.id,
      paidAt: input.paid_at,
      amount,
      currencyCode: account.currencyCode,
      currencyRate: rate,
      contactId: doc.contact_id,
      categoryId,
      paymentMethod: input.payment_method ?? null,
      reference: input.reference ?? null,
      description: input.description ?? `Payment of ${TYPE_LABEL[doc.type].toLowerCase()} ${doc.document_number}`,
      documentId: doc.id,
    })
    .returning({ id: transactions.id, number: transactions.number });

  const bank = await bankLedgerAccount(tx, tenantId, account);
  const control = await systemAccount(tx, tenantId, doc.type === 'bill' ? 'payables' : 'receivables');
  // as for an invoice (money in); a bill flips every sign
  const s = (v: string) => (doc.type === 'bill' ? negate(v) : v);
  const lines: PostingLine[] = [
    { ledgerAccountId: bank, currencyCode: account.currencyCode, amount: s(amount), rate },
    { ledgerAccountId: control, currencyCode: doc.currency_code, amount: s(negate(docAmount)), rate: same ? rate : doc.currency_rate, contactId: doc.contact_id },
  ];
  if (!same) {
    const trading = await systemAccount(tx, tenantId, 'currency_trading');
    lines.push(
      { ledgerAccountId: trading, currencyCode: account.currencyCode, amount: s(negate(amount)), rate },
      { ledgerAccountId: trading, currencyCode: doc.currency_code, amount: s(docAmount), rate: doc.currency_rate },
    );
  }
  const entry = await post(tx, tenantId, {
    date: input.paid_at,
    description: `Payment ${made.number} of ${TYPE_LABEL[doc.type].toLowerCase()} ${doc.document_number}`,
    sourceType: 'transaction',
    sourceId: made.id,
    lines,
  });
  await tx.update(transactions).set({ journalEntryId: entry }).where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, made.id)));
  await recordHistory(tx, tenantId, doc.id, {
    type: 'payment',
    description: `Payment ${made.number} of ${formatMoney(amount, toCurrencyFormat(accountCurrency!))} recorded.`,
    userId,
  });
  await syncPaymentStatus(tx, tenantId, doc.id, userId);
  return made.id;
}

/** Deletes one payment of a document: reverses its entry, removes the transaction, moves the status back. */
export async function deletePayment(tx: Tx, tenantId: number, doc: DocumentRecord, transactionId: number, userId: number | null) {
  const [t] = await tx
    .select({ id: transactions.id, number: transactions.number, amount: transactions.amount, currencyCode: transactions.currencyCode })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, transactionId), eq(transactions.documentId, doc.id)));
  if (!t) throw notFound('Payment');
  await unpost(tx, tenantId, 'transaction', t.id);
  await tx.delete(transactions).where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, t.id)));
  const c = await currencyByCode(tx, tenantId, t.currencyCode);
  await recordHistory(tx, tenantId, doc.id, {
    type: 'payment',
    description: `Payment ${t.number} of ${formatMoney(t.amount, c ? toCurrencyFormat(c) : plainCurrency(t.currencyCode))} deleted.`,
    userId,
  });
  await syncPaymentStatus(tx, tenantId, doc.id, userId);
}
