import { z } from 'zod';
import { decimal, isoDate, optionalText } from '../../../../common/schemas/fields.js';
import { bulkInsert, importable, type RowError } from '../../../http/import-export.js';
import { postTransfers, rateOf, transferAmounts, type TransferRow, type TransferSide } from '../service.js';
import { transfers } from '../schema.js';
import { insertInChunks } from '../../accounting/imports/chunks.js';
import { accountsByName, paymentMethodCodes, type AccountHit } from './lookups.js';

const transferRow = z.object({
  from_account: z.string().trim().min(1).max(255),
  to_account: z.string().trim().min(1).max(255),
  transferred_at: isoDate('transferred at'),
  amount: decimal({ label: 'amount' }),
  to_amount: decimal({ label: 'to amount' }).optional(),
  from_rate: decimal({ label: 'from rate', scale: 8 }).optional(),
  to_rate: decimal({ label: 'to rate', scale: 8 }).optional(),
  payment_method: z.string().trim().max(255).optional(),
  reference: optionalText(),
  description: optionalText(2000),
});

type Row = z.output<typeof transferRow> & { from_ref: AccountHit; to_ref: AccountHit };

/**
 * Transfers between the company's accounts, named by account name or number. Rates and the
 * target amount default as on the form (the banking service's resolveTransferAmounts), and each
 * transfer posts its journal entry through postTransfers, inside the import's one transaction.
 */
export const transferImport = importable({
  key: 'transfers',
  label: 'transfers',
  base: '/banking/transfers',
  permission: 'transfers.import',
  columns: [
    { field: 'from_account', label: 'From account', required: true, aliases: ['from', 'source account', 'from account name'], example: 'Bank' },
    { field: 'to_account', label: 'To account', required: true, aliases: ['to', 'target account', 'destination account', 'to account name'], example: 'Cash' },
    { field: 'transferred_at', label: 'Date', required: true, aliases: ['transferred at', 'transfer date'], example: '2026-01-31' },
    { field: 'amount', label: 'Amount', required: true, aliases: ['from amount'], example: '100.00' },
    { field: 'to_amount', label: 'To amount', aliases: ['received amount'], example: '' },
    { field: 'from_rate', label: 'From rate', example: '' },
    { field: 'to_rate', label: 'To rate', example: '' },
    { field: 'payment_method', label: 'Payment method', aliases: ['method'], example: '' },
    { field: 'reference', label: 'Reference', aliases: ['ref'], example: 'TR-1' },
    { field: 'description', label: 'Description', aliases: ['details', 'memo', 'notes'], example: 'Float for the till' },
  ],
  rowSchema: transferRow,
  references: {
    from_account: { target: 'from_ref', find: accountsByName, message: (v) => `There is no bank account named or numbered "${v}".` },
    to_account: { target: 'to_ref', find: accountsByName, message: (v) => `There is no bank account named or numbered "${v}".` },
    payment_method: { find: paymentMethodCodes, message: (v) => `There is no payment method "${v}".` },
  },
  check: async (_tx, _ctx, rows) => {
    const errors: RowError[] = [];
    for (const { row, data } of rows) {
      const r = data as Row;
      if (r.from_ref.id === r.to_ref.id) errors.push({ row, field: 'to_account', message: 'The to account and from account must be different.' });
    }
    return errors;
  },
  commit: async (tx, ctx, parsed, progress) => {
    const rows = parsed as Row[];
    // each currency's rate and precision once, not per row
    const sides = new Map<string, TransferSide>();
    for (const code of new Set(rows.flatMap((r) => [r.from_ref.currencyCode, r.to_ref.currencyCode]))) {
      sides.set(code, { currencyCode: code, ...(await rateOf(tx, ctx.tenantId, code)) });
    }
    await insertInChunks(
      rows,
      async (chunk) => {
        const values: Omit<TransferRow, 'id'>[] = chunk.map((r) => ({
          from_account_id: r.from_ref.id,
          to_account_id: r.to_ref.id,
          transferred_at: r.transferred_at,
          amount: r.amount,
          ...transferAmounts(sides.get(r.from_ref.currencyCode)!, sides.get(r.to_ref.currencyCode)!, r),
        }));
        const made = await bulkInsert<{ id: number }>(
          tx,
          transfers,
          chunk.map((r, i) => ({
            tenantId: ctx.tenantId,
            fromAccountId: values[i].from_account_id,
            toAccountId: values[i].to_account_id,
            transferredAt: values[i].transferred_at,
            amount: values[i].amount,
            fromRate: values[i].from_rate,
            toAmount: values[i].to_amount,
            toRate: values[i].to_rate,
            paymentMethod: r.payment_method ?? null,
            reference: r.reference,
            description: r.description,
          })),
          { id: transfers.id },
        );
        await postTransfers(tx, ctx.tenantId, made.map(({ id }, i) => ({ id, ...values[i] })));
      },
      progress,
      500,
    );
  },
});
