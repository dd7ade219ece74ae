import { describe, expect, it } from 'vitest';
import { documentLineSchema } from '@common/schemas/documents';
import {
  applyItem,
  emptyLine,
  errorKeysFrom,
  lineAmount,
  lineErrors,
  liveTotals,
  minorToPrice,
  priceToMinor,
  totalsInput,
  typedDecimal,
  type ItemOption,
  type TaxOption,
} from './lines';

const VAT: TaxOption = { id: 1, name: 'VAT', rate: '16.0000', type: 'normal' };
const OLD: TaxOption = { id: 2, name: 'Old levy', rate: '1.0000', type: 'normal', enabled: false };
const INCL: TaxOption = { id: 3, name: 'VAT incl.', rate: '16.0000', type: 'inclusive' };
const CHAIR: ItemOption = { id: 7, name: 'Chair', description: 'Oak, 4 legs', sale_price: '120.5000', purchase_price: '80.0000', tax_ids: [1, 2, 99] };

describe('document lines', () => {
  it('a new line is valid for the schema once named', () => {
    const line = emptyLine();
    expect(line).toMatchObject({ quantity: '1', price: '0', tax_ids: [], item_id: null });
    expect(documentLineSchema.safeParse(line).success).toBe(false);
    expect(documentLineSchema.safeParse({ ...line, name: 'Consulting' }).success).toBe(true);
  });

  it('picking an item fills name, description, the sale or purchase price and its enabled taxes', () => {
    const typed = { ...emptyLine(), quantity: '3', discount_type: 'percent' as const, discount_rate: '10' };
    const sold = applyItem(typed, CHAIR, 'sale', [VAT, OLD]);
    expect(sold).toEqual({ item_id: 7, name: 'Chair', description: 'Oak, 4 legs', quantity: '3', price: '120.5', discount_type: 'percent', discount_rate: '10', tax_ids: [1] });
    expect(applyItem(typed, CHAIR, 'purchase', [VAT, OLD]).price).toBe('80');
    // an item without a price
    expect(applyItem(typed, { id: 8, name: 'Gift' }, 'sale', []).price).toBe('0');
    expect(documentLineSchema.safeParse(sold).success).toBe(true);
    // a price with more decimals than the box shows is rounded to what the user sees
    const precise = { ...CHAIR, sale_price: '12.3456' };
    expect(applyItem(typed, precise, 'sale', [VAT], 2).price).toBe('12.35');
    expect(applyItem(typed, precise, 'sale', [VAT], 0).price).toBe('12');
    expect(applyItem(typed, precise, 'sale', [VAT]).price).toBe('12.3456');
  });

  it('what is being typed counts as 0 until it is a number', () => {
    expect(['', '-', '1,5', 'abc', null, undefined].map((v) => typedDecimal(v))).toEqual(['0', '0', '0', '0', '0', '0']);
    expect(typedDecimal(' 2.5 ')).toBe('2.5');
  });

  it('builds the totals input from the form value: taxes by id, rates only with a discount type', () => {
    const input = totalsInput(
      [
        { ...emptyLine(), name: 'A', quantity: '2', price: '', tax_ids: [1, 42], discount_rate: '5' },
        { ...emptyLine(), name: 'B', quantity: '1.', price: '58', tax_ids: [3], discount_type: 'amount', discount_rate: '' },
      ],
      [VAT, INCL],
      { discount_type: 'percent', discount_rate: '10' },
      2,
    );
    expect(input).toEqual({
      precision: 2,
      discount_type: 'percent',
      discount_rate: '10',
      lines: [
        { quantity: '2', price: '0', discount_type: null, discount_rate: null, taxes: [{ id: 1, name: 'VAT', rate: '16.0000', type: 'normal' }] },
        { quantity: '1.', price: '58', discount_type: 'amount', discount_rate: '0', taxes: [{ id: 3, name: 'VAT incl.', rate: '16.0000', type: 'inclusive' }] },
      ],
    });
  });

  it('computes live totals of what is on screen', () => {
    // A: 2 × 50.00 = 100.00, 10% off = 90.00, VAT 16% = 14.40 → 104.40
    // B: 1 × 116.00, 10% off = 104.40, VAT inside: net 90.00 + 14.40 → 104.40
    // 216.00 − 21.60 + 14.40 = 208.80
    const t = liveTotals(
      [
        { ...emptyLine(), name: 'A', quantity: '2', price: '50', tax_ids: [1] },
        { ...emptyLine(), name: 'B', quantity: '1', price: '116', tax_ids: [3] },
      ],
      [VAT, INCL],
      { discount_type: 'percent', discount_rate: '10' },
      2,
    );
    expect(t.sub_total).toBe('216.0000');
    expect(t.discount_total).toBe('21.6000');
    expect(t.tax_total).toBe('14.4000');
    expect(t.total).toBe('208.8000');
    expect(t.taxes.map((x) => [x.name, x.amount, x.included])).toEqual([
      ['VAT', '14.4000', false],
      ['VAT incl.', '14.4000', true],
    ]);
  });

  it("a line's amount is quantity × price less its own discount", () => {
    expect(lineAmount({ ...emptyLine(), quantity: '3', price: '10', discount_type: 'percent', discount_rate: '10', tax_ids: [1] }, 2)).toBe('27.0000');
    expect(lineAmount({ ...emptyLine(), quantity: '', price: '10' }, 2)).toBe('0.0000');
  });

  it('finds the errors of a line by field, the first of each', () => {
    const errors = {
      'items.0.name': 'The name field is required.',
      'items.1.price': 'The price field must be at least 0.',
      'items.1.tax_ids.0': 'The selected tax is invalid.',
      'items.10.quantity': 'The quantity field must be greater than 0.',
      items: 'A document needs at least one line.',
    };
    expect(lineErrors(errors, 0)).toEqual({ name: 'The name field is required.' });
    expect(lineErrors(errors, 1)).toEqual({ price: 'The price field must be at least 0.', tax_ids: 'The selected tax is invalid.' });
    expect(lineErrors(errors, 10)).toEqual({ quantity: 'The quantity field must be greater than 0.' });
    expect(lineErrors(undefined, 0)).toEqual({});
    // removing line 1 moves the lines after it: their errors go too
    expect(errorKeysFrom(errors, 1).sort()).toEqual(['items.1.price', 'items.1.tax_ids.0', 'items.10.quantity']);
  });

  it('converts prices to and from the minor units MoneyField holds, without floats', () => {
    expect(priceToMinor('120.5', 2)).toBe(12050);
    expect(priceToMinor('0.1', 2)).toBe(10);
    expect(priceToMinor('1000', 0)).toBe(1000);
    expect(priceToMinor('1.2345', 3)).toBe(1235);
    expect(priceToMinor('', 2)).toBeNull();
    expect(priceToMinor('999999999999999', 2)).toBeNull();
    expect(minorToPrice(12050, 2)).toBe('120.5');
    expect(minorToPrice(1000, 0)).toBe('1000');
    expect(minorToPrice(5, 3)).toBe('0.005');
    expect(minorToPrice(null, 2)).toBe('');
  });
});
