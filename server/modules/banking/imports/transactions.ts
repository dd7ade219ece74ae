import { z } from 'zod';
import { TRANSACTION_TYPES } from '../../../../common/schemas/banking.js';
import { decimal, isoDate, optionalText } from '../../../../common/schemas/fields.js';
import { bulkInsert, importable, type RowError } from '../../../http/import-export.js';
import { nextTransactionNumber, postTransactions, rateOf, type TransactionRow } from '../service.js';
import { transactions } from '../schema.js';
import { insertInChunks } from '../../accounting/imports/chunks.js';
import { accountsByName, contactsByNameOrEmail, incomeExpenseCategories, paymentMethodCodes, type AccountHit } from './lookups.js';

/** Words bank statements use for the two types. */
const TYPE_WORDS: Record<string, (typeof TRANSACTION_TYPES)[number]> = {
  income: 'income',
  deposit: 'income',
  credit: 'income',
  in: 'income',
  expense: 'expense',
  withdrawal: 'expense',
  debit: 'expense',
  out: 'expense',
};

const name = () => z.string().trim().max(255).optional();

const transactionRow = z.object({
  type: z
    .string()
    .trim()
    .transform((v) => TYPE_WORDS[v.toLowerCase()] ?? v)
    .pipe(z.enum(TRANSACTION_TYPES, { error: 'The type must be income or expense.' })),
  paid_at: isoDate('paid at'),
  amount: decimal({ label: 'amount' }),
  account: z.string().trim().min(1).max(255),
  category: name(),
  contact: name(),
  payment_method: name(),
  currency_rate: decimal({ label: 'currency rate', scale: 8 }).optional(),
  reference: optionalText(),
  description: optionalText(2000),
});

type Row = z.output<typeof transactionRow> & {
  account_ref: AccountHit;
  category_ref?: { income?: number; expense?: number };
  category_id?: number | null;
  contact_id?: number;
};

/**
 * Income and expense transactions from a bank statement or a spreadsheet. The account is named
 * (by name or number), as are the category, the contact (name or email) and the payment method
 * (code or name). Each imported transaction posts its journal entry through the banking
 * service's postTransactions, inside the import's one transaction.
 */
export const transactionImport = importable({
  key: 'transactions',
  label: 'transactions',
  base: '/banking/transactions',
  permission: 'transactions.import',
  columns: [
    { field: 'type', label: 'Type', required: true, aliases: ['kind', 'transaction type'], example: 'income' },
    { field: 'paid_at', label: 'Date', required: true, aliases: ['paid at', 'paid on', 'payment date', 'transaction date', 'value date'], example: '2026-01-31' },
    { field: 'amount', label: 'Amount', required: true, aliases: ['total', 'value'], example: '150.00' },
    { field: 'account', label: 'Account', required: true, aliases: ['bank account', 'account name', 'account number'], example: 'Cash' },
    { field: 'category', label: 'Category', aliases: ['category name'], example: 'Sales' },
    { field: 'contact', label: 'Contact', aliases: ['customer', 'vendor', 'payee', 'payer', 'contact name', 'contact email'], example: '' },
    { field: 'payment_method', label: 'Payment method', aliases: ['method', 'payment'], example: '' },
    { field: 'currency_rate', label: 'Currency rate', aliases: ['rate', 'exchange rate'], example: '' },
    { field: 'reference', label: 'Reference', aliases: ['ref', 'receipt', 'receipt number'], example: 'RCPT-1' },
    { field: 'description', label: 'Description', aliases: ['details', 'memo', 'narration', 'notes'], example: 'Market day takings' },
  ],
  rowSchema: transactionRow,
  references: {
    account: { target: 'account_ref', find: accountsByName, message: (v) => `There is no bank account named or numbered "${v}".` },
    category: { target: 'category_ref', find: incomeExpenseCategories, message: (v) => `There is no income or expense category named "${v}".` },
    contact: { target: 'contact_id', find: contactsByNameOrEmail, message: (v) => `There is no customer or vendor with the name or email "${v}".` },
    payment_method: { find: paymentMethodCodes, message: (v) => `There is no payment method "${v}".` },
  },
  // a category must be of the row's own type ("Sales" is an income category)
  check: async (_tx, _ctx, rows) => {
    const errors: RowError[] = [];
    for (const { row, data } of rows) {
      const r = data as Row;
      if (!r.category_ref) continue;
      const id = r.category_ref[r.type];
      if (id) r.category_id = id;
      else errors.push({ row, field: 'category', message: `"${r.category}" is not an ${r.type} category.` });
    }
    return errors;
  },
  commit: async (tx, ctx, parsed, progress) => {
    const rows = parsed as Row[];
    const rates = new Map<string, string>();
    for (const r of rows) {
      const code = r.account_ref.currencyCode;
      if (!rates.has(code)) rates.set(code, (await rateOf(tx, ctx.tenantId, code)).rate);
    }
    // one number from the service (under its lock, held to the end of the import), then the next ones in order
    const first = await nextTransactionNumber(tx, ctx.tenantId);
    const start = Number(/(\d+)$/.exec(first)![1]);
    const numberAt = (i: number) => `TRA-${String(start + i).padStart(5, '0')}`;
    let offset = 0;
    await insertInChunks(
      rows,
      async (chunk) => {
        const values = chunk.map((r, i) => ({
          number: numberAt(offset + i),
          type: r.type,
          bank_account_id: r.account_ref.id,
          paid_at: r.paid_at,
          amount: r.amount,
          currency_code: r.account_ref.currencyCode,
          currency_rate: r.currency_rate ?? rates.get(r.account_ref.currencyCode)!,
          contact_id: r.contact_id ?? null,
          category_id: r.category_id ?? null,
        }));
        const made = await bulkInsert<{ id: number }>(
          tx,
          transactions,
          chunk.map((r, i) => ({
            tenantId: ctx.tenantId,
            type: values[i].type,
            number: values[i].number,
            bankAccountId: values[i].bank_account_id,
            paidAt: values[i].paid_at,
            amount: values[i].amount,
            currencyCode: values[i].currency_code,
            currencyRate: values[i].currency_rate,
            contactId: values[i].contact_id,
            categoryId: values[i].category_id,
            paymentMethod: r.payment_method ?? null,
            reference: r.reference,
            description: r.description,
          })),
          { id: transactions.id },
        );
        offset += chunk.length;
        // the ledger postings are the banking service's, written for the whole chunk at once
        await postTransactions(tx, ctx.tenantId, made.map(({ id }, i) => ({ id, ...values[i] }) satisfies TransactionRow));
      },
      progress,
      500,
    );
  },
});
