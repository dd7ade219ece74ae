import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { scheduleInWords } from '../../../common/documents/recurring-words.js';
import { documentRecurringSchema, RECURRING_FREQUENCIES } from '../../../common/schemas/documents.js';
import type { Database, Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { fieldError, notFound } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import type { JobQueue } from '../../jobs/queue.js';
import { today as requestToday } from './resources.js';
import { documentRecurrings } from './schema.js';
import { createDocument } from './saving.js';
import { findDocument, loadDocument } from './reading.js';
import { recordHistory } from './timeline.js';
import type { DocumentRecord } from './fields.js';

/**
 * Recurring invoices (docs/decisions/0014-recurring-invoices-and-document-imports.md):
 *   GET    /accounting/documents/recurring/{id}   the invoice's recurrence, or null
 *   POST   /accounting/documents/recurring/{id}   sets it (documentRecurringSchema)
 *   DELETE /accounting/documents/recurring/{id}   stops it
 * and the hourly job that makes the invoices due (generateRecurring).
 *
 * The schedule: occurrence k (k = 0, 1, 2…) is starts_at + k × interval periods, always
 * counted from starts_at, so a monthly invoice from Jan 31 falls on Feb 28 (29 in a leap
 * year), Mar 31, Apr 30… — the last day of a shorter month, never drifting to the 28th. A
 * yearly one from Feb 29 falls on Feb 28 in other years. On each due occurrence the template
 * is copied into a new invoice: new number, issued that day, due per the payment terms, the
 * lines and taxes as the template has them now, marked sent (posted to the ledger, as
 * Akaunting does) but not mailed. Occurrences missed while nothing ran are not back-filled:
 * one invoice is made and next_at moves to the first occurrence after today. It stops after
 * `count` invoices or when the next occurrence is after ends_at (next_at becomes null).
 */

export type Frequency = (typeof RECURRING_FREQUENCIES)[number];
export interface Recurrence {
  frequency: Frequency;
  interval: number;
  starts_at: string;
  ends_at: string | null;
  count: number | null;
}

const DAY = 86_400_000;
const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const daysIn = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/** Occurrence k of a schedule (k = 0 is starts_at), a month's day clamped to its last day. */
export function occurrence(r: Pick<Recurrence, 'frequency' | 'interval' | 'starts_at'>, k: number): string {
  const start = toDate(r.starts_at);
  const step = k * r.interval;
  if (r.frequency === 'daily' || r.frequency === 'weekly') {
    return iso(new Date(start.getTime() + step * (r.frequency === 'weekly' ? 7 : 1) * DAY));
  }
  const months = r.frequency === 'monthly' ? step : step * 12;
  const total = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  return iso(new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), daysIn(year, month)))));
}

/** The first occurrence on or after `day` (`after: true`: strictly after). */
export function firstOccurrence(r: Pick<Recurrence, 'frequency' | 'interval' | 'starts_at'>, day: string, after = false): string {
  const hits = (d: string) => (after ? d > day : d >= day);
  if (hits(r.starts_at)) return r.starts_at;
  // an estimate of k from the distance, then exact steps
  const days = (toDate(day).getTime() - toDate(r.starts_at).getTime()) / DAY;
  const periodDays = { daily: 1, weekly: 7, monthly: 28, yearly: 365 }[r.frequency] * r.interval;
  let k = Math.max(0, Math.floor(days / periodDays) - 2);
  while (k > 0 && hits(occurrence(r, k))) k--;
  while (!hits(occurrence(r, k))) k++;
  return occurrence(r, k);
}

/** Where a schedule goes next after `day`, or null when `count` invoices were made or ends_at has passed. */
function nextAfter(r: Recurrence, generated: number, day: string, inclusive: boolean): string | null {
  if (r.count != null && generated >= r.count) return null;
  const next = firstOccurrence(r, day, !inclusive);
  if (r.ends_at && next > r.ends_at) return null;
  return next;
}

type RecurringRow = typeof documentRecurrings.$inferSelect;
const answer = (r: RecurringRow) => ({
  frequency: r.frequency,
  interval: r.interval,
  starts_at: r.startsAt,
  ends_at: r.endsAt,
  count: r.count,
  generated: r.generated,
  next_at: r.nextAt,
});

async function findRecurrence(tx: Tx, tenantId: number, documentId: number, lock = false) {
  const q = tx
    .select()
    .from(documentRecurrings)
    .where(and(eq(documentRecurrings.tenantId, tenantId), eq(documentRecurrings.documentId, documentId)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The invoice a recurrence may be set on: an invoice of this tenant that is not cancelled. */
function assertTemplate(doc: DocumentRecord) {
  if (doc.type !== 'invoice') throw fieldError('id', 'Only an invoice can recur.');
  if (doc.status === 'cancelled') throw fieldError('id', 'A cancelled invoice cannot recur.');
}

/**
 * Sets (or replaces) an invoice's recurrence. Invoices already made keep counting towards
 * `count`; the next one is the first occurrence on or after today (nothing is back-filled).
 */
export async function setRecurrence(tx: Tx, tenantId: number, doc: DocumentRecord, input: Recurrence, today: string) {
  assertTemplate(doc);
  const current = await findRecurrence(tx, tenantId, doc.id, true);
  const generated = current?.generated ?? 0;
  const nextAt = nextAfter(input, generated, today, true);
  const values = {
    frequency: input.frequency,
    interval: input.interval,
    startsAt: input.starts_at,
    endsAt: input.ends_at ?? null,
    count: input.count ?? null,
    nextAt,
  };
  const [row] = current
    ? await tx.update(documentRecurrings).set(values).where(eq(documentRecurrings.id, current.id)).returning()
    : await tx.insert(documentRecurrings).values({ tenantId, documentId: doc.id, generated: 0, ...values }).returning();
  return answer(row);
}

// ------------------------------------------------------------------ the job

export interface RecurringRun {
  /** invoices made */
  generated: number;
  /** templates that could not be copied (a disabled tax, a deleted item…): retried on the next run */
  failed: number;
}

/**
 * Makes the invoices due on `today` (YYYY-MM-DD; by default each company's own today in its
 * time zone) for every company. Safe to run any number of times a day: a template whose
 * next_at is after today is left alone, and each copy moves next_at past today in the same
 * transaction that makes it (the recurrence row locked, so two runs at once make one).
 */
export async function generateRecurring(database: Database, today?: string, log?: FastifyBaseLogger): Promise<RecurringRun> {
  const run: RecurringRun = { generated: 0, failed: 0 };
  // owner connection: it reads across tenants; each copy is then made inside its tenant (RLS)
  const due = await database.query<{ tenant_id: number; document_id: number; today: string }>(
    `select r.tenant_id, r.document_id,
            to_char((now() at time zone coalesce(nullif(t.timezone, ''), 'UTC'))::date, 'YYYY-MM-DD') as today
       from document_recurrings r
       join tenants t on t.id = r.tenant_id
      where r.next_at is not null
        and r.next_at <= coalesce($1::date, (now() at time zone coalesce(nullif(t.timezone, ''), 'UTC'))::date)
      order by r.tenant_id, r.id`,
    [today ?? null],
  );
  for (const d of due) {
    const tenantId = Number(d.tenant_id);
    const day = today ?? d.today;
    try {
      const made = await withTenant(database, tenantId, (tx) => copyTemplate(tx, tenantId, Number(d.document_id), day));
      if (made) run.generated++;
    } catch (err) {
      run.failed++;
      log?.error({ err, tenantId, documentId: d.document_id }, 'recurring invoice not made');
    }
  }
  return run;
}

/** One due template into a new sent invoice; answers its id, or null when it was not due after all. */
async function copyTemplate(tx: Tx, tenantId: number, templateId: number, today: string): Promise<number | null> {
  const rec = await findRecurrence(tx, tenantId, templateId, true);
  if (!rec || !rec.nextAt || rec.nextAt > today) return null;
  const schedule: Recurrence = { frequency: rec.frequency, interval: rec.interval, starts_at: rec.startsAt, ends_at: rec.endsAt, count: rec.count };
  const template = await loadDocument(tx, tenantId, templateId, today);
  if (template.type !== 'invoice' || template.status === 'cancelled') {
    await tx.update(documentRecurrings).set({ nextAt: null }).where(eq(documentRecurrings.id, rec.id));
    return null;
  }
  const id = await createDocument(
    tx,
    tenantId,
    {
      type: 'invoice',
      contact_id: template.contact_id,
      order_number: template.order_number as string | null,
      issued_at: today,
      currency_code: template.currency_code,
      category_id: template.category_id,
      discount_type: template.discount_type as 'percent' | 'amount' | null,
      discount_rate: template.discount_rate as string | null,
      title: template.title as string | null,
      notes: template.notes as string | null,
      footer: template.footer as string | null,
      items: template.items.map((l) => ({
        item_id: l.item_id,
        name: l.name,
        description: l.description,
        quantity: l.quantity,
        price: l.price,
        discount_type: l.discount_type,
        discount_rate: l.discount_rate,
        tax_ids: l.taxes.map((t) => t.tax_id),
      })),
    },
    { parentId: templateId, status: 'sent', description: `Created from recurring invoice ${template.document_number}.` },
  );
  const generated = rec.generated + 1;
  await tx
    .update(documentRecurrings)
    .set({ generated, nextAt: nextAfter(schedule, generated, today, false) })
    .where(eq(documentRecurrings.id, rec.id));
  return id;
}

export const RECURRING_JOB = 'documents.recurring';

/** The next top of the hour: each company's day starts at its own midnight. */
const nextHour = (now = new Date()) => new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);

// ------------------------------------------------------------------ routes

const idParams = z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/) });
const idOf = (req: FastifyRequest) => {
  const p = idParams.safeParse(req.params);
  if (!p.success) throw notFound('Document');
  return Number(p.data.id);
};

/** The invoice of the route (404 for another tenant's id, or a document that is not an invoice's to this user). */
async function invoiceFor(tx: Tx, req: FastifyRequest) {
  const doc = await findDocument(tx, req.tenant!.id, idOf(req));
  if (doc.type !== 'invoice') throw fieldError('id', 'Only an invoice can recur.');
  return doc;
}

export async function recurringRoutes(app: FastifyInstance) {
  app.get('/accounting/documents/recurring/:id', { config: { access: 'invoices.view' } }, async (req) => {
    const data = await req.tenantTx(async (tx) => {
      const doc = await invoiceFor(tx, req);
      const row = await findRecurrence(tx, req.tenant!.id, doc.id);
      return row ? answer(row) : null;
    });
    return { data };
  });

  app.post('/accounting/documents/recurring/:id', { config: { access: 'invoices.update' } }, async (req) => {
    const input = validate(documentRecurringSchema, req.body);
    const data = await req.tenantTx(async (tx) => {
      const doc = await invoiceFor(tx, req);
      const schedule = { ...input, ends_at: input.ends_at ?? null, count: input.count ?? null };
      const saved = await setRecurrence(tx, req.tenant!.id, doc, schedule, requestToday(req));
      await recordHistory(tx, req.tenant!.id, doc.id, { type: 'recurring', description: `Set to recur: ${scheduleInWords(schedule)}.`, userId: req.user?.id ?? null });
      return saved;
    });
    return { message: data.next_at ? 'Recurring invoice saved successfully.' : 'Recurring invoice saved: no invoice is left to make.', data };
  });

  app.delete('/accounting/documents/recurring/:id', { config: { access: 'invoices.update' } }, async (req) => {
    await req.tenantTx(async (tx) => {
      const doc = await invoiceFor(tx, req);
      const deleted = await tx
        .delete(documentRecurrings)
        .where(and(eq(documentRecurrings.tenantId, req.tenant!.id), eq(documentRecurrings.documentId, doc.id)))
        .returning({ id: documentRecurrings.id });
      if (!deleted.length) throw notFound('Recurring invoice');
      await recordHistory(tx, req.tenant!.id, doc.id, { type: 'recurring', description: 'Recurrence stopped.', userId: req.user?.id ?? null });
    });
    return { message: 'Recurring invoice stopped successfully.' };
  });

  // the hourly job (pg-boss's cron is off: it queues its own next run, one per hour whatever
  // the number of processes, like the reminders job)
  const { queue, database, config, log } = app.ctx;
  const scheduleNext = (q: JobQueue) => {
    const at = nextHour();
    return q.send(RECURRING_JOB, {}, { startAfter: at, singletonKey: `recurring:${at.toISOString().slice(0, 13)}`, singletonSeconds: 10 * 365 * 86_400 });
  };
  queue.define(
    RECURRING_JOB,
    async () => {
      try {
        const run = await generateRecurring(database, undefined, log);
        if (run.generated || run.failed) log.info(run, 'recurring invoices made');
      } finally {
        await scheduleNext(queue);
      }
    },
    { batchSize: 1, concurrency: 1 },
  );
  // once the queue has started, not on the app's ready: main.ts listens before the queue starts
  queue.onStarted(async () => {
    if (config.inProcessWorkers) await scheduleNext(queue).catch((err: unknown) => log.error({ err }, 'could not schedule recurring invoices'));
  });
}

