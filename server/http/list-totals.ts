/**
 * How a paged list knows its total without counting a million rows on every page
 * (docs/decisions/0020-lists-at-scale.md):
 *
 * - up to EXACT_TOTAL_LIMIT matching rows the total is exact and always fresh: the page's own
 *   statement counts them, capped, in the same round trip;
 * - above it the total is the planner's estimate (never less than the cap), marked
 *   `total_estimated` in the answer and shown as "about 1.2M"; it is remembered per tenant and
 *   condition for ESTIMATE_TTL_MS, so the next pages of that list count nothing at all;
 * - a page that is not full tells the exact total by itself (offset + rows), whatever is cached.
 */
export const EXACT_TOTAL_LIMIT = 10_000;
export const ESTIMATE_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  total: number;
  at: number;
}

/** The remembered estimates of large lists, per process: a small LRU with a time limit. */
export class EstimatedTotals {
  private entries = new Map<string, Entry>();

  constructor(
    private ttlMs = ESTIMATE_TTL_MS,
    private now: () => number = Date.now,
  ) {}

  get(key: string): number | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (this.now() - hit.at > this.ttlMs) {
      this.entries.delete(key);
      return null;
    }
    return hit.total;
  }

  set(key: string, total: number) {
    this.entries.delete(key);
    this.entries.set(key, { total, at: this.now() });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  /** the list turned out smaller than remembered (a bulk delete): count it again next time */
  forget(key: string) {
    this.entries.delete(key);
  }
}

/** An estimate shown to people: two significant figures, never below what is known to exist. */
export function roundEstimate(estimate: number, atLeast: number): number {
  const n = Math.max(Math.round(estimate), atLeast);
  if (n < 100) return n;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.max(Math.round(n / unit) * unit, atLeast);
}

/**
 * The total a list answers with, from what its page statement learned:
 * `counted` is the capped count when it ran (null when a remembered estimate stood in).
 */
export function settleTotal(o: {
  offset: number;
  perPage: number;
  rows: number;
  counted: number | null;
  remembered: number | null;
}): { total: number; estimated: boolean } | 'estimate' | 'count' {
  // a partly filled page ends the list: the total is exact whatever was remembered
  if (o.rows > 0 && o.rows < o.perPage) return { total: o.offset + o.rows, estimated: false };
  if (o.counted !== null) {
    if (o.counted <= EXACT_TOTAL_LIMIT) return { total: o.counted, estimated: false };
    return 'estimate';
  }
  if (o.remembered !== null) {
    // past the end of a list whose estimate was too high: count again
    if (o.rows === 0 && o.offset > 0) return 'count';
    return { total: Math.max(o.remembered, o.offset + o.rows), estimated: true };
  }
  return 'count';
}
