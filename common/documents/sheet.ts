/**
 * What a document's lines table shows, decided once for the screen (web DocumentSheet) and the
 * PDF (server/modules/documents/pdf.ts), so both show the same figures in the same columns
 * (docs/decisions/0024-formats-pdf-matches-the-screen.md):
 *
 *   item | quantity | price | discount (only when a line has one) | amount
 *
 * A line's amount is its sub-total, quantity × price, before discount and tax, so the amounts add
 * up to the Sub-total under the table; the discount column adds up to the Discount row, and the
 * taxes are listed under the Sub-total, each summed over the lines. Sub-total − Discount + taxes
 * = Total, the same figures common/documents/totals.ts stored.
 */
import { isZero } from '../money.js';

export interface SheetLineFigures {
  quantity: string;
  price: string;
  sub_total: string;
  /** the line's own discount and its share of the document discount */
  discount: string;
}

export type SheetColumnKey = 'item' | 'quantity' | 'price' | 'discount' | 'amount';

export interface SheetColumn {
  key: SheetColumnKey;
  label: string;
  align: 'start' | 'end';
}

/** The columns of the lines table: the settings' names for item, quantity and price; Discount only when a line has one. */
export function sheetColumns(lines: readonly SheetLineFigures[], names: { item: string; quantity: string; price: string }): SheetColumn[] {
  const columns: SheetColumn[] = [
    { key: 'item', label: names.item, align: 'start' },
    { key: 'quantity', label: names.quantity, align: 'end' },
    { key: 'price', label: names.price, align: 'end' },
  ];
  if (lines.some((l) => !isZero(l.discount))) columns.push({ key: 'discount', label: 'Discount', align: 'end' });
  columns.push({ key: 'amount', label: 'Amount', align: 'end' });
  return columns;
}

/** A line's Amount: its sub-total (quantity × price), what the Sub-total adds up. */
export const lineAmount = (line: SheetLineFigures): string => line.sub_total;

/** "12.5000" → "12.5"; "3.0000" → "3": a quantity or a rate as written. */
export const plainNumber = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);
