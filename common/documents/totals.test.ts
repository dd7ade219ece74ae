import { describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from '../money.js';
import { documentTotals, type DocumentTotals, type LineInput, type TaxSpec, type TotalsInput } from './totals.js';

const VAT_INCL: TaxSpec = { id: 1, name: 'VAT', rate: '16', type: 'inclusive' };
const VAT: TaxSpec = { id: 2, name: 'VAT', rate: '16', type: 'normal' };
const LEVY_INCL: TaxSpec = { id: 3, name: 'Levy', rate: '5', type: 'inclusive' };
const EXCISE: TaxSpec = { id: 4, name: 'Excise', rate: '1.00', type: 'fixed' };
const SERVICE: TaxSpec = { id: 5, name: 'Service', rate: '10', type: 'normal' };
const SURCHARGE: TaxSpec = { id: 6, name: 'Surcharge', rate: '5', type: 'compound' };
const WHT: TaxSpec = { id: 7, name: 'Withholding', rate: '2', type: 'withholding' };
const ZERO: TaxSpec = { id: 8, name: 'Zero rated', rate: '0', type: 'normal' };

const line = (quantity: string, price: string, more: Partial<LineInput> = {}): LineInput => ({ quantity, price, taxes: [], ...more });
const totals = (lines: LineInput[], more: Partial<TotalsInput> = {}) => documentTotals({ lines, precision: 2, ...more });

/** an amount as a user reads it: "100.0000" at precision 2 → "100.00" */
const read = (amount: string, precision = 2) => fromUnits(toUnits(amount, 4) / 10n ** BigInt(4 - precision), precision);

/** the document's figures as on the Totals panel */
function panel(t: DocumentTotals, precision = 2) {
  return {
    sub_total: read(t.sub_total, precision),
    discount_total: read(t.discount_total, precision),
    tax_total: read(t.tax_total, precision),
    total: read(t.total, precision),
    taxes: t.taxes.map((x) => `${x.name}${x.included ? ' (included)' : ''} ${read(x.amount, precision)}`),
  };
}
const lineView = (t: DocumentTotals, i: number, precision = 2) => {
  const l = t.lines[i];
  return {
    sub_total: read(l.sub_total, precision),
    discount: read(l.discount, precision),
    net: read(l.net, precision),
    tax_total: read(l.tax_total, precision),
    total: read(l.total, precision),
    taxes: l.taxes.map((x) => `${x.name} ${read(x.amount, precision)}`),
  };
};

describe('documentTotals: worked examples', () => {
  it('plain lines: quantity × price, added up; figures come back at the stored scale of 4', () => {
    // 2 × 50.00 = 100.00; 3 × 19.99 = 59.97; 100.00 + 59.97 = 159.97
    const t = totals([line('2', '50'), line('3', '19.99')]);
    expect(t.sub_total).toBe('159.9700');
    expect(t.total).toBe('159.9700');
    expect(t.discount_total).toBe('0.0000');
    expect(t.tax_total).toBe('0.0000');
    expect(t.taxes).toEqual([]);
    expect(t.lines[0]).toEqual({ sub_total: '100.0000', discount: '0.0000', net: '100.0000', taxes: [], tax_total: '0.0000', total: '100.0000' });
    expect(t.lines[1].total).toBe('59.9700');
  });

  it('quantity with decimals rounds the line half away from zero', () => {
    // 1.5 × 33.33 = 49.995 → 50.00; 2.25 × 10.10 = 22.725 → 22.73; 50.00 + 22.73 = 72.73
    const t = totals([line('1.5', '33.33'), line('2.25', '10.10')]);
    expect(lineView(t, 0).sub_total).toBe('50.00');
    expect(lineView(t, 1).sub_total).toBe('22.73');
    expect(panel(t).total).toBe('72.73');
  });

  it('a line percent discount is taken of the line sub-total', () => {
    // 4 × 25.00 = 100.00; 12.5% of 100.00 = 12.50; 100.00 − 12.50 = 87.50
    // 3 × 3.33 = 9.99; 10% of 9.99 = 0.999 → 1.00; 9.99 − 1.00 = 8.99
    const t = totals([
      line('4', '25', { discount_type: 'percent', discount_rate: '12.5' }),
      line('3', '3.33', { discount_type: 'percent', discount_rate: '10' }),
    ]);
    expect(lineView(t, 0)).toMatchObject({ sub_total: '100.00', discount: '12.50', total: '87.50' });
    expect(lineView(t, 1)).toMatchObject({ sub_total: '9.99', discount: '1.00', total: '8.99' });
    // 100.00 + 9.99 = 109.99; 12.50 + 1.00 = 13.50; 109.99 − 13.50 = 96.49
    expect(panel(t)).toMatchObject({ sub_total: '109.99', discount_total: '13.50', total: '96.49' });
  });

  it('a line amount discount is rounded to the currency and never more than the line', () => {
    // 1 × 30.00 with 50.00 off → 30.00 off, the line is 0.00
    // 2 × 10.00 = 20.00 with 5.555 off → 5.56 off → 14.44
    const t = totals([
      line('1', '30', { discount_type: 'amount', discount_rate: '50' }),
      line('2', '10', { discount_type: 'amount', discount_rate: '5.555' }),
    ]);
    expect(lineView(t, 0)).toMatchObject({ sub_total: '30.00', discount: '30.00', total: '0.00' });
    expect(lineView(t, 1)).toMatchObject({ sub_total: '20.00', discount: '5.56', total: '14.44' });
    expect(panel(t)).toMatchObject({ sub_total: '50.00', discount_total: '35.56', total: '14.44' });
  });

  it('a document percent discount is taken of what remains on each line', () => {
    // 10% of 100.00 = 10.00; 10% of 55.55 = 5.555 → 5.56; 155.55 − 15.56 = 139.99
    const t = totals([line('1', '100'), line('1', '55.55')], { discount_type: 'percent', discount_rate: '10' });
    expect(lineView(t, 0).discount).toBe('10.00');
    expect(lineView(t, 1).discount).toBe('5.56');
    expect(panel(t)).toMatchObject({ sub_total: '155.55', discount_total: '15.56', total: '139.99' });
  });

  it('a line discount comes first, the document discount applies to the rest', () => {
    // 100.00 − 10% = 90.00; then 10% of 90.00 = 9.00; discount 10.00 + 9.00 = 19.00; total 81.00
    const t = totals([line('1', '100', { discount_type: 'percent', discount_rate: '10' })], { discount_type: 'percent', discount_rate: '10' });
    expect(lineView(t, 0)).toMatchObject({ discount: '19.00', total: '81.00' });
  });

  it('a document amount discount is shared in proportion, the remainder on the largest line', () => {
    // 10.00 over 100.00, 50.00, 50.00 (Σ 200.00): 10 × 50/200 = 2.50 each, the largest gets 10.00 − 5.00 = 5.00
    const even = totals([line('1', '100'), line('1', '50'), line('1', '50')], { discount_type: 'amount', discount_rate: '10' });
    expect(even.lines.map((l) => read(l.discount))).toEqual(['5.00', '2.50', '2.50']);

    // 0.10 over 10.00, 20.00, 10.00 (Σ 40.00): 0.10 × 10/40 = 0.025 → 0.03 for each small line,
    // the largest (the middle one) gets 0.10 − 0.06 = 0.04; the shares add up to exactly 0.10
    const t = totals([line('1', '10'), line('1', '20'), line('1', '10')], { discount_type: 'amount', discount_rate: '0.10' });
    expect(t.lines.map((l) => read(l.discount))).toEqual(['0.03', '0.04', '0.03']);
    expect(panel(t)).toMatchObject({ sub_total: '40.00', discount_total: '0.10', total: '39.90' });

    // 10.00 over three lines of 10.00: 3.333 → 3.33 for the second and third, the first of equals is
    // the largest: 10.00 − 6.66 = 3.34
    const thirds = totals([line('1', '10'), line('1', '10'), line('1', '10')], { discount_type: 'amount', discount_rate: '10' });
    expect(thirds.lines.map((l) => read(l.discount))).toEqual(['3.34', '3.33', '3.33']);
    expect(panel(thirds).total).toBe('20.00');
  });

  it('a document amount discount is capped at what the lines come to', () => {
    // 500.00 off 10.00 + 30.00 → 40.00 off, each line to 0.00
    const t = totals([line('1', '10'), line('1', '30')], { discount_type: 'amount', discount_rate: '500' });
    expect(t.lines.map((l) => read(l.discount))).toEqual(['10.00', '30.00']);
    expect(panel(t)).toMatchObject({ discount_total: '40.00', total: '0.00' });
  });

  it('a few cents over many equal lines stay within each line (cumulative rounding)', () => {
    // 0.02 over four lines of 0.03 (Σ 0.12): each exact share is 0.005 → 0.01, three of them make 0.03,
    // more than 0.02, so the other lines are rounded cumulatively: 0.02 × 0.03/0.12 = 0.005 → 0.01,
    // 0.02 × 0.06/0.12 = 0.01 → 0.01 − 0.01 = 0.00, 0.02 × 0.09/0.12 = 0.015 → 0.02 − 0.01 = 0.01;
    // the largest (first) gets 0.02 − 0.02 = 0.00
    const t = totals([line('1', '0.03'), line('1', '0.03'), line('1', '0.03'), line('1', '0.03')], {
      discount_type: 'amount',
      discount_rate: '0.02',
    });
    expect(t.lines.map((l) => read(l.discount))).toEqual(['0.00', '0.01', '0.00', '0.01']);
    expect(panel(t)).toMatchObject({ discount_total: '0.02', total: '0.10' });
  });

  it('an inclusive tax is inside the price: 116.00 incl. 16% VAT is 100.00 + 16.00', () => {
    // net = 116.00 / 1.16 = 100.00; VAT = 116.00 − 100.00 = 16.00; the customer pays 116.00
    const t = totals([line('1', '116', { taxes: [VAT_INCL] })]);
    expect(lineView(t, 0)).toEqual({ sub_total: '116.00', discount: '0.00', net: '100.00', tax_total: '0.00', total: '116.00', taxes: ['VAT 16.00'] });
    expect(panel(t)).toEqual({ sub_total: '116.00', discount_total: '0.00', tax_total: '0.00', total: '116.00', taxes: ['VAT (included) 16.00'] });
    expect(t.taxes[0]).toEqual({ tax_id: 1, name: 'VAT', type: 'inclusive', rate: '16', amount: '16.0000', included: true });

    // 100.00 incl. 16%: net = 100 / 1.16 = 86.2069 → 86.21; VAT = 100.00 − 86.21 = 13.79
    const round = totals([line('1', '100', { taxes: [VAT_INCL] })]);
    expect(lineView(round, 0)).toMatchObject({ net: '86.21', taxes: ['VAT 13.79'], total: '100.00' });
  });

  it('an inclusive tax applies after the discounts', () => {
    // 2 × 58.00 = 116.00 less 10.00 = 106.00; net = 106.00 / 1.16 = 91.3793 → 91.38; VAT = 106.00 − 91.38 = 14.62
    const t = totals([line('2', '58', { discount_type: 'amount', discount_rate: '10', taxes: [VAT_INCL] })]);
    expect(lineView(t, 0)).toMatchObject({ sub_total: '116.00', discount: '10.00', net: '91.38', taxes: ['VAT 14.62'], total: '106.00' });
  });

  it('two inclusive taxes: net over 1 + both rates, the larger rate takes the rounding remainder', () => {
    // 121.00 incl. 16% and 5%: net = 121 / 1.21 = 100.00; Levy 5% = 5.00; VAT = 121 − 100 − 5 = 16.00
    const t = totals([line('1', '121', { taxes: [LEVY_INCL, VAT_INCL] })]);
    expect(lineView(t, 0)).toMatchObject({ net: '100.00', taxes: ['Levy 5.00', 'VAT 16.00'], total: '121.00' });

    // 100.00 incl. 16% and 5%: net = 100 / 1.21 = 82.6446 → 82.64; Levy = 82.64 × 5% = 4.132 → 4.13;
    // VAT = 100.00 − 82.64 − 4.13 = 13.23 (82.64 × 16% would be 13.22: the cent kept on VAT keeps the sum exact)
    const r = totals([line('1', '100', { taxes: [VAT_INCL, LEVY_INCL] })]);
    expect(lineView(r, 0)).toMatchObject({ net: '82.64', taxes: ['VAT 13.23', 'Levy 4.13'], total: '100.00', tax_total: '0.00' });
    expect(panel(r).taxes).toEqual(['VAT (included) 13.23', 'Levy (included) 4.13']);
  });

  it('a compound tax is on top of the net and the other taxes', () => {
    // 100.00: VAT 16% = 16.00; Surcharge 5% of (100.00 + 16.00) = 5.80; total 121.80
    const t = totals([line('1', '100', { taxes: [SURCHARGE, VAT] })]);
    expect(lineView(t, 0)).toMatchObject({ taxes: ['Surcharge 5.80', 'VAT 16.00'], tax_total: '21.80', total: '121.80' });

    // with an inclusive tax and a fixed one: 116.00 incl. VAT → net 100.00 + VAT 16.00; Excise 1.00 per unit × 1 = 1.00;
    // Surcharge 5% of (100.00 + 16.00 + 1.00) = 5.85; total 116.00 + 1.00 + 5.85 = 122.85
    const mixed = totals([line('1', '116', { taxes: [VAT_INCL, EXCISE, SURCHARGE] })]);
    expect(lineView(mixed, 0)).toMatchObject({ taxes: ['VAT 16.00', 'Excise 1.00', 'Surcharge 5.85'], tax_total: '6.85', total: '122.85' });
  });

  it('two compound taxes are each on the same base, not on each other', () => {
    // 200.00 + VAT 16% = 32.00; 5% of 232.00 = 11.60 and 10% of 232.00 = 23.20; total 200 + 32 + 11.60 + 23.20 = 266.80
    const other: TaxSpec = { id: 9, name: 'Tourism', rate: '10', type: 'compound' };
    const t = totals([line('1', '200', { taxes: [VAT, SURCHARGE, other] })]);
    expect(lineView(t, 0)).toMatchObject({ taxes: ['VAT 32.00', 'Surcharge 11.60', 'Tourism 23.20'], total: '266.80' });
  });

  it('a fixed tax is an amount per unit', () => {
    // 3 × 10.00 = 30.00; Excise 1.00 × 3 = 3.00; total 33.00
    const t = totals([line('3', '10', { taxes: [EXCISE] })]);
    expect(lineView(t, 0)).toMatchObject({ taxes: ['Excise 3.00'], tax_total: '3.00', total: '33.00' });
    // 2.5 × 4.00 = 10.00; 0.333 per unit × 2.5 = 0.8325 → 0.83; total 10.83
    const perUnit: TaxSpec = { id: 10, name: 'Deposit', rate: '0.333', type: 'fixed' };
    const r = totals([line('2.5', '4', { taxes: [perUnit] })]);
    expect(lineView(r, 0)).toMatchObject({ taxes: ['Deposit 0.83'], total: '10.83' });
  });

  it('withholding lowers the total', () => {
    // 1000.00: VAT 16% = 160.00; Withholding 2% of 1000.00 = −20.00; tax 140.00; total 1140.00
    const t = totals([line('1', '1000', { taxes: [VAT, WHT] })]);
    expect(lineView(t, 0)).toMatchObject({ taxes: ['VAT 160.00', 'Withholding -20.00'], tax_total: '140.00', total: '1140.00' });
    expect(panel(t)).toMatchObject({ tax_total: '140.00', total: '1140.00', taxes: ['VAT 160.00', 'Withholding -20.00'] });
    // withholding is on the net, not on the taxes, and not in a compound base:
    // 100.00 + VAT 16.00 + Surcharge 5% of 116.00 = 5.80 − Withholding 2% of 100.00 = 2.00 → 119.80
    const c = totals([line('1', '100', { taxes: [WHT, VAT, SURCHARGE] })]);
    expect(lineView(c, 0)).toMatchObject({ taxes: ['Withholding -2.00', 'VAT 16.00', 'Surcharge 5.80'], total: '119.80' });
  });

  it('a mix of lines, discounts and every kind of tax', () => {
    // Document discount 5%.
    // A: 2 × 58.00 = 116.00; 5% = 5.80; taxable 110.20; VAT incl: net 110.20 / 1.16 = 95.00, VAT 15.20;
    //    Excise 1.00 × 2 = 2.00; total 110.20 + 2.00 = 112.20
    // B: 1 × 250.00; own 10% = 25.00 → 225.00; 5% = 11.25; discount 36.25; taxable 213.75;
    //    Service 10% = 21.375 → 21.38; Surcharge 5% of (213.75 + 21.38 = 235.13) = 11.7565 → 11.76;
    //    Withholding 2% of 213.75 = 4.275 → −4.28; tax 28.86; total 213.75 + 28.86 = 242.61
    // C: 3 × 0.00 free line with VAT incl: all 0.00
    // Document: 366.00 − 42.05 + 30.86 = 354.81 = 112.20 + 242.61
    const t = totals(
      [
        line('2', '58', { taxes: [VAT_INCL, EXCISE] }),
        line('1', '250', { discount_type: 'percent', discount_rate: '10', taxes: [SERVICE, SURCHARGE, WHT] }),
        line('3', '0', { taxes: [VAT_INCL] }),
      ],
      { discount_type: 'percent', discount_rate: '5' },
    );
    expect(lineView(t, 0)).toEqual({ sub_total: '116.00', discount: '5.80', net: '95.00', tax_total: '2.00', total: '112.20', taxes: ['VAT 15.20', 'Excise 2.00'] });
    expect(lineView(t, 1)).toEqual({
      sub_total: '250.00',
      discount: '36.25',
      net: '213.75',
      tax_total: '28.86',
      total: '242.61',
      taxes: ['Service 21.38', 'Surcharge 11.76', 'Withholding -4.28'],
    });
    expect(lineView(t, 2)).toEqual({ sub_total: '0.00', discount: '0.00', net: '0.00', tax_total: '0.00', total: '0.00', taxes: ['VAT 0.00'] });
    expect(panel(t)).toEqual({
      sub_total: '366.00',
      discount_total: '42.05',
      tax_total: '30.86',
      total: '354.81',
      taxes: ['VAT (included) 15.20', 'Excise 2.00', 'Service 21.38', 'Surcharge 11.76', 'Withholding -4.28'],
    });
    // for the ledger: 95.00 + 213.75 + 0.00 + 15.20 + 2.00 + 21.38 + 11.76 − 4.28 = 354.81
  });

  it('each tax is listed once, summed over the lines, in the order first met', () => {
    // 100.00 + Service 10.00; 50.00 + VAT 8.00 + Service 5.00; 20.00 + VAT 3.20 → Service 15.00, VAT 11.20
    const t = totals([line('1', '100', { taxes: [SERVICE] }), line('1', '50', { taxes: [VAT, SERVICE] }), line('1', '20', { taxes: [VAT] })]);
    expect(panel(t).taxes).toEqual(['Service 15.00', 'VAT 11.20']);
    expect(panel(t)).toMatchObject({ sub_total: '170.00', tax_total: '26.20', total: '196.20' });
  });

  it('a tax given twice on a line counts once', () => {
    const t = totals([line('1', '100', { taxes: [VAT, VAT] })]);
    expect(lineView(t, 0)).toMatchObject({ taxes: ['VAT 16.00'], total: '116.00' });
  });

  it('precision 0 (KES/JPY-like): every figure in whole units', () => {
    // 3 × 333 = 999; VAT 16% = 159.84 → 160; total 1159
    // 1 × 1000 incl. 16%: net 862.07 → 862; VAT 138
    const t = documentTotals({ precision: 0, lines: [line('3', '333', { taxes: [VAT] }), line('1', '1000', { taxes: [VAT_INCL] })] });
    expect(t.lines[0].taxes[0].amount).toBe('160.0000');
    expect(lineView(t, 0, 0)).toMatchObject({ total: '1159' });
    expect(lineView(t, 1, 0)).toMatchObject({ net: '862', taxes: ['VAT 138'], total: '1000' });
    expect(panel(t, 0)).toEqual({ sub_total: '1999', discount_total: '0', tax_total: '160', total: '2159', taxes: ['VAT 160', 'VAT (included) 138'] });

    // 100 off three lines of 1000: 33.3 → 33 for the second and third, the first gets 100 − 66 = 34
    const d = documentTotals({ precision: 0, lines: [line('1', '1000'), line('1', '1000'), line('1', '1000')], discount_type: 'amount', discount_rate: '100' });
    expect(d.lines.map((l) => read(l.discount, 0))).toEqual(['34', '33', '33']);
    // a price with decimals in a whole-unit currency: 1 × 99.50 → 100
    expect(read(documentTotals({ precision: 0, lines: [line('1', '99.5')] }).total, 0)).toBe('100');
  });

  it('precision 3 (KWD-like): figures to the fils', () => {
    // 1 × 10.125 + 5% (Surcharge is compound, here on the net alone) = 0.50625 → 0.506; total 10.631
    // 2.5 × 1.333 = 3.3325 → 3.333
    const t = documentTotals({ precision: 3, lines: [line('1', '10.125', { taxes: [SURCHARGE] }), line('2.5', '1.333')] });
    expect(lineView(t, 0, 3)).toMatchObject({ taxes: ['Surcharge 0.506'], total: '10.631' });
    expect(lineView(t, 1, 3).total).toBe('3.333');
    expect(t.total).toBe('13.9640');
  });

  it('a tax of 0% is listed with 0.00 and changes nothing', () => {
    const t = totals([line('1', '50', { taxes: [ZERO] }), line('1', '20', { taxes: [{ ...VAT_INCL, rate: '0' }] })]);
    expect(lineView(t, 1)).toMatchObject({ net: '20.00', taxes: ['VAT 0.00'] });
    expect(panel(t)).toEqual({ sub_total: '70.00', discount_total: '0.00', tax_total: '0.00', total: '70.00', taxes: ['Zero rated 0.00', 'VAT (included) 0.00'] });
  });

  it('zero-price lines come to 0, except a fixed tax which is per unit', () => {
    // 5 × 0.00 with VAT 16% = 0.00 and Excise 1.00 × 5 = 5.00
    const t = totals([line('5', '0', { taxes: [VAT, EXCISE] })], { discount_type: 'amount', discount_rate: '10' });
    expect(lineView(t, 0)).toEqual({ sub_total: '0.00', discount: '0.00', net: '0.00', tax_total: '5.00', total: '5.00', taxes: ['VAT 0.00', 'Excise 5.00'] });
  });

  it('an empty document, and empty rates while typing, count as 0', () => {
    expect(panel(totals([]))).toEqual({ sub_total: '0.00', discount_total: '0.00', tax_total: '0.00', total: '0.00', taxes: [] });
    const t = totals([line('', '10', { discount_type: 'percent', discount_rate: '' })], { discount_type: 'amount', discount_rate: null });
    expect(panel(t).total).toBe('0.00');
  });

  it('refuses a precision a currency cannot have and text that is not a decimal', () => {
    expect(() => documentTotals({ precision: 5, lines: [] })).toThrow(RangeError);
    expect(() => documentTotals({ precision: 1.5, lines: [] })).toThrow(RangeError);
    expect(() => totals([line('abc', '1')])).toThrow();
  });
});

// ---------------------------------------------------------------------------------------------
// Property test: many random documents, a seeded generator, integers only (no floats anywhere).

/** xorshift32: the same documents on every run */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  /** an integer in [0, n) */
  const int = (n: number) => next() % n;
  /** a decimal string with up to `places` decimals, whole part below `max` */
  const dec = (max: number, places: number) => {
    const whole = int(max);
    const p = int(places + 1);
    if (!p) return String(whole);
    return `${whole}.${String(int(10 ** p)).padStart(p, '0')}`;
  };
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  return { int, dec, pick };
}

const TYPES = ['normal', 'inclusive', 'compound', 'fixed', 'withholding'] as const;
const units = (amount: string) => toUnits(amount, 4);
const sum = (xs: string[]) => xs.reduce((s, x) => s + units(x), 0n);

describe('documentTotals: properties over random documents', () => {
  it('adds up exactly for 2000 seeded random documents', () => {
    const g = generator(20261123);
    for (let n = 0; n < 2000; n++) {
      const precision = g.int(5);
      const taxes: TaxSpec[] = Array.from({ length: 1 + g.int(6) }, (_, i) => {
        const type = g.pick(TYPES);
        return { id: i + 1, name: `Tax ${i + 1}`, type, rate: type === 'fixed' ? g.dec(20, 4) : g.pick(['0', '16', '5', '2.5', '7.125', g.dec(40, 4)]) };
      });
      const discountType = () => g.pick([null, 'percent', 'amount'] as const);
      const lines: LineInput[] = Array.from({ length: 1 + g.int(8) }, () => {
        const type = discountType();
        return {
          quantity: g.pick(['1', '2', '0.5', g.dec(1000, 4)]),
          price: g.pick(['0', '0.01', '116', g.dec(100000, 4)]),
          discount_type: type,
          discount_rate: type === 'percent' ? g.dec(101, 2).replace(/^100\..*/, '100') : type ? g.dec(500, 4) : null,
          taxes: Array.from({ length: g.int(4) }, () => g.pick(taxes)),
        };
      });
      const docType = discountType();
      const input: TotalsInput = {
        precision,
        lines,
        discount_type: docType,
        discount_rate: docType === 'percent' ? g.dec(100, 2) : docType ? g.pick(['0.01', '0.05', g.dec(5000, 4)]) : null,
      };
      const t = documentTotals(input);
      const where = `document #${n}: ${JSON.stringify(input)}`;
      const step = 10n ** BigInt(4 - precision);

      // the document's identities
      expect(units(t.total), where).toBe(units(t.sub_total) - units(t.discount_total) + units(t.tax_total));
      expect(units(t.total), where).toBe(sum(t.lines.map((l) => l.total)));
      expect(units(t.sub_total), where).toBe(sum(t.lines.map((l) => l.sub_total)));
      expect(units(t.discount_total), where).toBe(sum(t.lines.map((l) => l.discount)));
      expect(units(t.tax_total), where).toBe(sum(t.lines.map((l) => l.tax_total)));
      // for the ledger: Σ net + Σ every tax amount = total
      expect(sum(t.lines.map((l) => l.net)) + sum(t.taxes.map((x) => x.amount)), where).toBe(units(t.total));
      // the aggregated taxes: each once, in first-met order, the sum of the lines' amounts
      const firstMet = [...new Set(t.lines.flatMap((l) => l.taxes.map((x) => x.tax_id)))];
      expect(t.taxes.map((x) => x.tax_id), where).toEqual(firstMet);
      for (const x of t.taxes) {
        expect(units(x.amount), where).toBe(sum(t.lines.flatMap((l) => l.taxes.filter((y) => y.tax_id === x.tax_id).map((y) => y.amount))));
        expect(x.included, where).toBe(x.type === 'inclusive');
      }

      // what remained on each line after its own discount: the same lines without the document discount
      const own = documentTotals({ precision, lines: input.lines.map((l) => ({ ...l, taxes: [] })) }).lines;
      const remaining = own.map((l) => units(l.sub_total) - units(l.discount));
      t.lines.forEach((l) => {
        const taxable = units(l.sub_total) - units(l.discount);
        // every figure is in whole units of the currency
        for (const a of [l.sub_total, l.discount, l.net, l.tax_total, l.total, ...l.taxes.map((x) => x.amount)]) expect(units(a) % step, where).toBe(0n);
        // a discount never takes a line below 0
        expect(units(l.discount) >= 0n && units(l.discount) <= units(l.sub_total), where).toBe(true);
        // inclusive taxes are inside the taxable amount, the others on top
        const inclusive = l.taxes.filter((x) => x.included);
        expect(units(l.net) + sum(inclusive.map((x) => x.amount)), where).toBe(taxable);
        expect(units(l.tax_total), where).toBe(sum(l.taxes.filter((x) => !x.included).map((x) => x.amount)));
        expect(units(l.total), where).toBe(taxable + units(l.tax_total));
        for (const x of l.taxes) {
          if (x.type === 'withholding') expect(units(x.amount) <= 0n, where).toBe(true);
          else expect(units(x.amount) >= 0n, where).toBe(true);
        }
        expect(new Set(l.taxes.map((x) => x.tax_id)).size, where).toBe(l.taxes.length);
      });
      // a document amount discount: shares add up to exactly the amount (capped at what remains)
      if (input.discount_type === 'amount') {
        const base = remaining.reduce((s, r) => s + r, 0n);
        const asked = ((units(input.discount_rate!) + step / 2n) / step) * step; // rounded half up (a positive amount)
        const shares = t.lines.map((l, i) => units(l.discount) - (units(l.sub_total) - remaining[i]));
        expect(shares.reduce((s, x) => s + x, 0n), where).toBe(asked < base ? asked : base);
        shares.forEach((s, i) => expect(s >= 0n && s <= remaining[i], where).toBe(true));
      }
    }
  });
});
