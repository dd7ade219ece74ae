import type { FastifyRequest } from 'fastify';
import { and, eq, like, sql } from 'drizzle-orm';
import type { PaymentMethodRow } from '../../../common/answers/accounting.js';
import { paymentMethodSchema } from '../../../common/schemas/accounting-settings.js';
import type { Tx } from '../../db/client.js';
import { answerFields } from '../../http/answer-fields.js';
import { fieldError } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { transactions, transfers } from '../banking/schema.js';
import { paymentMethods } from '../accounting/schema.js';
import { isDefaultValue } from './service.js';
import { isoTimestamp as ts } from '../../db/sql.js';


type Row = Record<string, unknown>;

/** "Bank transfer" → "bank_transfer" (the middle of a generated code). */
const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50) || 'method';

/** A code like the ones new companies start with ("offline_payments.cash.1"), free in this tenant. */
async function generateCode(tx: Tx, tenantId: number, name: string): Promise<string> {
  const stem = `offline_payments.${slug(name)}.`;
  const taken = await tx
    .select({ code: paymentMethods.code })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.tenantId, tenantId), like(paymentMethods.code, `${stem.replace(/_/g, '\\_')}%`)));
  const used = new Set(taken.map((t) => t.code));
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(paymentMethods).where(eq(paymentMethods.tenantId, tenantId));
  let i = n + 1;
  while (used.has(`${stem}${i}`)) i += 1;
  return `${stem}${i}`;
}

/** Transactions and transfers keep the code of the method they were paid with (as text). */
async function codeInUse(tx: Tx, tenantId: number, code: string): Promise<boolean> {
  const [t] = await tx
    .select({ one: sql`1` })
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.paymentMethod, code)))
    .limit(1);
  if (t) return true;
  const [m] = await tx
    .select({ one: sql`1` })
    .from(transfers)
    .where(and(eq(transfers.tenantId, tenantId), eq(transfers.paymentMethod, code)))
    .limit(1);
  return Boolean(m);
}

async function paymentMethodRules(tx: Tx, req: FastifyRequest, input: Row, current: Row | null): Promise<Row | void> {
  const tenantId = req.tenant!.id;
  if (!current) {
    const extra: Row = {};
    if (!input.code) extra.code = await generateCode(tx, tenantId, String(input.name));
    if (input.position === undefined) {
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${paymentMethods.position}), 0)::int + 1` })
        .from(paymentMethods)
        .where(eq(paymentMethods.tenantId, tenantId));
      extra.position = Math.min(next, 9999);
    }
    return extra;
  }
  if (input.code !== undefined && input.code !== current.code) {
    const old = String(current.code);
    if ((await codeInUse(tx, tenantId, old)) || (await isDefaultValue(tx, tenantId, 'payment_method', old))) {
      throw fieldError('code', 'The code cannot be changed once the payment method is in use.');
    }
  }
}

/** Offline payment methods (cash, bank transfer, cheque…) of Settings/Accounting/OfflinePayments. */
export const paymentMethodResource = defineResource({
  label: 'Payment method',
  singular: 'payment-method',
  base: '/settings/accounting/offline-payments',
  table: paymentMethods,
  fields: answerFields<PaymentMethodRow>()({
    id: paymentMethods.id,
    name: paymentMethods.name,
    code: paymentMethods.code,
    instructions: paymentMethods.instructions,
    position: paymentMethods.position,
    enabled: paymentMethods.enabled,
    created_at: ts(paymentMethods.createdAt),
    updated_at: ts(paymentMethods.updatedAt),
  }),
  columns: { created_at: paymentMethods.createdAt, updated_at: paymentMethods.updatedAt },
  create: paymentMethodSchema,
  searchable: ['name', 'code'],
  searchColumn: paymentMethods.searchText,
  sortable: ['name', 'code', 'position', 'enabled', 'created_at'],
  defaultSort: ['position', 'asc'],
  filterable: ['enabled'],
  access: {
    view: 'accounting_settings.view',
    create: 'accounting_settings.create',
    update: 'accounting_settings.update',
    delete: 'accounting_settings.delete',
  },
  unique: [{ constraint: 'payment_methods_tenant_code_unique', field: 'code', message: 'The code has already been taken.' }],
  beforeWrite: paymentMethodRules,
  beforeDelete: async (tx, req, record) => {
    const code = String(record.code);
    if (await codeInUse(tx, req.tenant!.id, code)) throw fieldError('id', 'This payment method is in use and cannot be deleted.');
    if (await isDefaultValue(tx, req.tenant!.id, 'payment_method', code)) {
      throw fieldError('id', 'This payment method is the default one (Settings, Defaults): choose another default first.');
    }
  },
});
