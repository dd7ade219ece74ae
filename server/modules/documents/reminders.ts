import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { rows, type Database, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Mailer, OutgoingMail } from '../../mail/mailer.js';
import { accountingSetting } from '../accounting-settings/service.js';
import { buildDocumentMail } from './mail.js';
import { loadDocumentForOutput, readLogo, renderDocumentPdf } from './pdf.js';

/**
 * Reminders before and after due dates (Settings/Accounting/Scheduling, docs/decisions/0013):
 * every day, for each company that asks for them,
 *   - each unpaid issued invoice due in N days (invoice_days_before) or N days overdue
 *     (invoice_days_after) is mailed to its customer with the invoice_remind_customer template;
 *   - each unpaid received bill due in N days (bill_days_before) is mailed to the company with
 *     bill_remind_admin (the general settings' e-mail, else the company's owners).
 * One reminder per document and day offset: a document_histories row of type 'reminder' whose
 * description names the offset ("before:3", "after:7" …) records it, so a second run on the
 * same day — or a job retried after a crash — mails nothing twice.
 */

export const REMINDERS_JOB = 'documents.reminders';

/** Whose documents wait for a payment: issued and not paid (statuses of common/documents/status.ts). */
const OPEN = { invoice: ['sent', 'viewed', 'partial'], bill: ['received', 'partial'] } as const;

interface Due {
  id: number;
  type: 'invoice' | 'bill';
  offset: string;
}

export interface ReminderRun {
  invoices: number;
  bills: number;
  /** documents that were due a reminder but had nobody to send it to */
  skipped: number;
  /** reminders that could not be queued (retried on the next run) */
  failed: number;
}

type Deps = { database: Database; mailer: Pick<Mailer, 'send'>; config: Pick<Config, 'appUrl' | 'appKey' | 'dataDir'>; log?: FastifyBaseLogger };

/**
 * Sends the reminders due on `today` (YYYY-MM-DD; by default each company's own today in its
 * time zone). Safe to run any number of times a day.
 */
export async function sendDueReminders(deps: Deps, today?: string): Promise<ReminderRun> {
  const run: ReminderRun = { invoices: 0, bills: 0, skipped: 0, failed: 0 };
  // the companies that ask for reminders at all (owner connection: it reads across tenants)
  const tenants = await deps.database.query<{ id: number; today: string }>(
    `select t.id, to_char((now() at time zone coalesce(nullif(t.timezone, ''), 'UTC'))::date, 'YYYY-MM-DD') as today
       from tenants t
       join accounting_settings s on s.tenant_id = t.id and s.key = 'scheduling'
      where coalesce((s.value->>'send_invoice_reminder')::boolean, false) or coalesce((s.value->>'send_bill_reminder')::boolean, false)
      order by t.id`,
  );
  for (const t of tenants) {
    const tenantId = Number(t.id);
    const day = today ?? t.today;
    const due = await withTenant(deps.database, tenantId, (tx) => dueDocuments(tx, tenantId, day));
    const company = due.some((d) => d.type === 'bill') ? await companyRecipients(deps.database, tenantId) : [];
    for (const d of due) {
      // the history row is committed first and the mail queued after it (the queue has its own
      // connection; PGlite has only one): a failed queueing removes the row, so the next run retries
      const prepared = await withTenant(deps.database, tenantId, (tx) => prepare(tx, deps, tenantId, d, company));
      if (prepared === 'skipped') run.skipped++;
      if (typeof prepared === 'string') continue;
      try {
        for (const m of prepared.mails) await deps.mailer.send(m);
        run[d.type === 'invoice' ? 'invoices' : 'bills']++;
      } catch (err) {
        await withTenant(deps.database, tenantId, (tx) => tx.execute(sql`delete from document_histories where tenant_id = ${tenantId} and id = ${prepared.historyId}`));
        deps.log?.error({ err, documentId: d.id }, 'document reminder not queued');
        run.failed++;
      }
    }
  }
  return run;
}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The open invoices and bills whose due date is one of the configured offsets from `today`, not yet reminded for it. */
async function dueDocuments(tx: Tx, tenantId: number, today: string): Promise<Due[]> {
  const s = await accountingSetting(tx, tenantId, 'scheduling');
  const wanted: { type: 'invoice' | 'bill'; date: string; offset: string }[] = [];
  if (s.send_invoice_reminder) {
    for (const n of s.invoice_days_before) wanted.push({ type: 'invoice', date: addDays(today, n), offset: `before:${n}` });
    for (const n of s.invoice_days_after) wanted.push({ type: 'invoice', date: addDays(today, -n), offset: `after:${n}` });
  }
  if (s.send_bill_reminder) for (const n of s.bill_days_before) wanted.push({ type: 'bill', date: addDays(today, n), offset: `before:${n}` });
  const found: Due[] = [];
  for (const w of wanted) {
    const statuses = OPEN[w.type] as readonly string[];
    const hits = await rows<{ id: number }>(
      tx,
      sql`select d.id from documents d
           where d.tenant_id = ${tenantId} and d.type = ${w.type} and d.due_at = ${w.date}
             and d.status in (${sql.join(statuses.map((x) => sql`${x}`), sql`, `)})
             and not exists (select 1 from document_histories h
                              where h.tenant_id = d.tenant_id and h.document_id = d.id and h.type = 'reminder'
                                and h.description = ${reminderKey(w.offset, w.date)})
           order by d.id`,
    );
    for (const h of hits) found.push({ id: Number(h.id), type: w.type, offset: w.offset });
  }
  return found;
}

/** What the timeline shows and the dedupe matches: the offset and the due date it was counted from. */
const reminderKey = (offset: string, dueAt: string) => {
  const [side, n] = offset.split(':');
  return `Reminder sent ${n} day${n === '1' ? '' : 's'} ${side === 'before' ? 'before' : 'after'} the due date ${dueAt}`;
};

async function prepare(
  tx: Tx,
  deps: Deps,
  tenantId: number,
  d: Due,
  company: string[],
): Promise<'skipped' | 'done' | { mails: OutgoingMail[]; historyId: number }> {
  // locks the document: two runs at once remind it once
  await tx.execute(sql`select id from documents where tenant_id = ${tenantId} and id = ${d.id} for update`);
  const doc = await loadDocumentForOutput(tx, tenantId, d.id);
  if (!doc || !doc.due_at) return 'done';
  const key = reminderKey(d.offset, doc.due_at);
  const [already] = await rows(
    tx,
    sql`select 1 from document_histories where tenant_id = ${tenantId} and document_id = ${d.id} and type = 'reminder' and description = ${key}`,
  );
  if (already) return 'done';

  const recipients = d.type === 'invoice' ? (doc.contact.email ? [doc.contact.email] : []) : doc.company.email ? [doc.company.email] : company;
  if (recipients.length === 0) return 'skipped';

  const pdf = await renderDocumentPdf(doc, { logo: readLogo(deps.config.dataDir, doc.logo_file) });
  const mails: OutgoingMail[] = [];
  for (const to of recipients) mails.push(await buildDocumentMail(tx, doc, pdf, { to, kind: 'remind', config: deps.config }));
  const [h] = await rows<{ id: number }>(
    tx,
    sql`insert into document_histories (tenant_id, document_id, type, status, description)
        values (${tenantId}, ${d.id}, 'reminder', ${doc.status}, ${key}) returning id`,
  );
  return { mails, historyId: Number(h.id) };
}

/** Bill reminders go to the company: its accounting e-mail (general settings), or else its owners. */
async function companyRecipients(database: Database, tenantId: number): Promise<string[]> {
  const owners = await database.query<{ email: string }>(
    `select u.email from memberships m
       join roles r on r.tenant_id = m.tenant_id and r.id = m.role_id
       join users u on u.id = m.user_id
      where m.tenant_id = $1 and m.status = 'active' and r.slug = 'owner'
      order by u.id`,
    [tenantId],
  );
  return owners.map((o) => o.email);
}

/** The next run: 06:00 UTC tomorrow (or today, before 06:00). */
export function nextRunAt(now = new Date()): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 6));
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

/**
 * The daily job. pg-boss's cron is off (schedule: false in server/jobs/queue.ts), so the job
 * schedules its own next run: once when the queue starts and again after every run, each for
 * the next 06:00 UTC. The singleton key is that date, so however many processes start, one job
 * per day is queued (pg-boss keeps one job per name, key and singleton slot; the slot is made
 * longer than any job's life so the key alone decides).
 */
export function scheduleNextReminders(queue: JobQueue, now = new Date()) {
  const at = nextRunAt(now);
  return queue.send(REMINDERS_JOB, {}, { startAfter: at, singletonKey: `reminders:${at.toISOString().slice(0, 10)}`, singletonSeconds: 10 * 365 * 86_400 });
}

export function documentReminderJobs(app: FastifyInstance) {
  const { queue, database, mailer, config, log } = app.ctx;
  const scheduleNext = (q: JobQueue) => scheduleNextReminders(q);
  queue.define(
    REMINDERS_JOB,
    async () => {
      try {
        const run = await sendDueReminders({ database, mailer, config, log });
        log.info(run, 'document reminders sent');
      } finally {
        await scheduleNext(queue);
      }
    },
    { batchSize: 1, concurrency: 1 },
  );
  // once the queue has started, not on the app's ready: main.ts listens before the queue starts
  queue.onStarted(async () => {
    if (config.inProcessWorkers) await scheduleNext(queue).catch((err: unknown) => log.error({ err }, 'could not schedule document reminders'));
  });
}
