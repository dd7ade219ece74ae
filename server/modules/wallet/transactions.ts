import { and, gte, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { WalletTransactionRow } from '../../../common/answers/wallet.js';
import { isoTimestamp as ts } from '../../db/sql.js';
import { answerFields } from '../../http/answer-fields.js';
import { defineResource } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { creditMovements as m } from './schema.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.').refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Enter a real date.');
const dates = z
  .object({ date_from: day.optional().or(z.literal('')), date_to: day.optional().or(z.literal('')) })
  .refine((v) => !v.date_from || !v.date_to || v.date_from <= v.date_to, { path: ['date_to'], message: 'The end date must be on or after the start date.' });

/** The dates of the list's query (inclusive days, UTC): 422 on anything else. */
function dateRange(req: FastifyRequest) {
  const raw = (req.query ?? {}) as Record<string, unknown>;
  const q = validate(dates, { date_from: raw.date_from, date_to: raw.date_to });
  const parts = [];
  if (q.date_from) parts.push(gte(m.createdAt, `${q.date_from}T00:00:00Z`));
  if (q.date_to) parts.push(lt(m.createdAt, sql`(${q.date_to}::date + 1)::timestamptz`));
  return parts.length ? and(...parts) : undefined;
}

/**
 * The credit ledger's lines (Wallet/Transactions; GET /wallet/get-transactions): read-only
 * through the resource layer — paged, searched by description and reference, filtered by type,
 * kind, service, user and dates, exported as CSV or XLSX.
 */
export const walletTransactionResource = defineResource({
  label: 'Transaction',
  singular: 'transaction',
  base: '/wallet/transactions',
  listPath: '/wallet/get-transactions',
  table: m,
  writes: false,
  fields: answerFields<WalletTransactionRow>()({
    id: m.id,
    type: m.movement,
    kind: m.kind,
    service: m.service,
    credits: m.credits,
    balance_after: m.balanceAfter,
    description: m.description,
    reference: m.reference,
    user_id: m.userId,
    user_name: sql<string | null>`(select u.name from users u where u.id = ${m.userId})`,
    expires_at: sql<string | null>`${ts(m.expiresAt)}`,
    created_at: ts(m.createdAt),
  }),
  columns: { type: m.movement, created_at: m.createdAt, expires_at: m.expiresAt },
  create: z.object({}),
  searchable: ['description', 'reference'],
  searchColumn: m.searchText,
  sortable: ['created_at'],
  defaultSort: ['created_at', 'desc'],
  filterable: ['type', 'kind', 'service', 'user_id'],
  scope: dateRange,
  access: { view: 'wallet.view', create: 'wallet.manage', update: 'wallet.manage', delete: 'wallet.manage' },
  export: { filename: 'wallet-transactions' },
});
