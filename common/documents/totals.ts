/**
 * The arithmetic of a sales or purchase document: line sub-totals, discounts, each tax,
 * totals — shared by the server (which stores the figures and posts them to the ledger)
 * and the Create/Edit pages (which show them live). Exact decimals (common/money.ts),
 * every amount rounded to the currency's precision. docs/decisions/0010 explains the rules.
 *
 * Per line, in this order:
 *   sub_total = quantity × price
 *   discount  = the line's own discount (percent of sub_total, or an amount, at most sub_total)
 *             + its share of the document discount (percent of what remains; an amount is
 *               shared in proportion to what remains, the rounding remainder on the largest line)
 *   taxable   = sub_total − discount
 *   inclusive taxes are inside `taxable`: net = taxable / (1 + Σ inclusive rates / 100),
 *             each inclusive tax = net × rate / 100 (remainder to keep net + taxes = taxable)
 *   without inclusive taxes net = taxable
 *   normal    = net × rate / 100
 *   fixed     = quantity × rate (the rate is an amount per unit)
 *   compound  = (net + normal + fixed + inclusive taxes) × rate / 100
 *   withholding = −(net × rate / 100): it lowers what the customer pays
 *   total     = taxable + every tax that is not inclusive
 *
 * The document: sub_total, discount_total, tax_total (the taxes added on top: normal, fixed,
 * compound, withholding; not the inclusive ones, already inside the sub-total) and
 * total = sub_total − discount_total + tax_total = Σ line totals. `taxes` lists each tax once
 * (summed over lines) in the order first met, inclusive ones flagged `included`.
 * For the ledger: Σ net + Σ every tax amount (inclusive included) = total.
 *
 * Decided where the rules above left a choice (docs/decisions/0010-document-totals.md):
 * - Inputs (quantity, price, discount rates, tax rates) are read at 4 decimals, the scale
 *   they are stored at. Every figure is rounded half away from zero (money.ts divRound) to
 *   the currency's `precision` and returned as a decimal string at the stored scale of 4, as
 *   PostgreSQL gives numeric(20,4) back: 100 at precision 2 is "100.0000", 1.235 is "1.2400".
 *   An empty or missing value (a rate, a quantity being typed) counts as 0.
 * - sub_total is quantity × price rounded; a percent discount is taken of the rounded
 *   sub_total; an amount discount is rounded to the precision, then capped.
 * - Document percent discount: each line's share is its own rounding of remaining × rate / 100.
 *   Document amount discount: capped at Σ remaining; each line but the largest (most remaining,
 *   the first of equals) gets round(amount × remaining / Σ remaining), the largest line gets
 *   what is left, so the shares add up exactly. Should that leave the largest line below 0 or
 *   above what remains on it (only with many equal lines and a few cents to share), the other
 *   lines are rounded cumulatively instead (share = round(amount × running Σ / Σ) − the
 *   previous), which always stays within each line.
 * - Inclusive taxes: net = taxable × 100 / (100 + Σ inclusive rates), rounded; each inclusive
 *   tax = net × rate / 100 rounded, except the one with the largest rate (the first of equals),
 *   which takes taxable − net − the others, so net + inclusive taxes = taxable exactly.
 * - Several compound taxes on a line are each computed on the same base (net + normal + fixed +
 *   inclusive); one compound tax is not compounded on another. Withholding is not in that base.
 * - A tax listed twice on the same line counts once. A line with no taxes has net = taxable.
 * - The aggregated `taxes` keep the name, type and rate (as given) of the first line that has
 *   the tax. A tax whose amount is 0 (a 0% tax, a zero-price line) is still listed.
 * - A precision outside 0–4 or a value that is not a decimal throws: callers validate first
 *   (the Create/Edit pages turn what is being typed into decimals, see web/features/documents/lines.ts).
 */
import { AMOUNT_SCALE, divRound, fromUnits, toUnits } from '../money.js';
import type { TAX_TYPES } from '../schemas/accounting.js';

export type TaxType = (typeof TAX_TYPES)[number];

export type DiscountType = 'percent' | 'amount';

export interface TaxSpec {
  id: number;
  name: string;
  /** decimal string: a percentage, or for `fixed` an amount per unit */
  rate: string;
  type: TaxType;
}

export interface LineInput {
  quantity: string;
  price: string;
  discount_type?: DiscountType | null;
  discount_rate?: string | null;
  taxes: readonly TaxSpec[];
}

export interface TotalsInput {
  lines: readonly LineInput[];
  discount_type?: DiscountType | null;
  discount_rate?: string | null;
  /** the currency's decimal places (0–4) */
  precision: number;
}

export interface TaxAmount {
  tax_id: number;
  name: string;
  type: TaxType;
  rate: string;
  /** negative for withholding */
  amount: string;
  /** an inclusive tax: already inside the sub-total, not added to the total */
  included: boolean;
}

export interface LineTotals {
  sub_total: string;
  discount: string;
  net: string;
  taxes: TaxAmount[];
  /** the taxes added on top of the line (not the inclusive ones) */
  tax_total: string;
  total: string;
}

export interface DocumentTotals {
  lines: LineTotals[];
  sub_total: string;
  discount_total: string;
  taxes: TaxAmount[];
  tax_total: string;
  total: string;
}

/** inputs are read at the stored scale: quantity, price and rates are numeric(…, 4) */
const INPUT_SCALE = 4;
/** 100 % at INPUT_SCALE */
const HUNDRED = 100n * 10n ** BigInt(INPUT_SCALE);

interface Ctx {
  precision: number;
  /** one unit of the currency's last decimal place, in INPUT_SCALE units */
  step: bigint;
}

const read = (value: string | null | undefined): bigint =>
  value === null || value === undefined || value.trim() === '' ? 0n : toUnits(value, INPUT_SCALE);

/** a product of two INPUT_SCALE values (scale 8) rounded to the currency's units */
const productToUnits = (a: bigint, b: bigint, ctx: Ctx): bigint =>
  divRound(a * b, 10n ** BigInt(2 * INPUT_SCALE - ctx.precision));

/** `amount` (currency units) × rate % (INPUT_SCALE), rounded to currency units */
const percentOf = (amount: bigint, rate: bigint): bigint => divRound(amount * rate, HUNDRED);

const out = (units: bigint, ctx: Ctx): string => fromUnits(units * 10n ** BigInt(AMOUNT_SCALE - ctx.precision), AMOUNT_SCALE);

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const clamp = (v: bigint, lo: bigint, hi: bigint) => (v < lo ? lo : v > hi ? hi : v);

/** a line's own discount, in currency units, within 0…subTotal */
function ownDiscount(subTotal: bigint, type: DiscountType | null | undefined, rate: string | null | undefined, ctx: Ctx): bigint {
  const r = read(rate);
  if (!type || r <= 0n || subTotal <= 0n) return 0n;
  const discount = type === 'percent' ? percentOf(subTotal, r) : divRound(r, ctx.step);
  return clamp(discount, 0n, subTotal);
}

/** the document discount shared over what remains on each line (currency units) */
function documentShares(remaining: bigint[], type: DiscountType | null | undefined, rate: string | null | undefined, ctx: Ctx): bigint[] {
  const r = read(rate);
  const zero = remaining.map(() => 0n);
  if (!type || r <= 0n) return zero;
  if (type === 'percent') return remaining.map((left) => (left > 0n ? clamp(percentOf(left, r), 0n, left) : 0n));

  const base = remaining.reduce((s, left) => s + (left > 0n ? left : 0n), 0n);
  if (base === 0n) return zero;
  const amount = min(divRound(r, ctx.step), base);
  let largest = 0;
  remaining.forEach((left, i) => {
    if (left > remaining[largest]) largest = i;
  });
  const share = (left: bigint) => (left > 0n ? divRound(amount * left, base) : 0n);
  const shares = remaining.map((left, i) => (i === largest ? 0n : share(left)));
  const rest = amount - shares.reduce((s, v) => s + v, 0n);
  if (rest >= 0n && rest <= remaining[largest]) {
    shares[largest] = rest;
    return shares;
  }
  // cumulative rounding over the other lines: each share stays within its line
  let running = 0n;
  let given = 0n;
  remaining.forEach((left, i) => {
    if (i === largest || left <= 0n) return;
    running += left;
    const upTo = divRound(amount * running, base);
    shares[i] = upTo - given;
    given = upTo;
  });
  shares[largest] = amount - given;
  return shares;
}

function lineTaxes(line: LineInput, taxable: bigint, quantity: bigint, ctx: Ctx): { net: bigint; taxes: { spec: TaxSpec; amount: bigint }[] } {
  const seen = new Set<number>();
  const specs = line.taxes.filter((t) => !seen.has(t.id) && !!seen.add(t.id));
  const rates = new Map(specs.map((t) => [t.id, read(t.rate)]));
  const amounts = new Map<number, bigint>();

  const inclusive = specs.filter((t) => t.type === 'inclusive');
  const inclusiveRate = inclusive.reduce((s, t) => s + rates.get(t.id)!, 0n);
  let net = taxable;
  if (inclusive.length && inclusiveRate !== 0n) {
    net = divRound(taxable * HUNDRED, HUNDRED + inclusiveRate);
    let biggest = inclusive[0];
    for (const t of inclusive) if (rates.get(t.id)! > rates.get(biggest.id)!) biggest = t;
    let others = 0n;
    for (const t of inclusive) {
      if (t === biggest) continue;
      const amount = percentOf(net, rates.get(t.id)!);
      amounts.set(t.id, amount);
      others += amount;
    }
    amounts.set(biggest.id, taxable - net - others);
  } else {
    for (const t of inclusive) amounts.set(t.id, 0n);
  }

  let compoundBase = taxable; // net + inclusive taxes
  for (const t of specs) {
    const r = rates.get(t.id)!;
    if (t.type === 'normal') amounts.set(t.id, percentOf(net, r));
    else if (t.type === 'fixed') amounts.set(t.id, productToUnits(quantity, r, ctx));
    else if (t.type === 'withholding') amounts.set(t.id, -percentOf(net, r));
    else continue;
    if (t.type !== 'withholding') compoundBase += amounts.get(t.id)!;
  }
  for (const t of specs) if (t.type === 'compound') amounts.set(t.id, percentOf(compoundBase, rates.get(t.id)!));

  return { net, taxes: specs.map((spec) => ({ spec, amount: amounts.get(spec.id)! })) };
}

/** The figures of a document and of each of its lines (see the rules above). */
export function documentTotals(input: TotalsInput): DocumentTotals {
  const { precision } = input;
  if (!Number.isInteger(precision) || precision < 0 || precision > AMOUNT_SCALE) {
    throw new RangeError(`A currency precision is 0 to ${AMOUNT_SCALE}, not ${precision}`);
  }
  const ctx: Ctx = { precision, step: 10n ** BigInt(INPUT_SCALE - precision) };

  const quantities = input.lines.map((l) => read(l.quantity));
  const subTotals = input.lines.map((l, i) => productToUnits(quantities[i], read(l.price), ctx));
  const own = input.lines.map((l, i) => ownDiscount(subTotals[i], l.discount_type, l.discount_rate, ctx));
  const shares = documentShares(
    subTotals.map((s, i) => s - own[i]),
    input.discount_type,
    input.discount_rate,
    ctx,
  );

  const totals = { sub: 0n, discount: 0n, tax: 0n, total: 0n };
  const byTax = new Map<number, { spec: TaxSpec; amount: bigint }>();
  const lines: LineTotals[] = input.lines.map((line, i) => {
    const discount = own[i] + shares[i];
    const taxable = subTotals[i] - discount;
    const { net, taxes } = lineTaxes(line, taxable, quantities[i], ctx);
    const added = taxes.reduce((s, t) => (t.spec.type === 'inclusive' ? s : s + t.amount), 0n);
    const total = taxable + added;
    totals.sub += subTotals[i];
    totals.discount += discount;
    totals.tax += added;
    totals.total += total;
    for (const t of taxes) {
      const seen = byTax.get(t.spec.id);
      if (seen) seen.amount += t.amount;
      else byTax.set(t.spec.id, { spec: t.spec, amount: t.amount });
    }
    return {
      sub_total: out(subTotals[i], ctx),
      discount: out(discount, ctx),
      net: out(net, ctx),
      taxes: taxes.map((t) => taxAmount(t.spec, t.amount, ctx)),
      tax_total: out(added, ctx),
      total: out(total, ctx),
    };
  });

  return {
    lines,
    sub_total: out(totals.sub, ctx),
    discount_total: out(totals.discount, ctx),
    taxes: [...byTax.values()].map((t) => taxAmount(t.spec, t.amount, ctx)),
    tax_total: out(totals.tax, ctx),
    total: out(totals.total, ctx),
  };
}

function taxAmount(spec: TaxSpec, amount: bigint, ctx: Ctx): TaxAmount {
  return {
    tax_id: spec.id,
    name: spec.name,
    type: spec.type,
    rate: spec.rate,
    amount: out(amount, ctx),
    included: spec.type === 'inclusive',
  };
}
