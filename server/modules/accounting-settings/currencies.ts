import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { CurrencyRow } from '../../../common/answers/accounting.js';
import { CURRENCY_CATALOGUE } from '../../../common/currency-catalogue.js';
import { currencySchema } from '../../../common/schemas/accounting-settings.js';
import type { Tx } from '../../db/client.js';
import { answerFields } from '../../http/answer-fields.js';
import { fieldError, notFound } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { journalLines } from '../ledger/schema.js';
import { currencies } from '../accounting/schema.js';
import { isInUse } from './in-use.js';
import { ACCOUNTING_READERS } from './service.js';
import { isoTimestamp as ts } from '../../db/sql.js';


export const currencyFields = answerFields<CurrencyRow>()({
  id: currencies.id,
  code: currencies.code,
  name: currencies.name,
  // exact decimal text without the column's trailing zeros: "129.5", "1"
  rate: sql<string>`trim_scale(${currencies.rate})::text`,
  precision: currencies.precision,
  symbol: currencies.symbol,
  symbol_first: currencies.symbolFirst,
  decimal_mark: currencies.decimalMark,
  thousands_separator: currencies.thousandsSeparator,
  is_default: currencies.isDefault,
  enabled: currencies.enabled,
  created_at: ts(currencies.createdAt),
  updated_at: ts(currencies.updatedAt),
});

/**
 * Amounts already posted keep their default-currency value (journal_lines.base_amount), so the
 * default may change only while nothing has been posted: afterwards the books would mix two
 * base currencies.
 */
async function assertDefaultMayChange(tx: Tx, tenantId: number, field: string) {
  const [posted] = await tx.select({ one: sql`1` }).from(journalLines).where(eq(journalLines.tenantId, tenantId)).limit(1);
  if (posted) throw fieldError(field, 'The default currency cannot change once amounts have been posted in the books.');
}

/**
 * Rates are against the default currency, so a new default re-bases them all: each other rate
 * is divided by the new default's rate (kept to the column's 8 decimals, never 0), and the old
 * default stops being one. Cross rates stay what they were; a switch there and back may move a
 * rate in its 8th decimal. In the caller's transaction.
 */
async function rebaseTo(tx: Tx, tenantId: number, code: string, pivot: string, field: string) {
  const others = and(eq(currencies.tenantId, tenantId), ne(currencies.code, code));
  const [{ tooLarge }] = await tx
    .select({ tooLarge: sql<boolean>`coalesce(max(${currencies.rate}), 0) / ${pivot}::numeric >= 10000000000` })
    .from(currencies)
    .where(others);
  if (tooLarge) throw fieldError(field, `Rates against ${code} would be too large to keep; check its rate first.`);
  await tx
    .update(currencies)
    .set({ rate: sql`greatest(round(${currencies.rate} / ${pivot}::numeric, 8), 0.00000001)`, isDefault: false, updatedAt: sql`now()` })
    .where(others);
}

/**
 * Makes `code` the default currency: it gets the rate 1 (and is enabled), the others are
 * re-based against it and the old default stops being one.
 */
export async function makeDefaultCurrency(tx: Tx, tenantId: number, code: string, field = 'currency') {
  const [target] = await tx
    .select({ id: currencies.id, isDefault: currencies.isDefault, rate: currencies.rate })
    .from(currencies)
    .where(and(eq(currencies.tenantId, tenantId), eq(currencies.code, code)));
  if (!target) throw fieldError(field, `The selected ${field.replace(/_/g, ' ')} is invalid.`);
  if (target.isDefault) return;
  await assertDefaultMayChange(tx, tenantId, field);
  await rebaseTo(tx, tenantId, code, target.rate, field);
  await tx
    .update(currencies)
    .set({ isDefault: true, rate: '1', enabled: true, updatedAt: sql`now()` })
    .where(and(eq(currencies.tenantId, tenantId), eq(currencies.id, target.id)));
}

type Row = Record<string, unknown>;

/** The rules of one default, of rates against it, and of codes other records point at. */
async function currencyRules(tx: Tx, req: FastifyRequest, input: Row, current: Row | null): Promise<Row | void> {
  const tenantId = req.tenant!.id;
  const merged = { ...current, ...input };
  if (merged.decimal_mark === merged.thousands_separator) {
    throw fieldError('thousands_separator', 'The thousands separator must differ from the decimal mark.');
  }
  if (current?.is_default) {
    if (input.is_default === false) throw fieldError('is_default', 'The default currency stays the default until another currency is made the default.');
    if (input.enabled === false) throw fieldError('enabled', 'The default currency cannot be disabled.');
    if (input.rate !== undefined && Number(input.rate) !== 1) throw fieldError('rate', 'The rate of the default currency is always 1.');
  }
  if (current && input.code !== undefined && input.code !== current.code && (await isInUse(tx, currencies, tenantId, Number(current.id)))) {
    throw fieldError('code', 'The code cannot be changed once the currency is in use.');
  }
  if (input.is_default === true && !current?.is_default) {
    await assertDefaultMayChange(tx, tenantId, 'is_default');
    // the rate given with the change (or the stored one) is the pivot of the others
    await rebaseTo(tx, tenantId, String(merged.code), String(input.rate ?? current?.rate), 'is_default');
    return { rate: '1', enabled: true };
  }
}

export const currencyResource = defineResource({
  label: 'Currency',
  singular: 'currency',
  base: '/settings/accounting/currencies',
  table: currencies,
  fields: currencyFields,
  columns: { rate: currencies.rate, created_at: currencies.createdAt, updated_at: currencies.updatedAt },
  create: currencySchema,
  searchable: ['code', 'name'],
  searchColumn: currencies.searchText,
  sortable: ['code', 'name', 'rate', 'is_default', 'enabled', 'created_at'],
  defaultSort: ['code', 'asc'],
  filterable: ['enabled', 'is_default'],
  access: { view: 'currencies.view', create: 'currencies.create', update: 'currencies.update', delete: 'currencies.delete' },
  unique: [
    { constraint: 'currencies_tenant_code_unique', field: 'code', message: 'The code has already been taken.' },
    // two people making different currencies the default at the same moment
    { constraint: 'currencies_one_default', field: 'is_default', message: 'Another currency was made the default at the same time. Please try again.' },
  ],
  beforeWrite: currencyRules,
  beforeDelete: async (_tx, _req, record) => {
    if (record.is_default) throw fieldError('id', 'The default currency cannot be deleted.');
  },
});

export function currencyRoutes(app: FastifyInstance) {
  // registered before the resource so that "default" and "catalogue" are never read as ids
  app.get('/settings/accounting/currencies/default', { config: { access: ACCOUNTING_READERS } }, async (req) => {
    const [data] = await req.tenantTx((tx) =>
      tx
        .select(currencyFields)
        .from(currencies)
        .where(and(eq(currencies.tenantId, req.tenant!.id), eq(currencies.isDefault, true))),
    );
    if (!data) throw notFound('Currency');
    return { data };
  });

  // ISO currencies to pick a new one from, with the display defaults it starts with
  app.get('/settings/accounting/currencies/catalogue', { config: { access: 'currencies.view' } }, async (req) => {
    const have = await req.tenantTx((tx) => tx.select({ code: currencies.code }).from(currencies).where(eq(currencies.tenantId, req.tenant!.id)));
    const added = new Set(have.map((c) => c.code));
    return { data: CURRENCY_CATALOGUE.map((c) => ({ ...c, added: added.has(c.code) })) };
  });

  currencyResource.routes(app);
}
