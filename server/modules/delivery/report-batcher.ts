import type { Database, Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { SendChannel } from './schema.js';
import type { DeliveryReportInput } from './types.js';

interface Pending {
  reports: DeliveryReportInput[];
  waiters: { resolve: (found: boolean) => void; reject: (err: unknown) => void }[];
}

/** reports gathered at most this long, or this many, before one statement applies them */
const WINDOW_MS = 5;
const MAX_BATCH = 500;

/**
 * Delivery reports arrive one per HTTP request, thousands a second after a big send. Each
 * request's report joins the company's open batch; the batch is applied in one transaction and
 * one statement (engine.applyReports) a few milliseconds later, and every request answers once
 * its report is committed: the provider never hears "received" for a report that was not stored.
 */
export class ReportBatcher {
  private open = new Map<string, Pending>();

  constructor(
    private database: Database,
    /** applies a batch in the company's transaction, answering which (1-based) found a recipient */
    private apply: (tx: Tx, tenantId: number, channel: SendChannel, reports: DeliveryReportInput[]) => Promise<Set<number>>,
  ) {}

  /** answers whether the report found its recipient */
  add(tenantId: number, channel: SendChannel, report: DeliveryReportInput): Promise<boolean> {
    const key = `${tenantId}:${channel}`;
    let p = this.open.get(key);
    if (!p) {
      p = { reports: [], waiters: [] };
      this.open.set(key, p);
      setTimeout(() => void this.flush(key, tenantId, channel), WINDOW_MS);
    }
    const pending = p;
    const answer = new Promise<boolean>((resolve, reject) => pending.waiters.push({ resolve, reject }));
    pending.reports.push(report);
    if (pending.reports.length >= MAX_BATCH) void this.flush(key, tenantId, channel);
    return answer;
  }

  private async flush(key: string, tenantId: number, channel: SendChannel) {
    const p = this.open.get(key);
    if (!p) return;
    this.open.delete(key);
    try {
      const found = await withTenant(this.database, tenantId, (tx) => this.apply(tx, tenantId, channel, p.reports));
      p.waiters.forEach((w, i) => w.resolve(found.has(i + 1)));
    } catch (err) {
      for (const w of p.waiters) w.reject(err);
    }
  }
}
