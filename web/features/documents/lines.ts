// The pure side of the line-items editor: new lines, lines filled from an item, the errors of a
// line, and the TotalsInput of what is on screen (what is being typed turned into decimals).
import { documentTotals, type DiscountType, type DocumentTotals, type TaxSpec, type TotalsInput } from '@common/documents/totals';
import { fromUnits, isDecimal, roundTo, toUnits } from '@common/money';
import type { TaxType } from '@common/documents/totals';

/** One line as the document form holds it (common/schemas/documents.ts, documentLineSchema). */
export type LineValue = {
  item_id?: number | null;
  name: string;
  description?: string | null;
  quantity: string;
  price: string;
  discount_type?: DiscountType | null;
  discount_rate?: string | null;
  tax_ids: number[];
};

/** An item the lines can be filled from (Items list). Prices are decimal strings or null. */
export type ItemOption = {
  id: number;
  name: string;
  description?: string | null;
  sale_price?: string | null;
  purchase_price?: string | null;
  tax_ids?: readonly number[];
};

export type TaxOption = { id: number; name: string; rate: string; type: TaxType; enabled?: boolean };

/** Invoices and estimates sell at the sale price, bills buy at the purchase price. */
export type PriceOf = 'sale' | 'purchase';

/** The fields of a line that can carry a server error ("items.0.price"). */
export const LINE_FIELDS = ['item_id', 'name', 'description', 'quantity', 'price', 'discount_type', 'discount_rate', 'tax_ids'] as const;
export type LineField = (typeof LINE_FIELDS)[number];

/** "12.5000" → "12.5", "3.0000" → "3": how a stored decimal reads in a box. */
export const trimZeros = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);

export function emptyLine(): LineValue {
  return { item_id: null, name: '', description: null, quantity: '1', price: '0', discount_type: null, discount_rate: null, tax_ids: [] };
}

/**
 * A line filled from an item: its name, description, price (sale or purchase) and taxes (those
 * still on offer); the quantity and discount already typed on the line are kept. With `digits`
 * (the decimals the price box shows), the price is rounded to them, so the line is computed
 * with the price the user sees.
 */
export function applyItem(line: LineValue, item: ItemOption, priceOf: PriceOf, taxes: readonly TaxOption[], digits?: number): LineValue {
  const raw = priceOf === 'sale' ? item.sale_price : item.purchase_price;
  const price = raw && isDecimal(raw) && digits !== undefined ? roundTo(raw, digits) : raw;
  const known = new Set(taxes.filter((t) => t.enabled !== false).map((t) => t.id));
  return {
    ...line,
    item_id: item.id,
    name: item.name,
    description: item.description ?? null,
    price: price && isDecimal(price) ? trimZeros(price.trim()) : '0',
    tax_ids: [...new Set((item.tax_ids ?? []).filter((id) => known.has(id)))],
  };
}

/** A decimal being typed, usable by the arithmetic: anything else ("", "-", "1,5") counts as 0. */
export function typedDecimal(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return text && isDecimal(text) ? text : '0';
}

/** What documentTotals needs from the lines on screen and the document discount. */
export function totalsInput(
  lines: readonly LineValue[],
  taxes: readonly TaxOption[],
  discount: { discount_type?: DiscountType | null; discount_rate?: string | null },
  precision: number,
): TotalsInput {
  const byId = new Map(taxes.map((t) => [t.id, t]));
  const spec = (t: TaxOption): TaxSpec => ({ id: t.id, name: t.name, rate: typedDecimal(t.rate), type: t.type });
  return {
    precision: Number.isInteger(precision) && precision >= 0 && precision <= 4 ? precision : 2,
    discount_type: discount.discount_type ?? null,
    discount_rate: discount.discount_type ? typedDecimal(discount.discount_rate) : null,
    lines: lines.map((l) => ({
      quantity: typedDecimal(l.quantity),
      price: typedDecimal(l.price),
      discount_type: l.discount_type ?? null,
      discount_rate: l.discount_type ? typedDecimal(l.discount_rate) : null,
      taxes: l.tax_ids.flatMap((id) => {
        const t = byId.get(id);
        return t ? [spec(t)] : [];
      }),
    })),
  };
}

/** The figures of the document on screen, live. */
export function liveTotals(
  lines: readonly LineValue[],
  taxes: readonly TaxOption[],
  discount: { discount_type?: DiscountType | null; discount_rate?: string | null },
  precision: number,
): DocumentTotals {
  return documentTotals(totalsInput(lines, taxes, discount, precision));
}

/** A line's amount as the editor shows it: quantity × price less the line's own discount. */
export function lineAmount(line: LineValue, precision: number): string {
  const t = liveTotals([{ ...line, tax_ids: [] }], [], {}, precision);
  return t.lines[0].total;
}

/** The server's (or the browser's) errors of line `index`, by field: "items.2.price" → price. */
export function lineErrors(errors: Readonly<Record<string, string | undefined>> | undefined, index: number): Partial<Record<LineField, string>> {
  const found: Partial<Record<LineField, string>> = {};
  if (!errors) return found;
  const prefix = `items.${index}.`;
  for (const [key, message] of Object.entries(errors)) {
    if (!message || !key.startsWith(prefix)) continue;
    // "items.2.tax_ids.0" is an error of the taxes
    const field = key.slice(prefix.length).split('.')[0] as LineField;
    if ((LINE_FIELDS as readonly string[]).includes(field)) found[field] ??= message;
  }
  return found;
}

/** The error keys of line `index` and of every line after it (they move when a line is removed). */
export function errorKeysFrom(errors: Readonly<Record<string, string | undefined>> | undefined, index: number): string[] {
  if (!errors) return [];
  return Object.keys(errors).filter((key) => {
    const m = /^items\.(\d+)(\.|$)/.exec(key);
    return !!m && Number(m[1]) >= index;
  });
}

/** A price as MoneyField holds it (integer minor units), or null when it is not a safe integer. */
export function priceToMinor(price: string, digits: number): number | null {
  const text = price.trim();
  if (!text || !isDecimal(text)) return null;
  const minor = Number(toUnits(text, digits));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** MoneyField's minor units back to the decimal string the form sends. */
export function minorToPrice(minor: number | null, digits: number): string {
  return minor === null || !Number.isSafeInteger(minor) ? '' : trimZeros(fromUnits(BigInt(minor), digits));
}
