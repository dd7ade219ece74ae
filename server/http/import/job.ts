import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { ImportableDef } from '../import-export.js';
import { checkRows, parseRows } from './engine.js';
import { errorReport } from './report.js';
import type { ImportStore } from './store.js';
import { formatCount } from '../../../common/format.js';

export const IMPORT_JOB = 'import.commit';

export interface ImportJob {
  key: string;
  id: string;
  tenantId: number;
  userId: number;
}

/** An import refused with a sentence for the user (the rows changed meanwhile…): recorded as the failure's message, nothing imported. */
export class ImportRejected extends Error {}
const Rejected = ImportRejected;

/** Progress is written at most this often (a status file per chunk of a fast import is wasted work). */
const PROGRESS_EVERY_MS = 200;

/**
 * The commit of one import, run by the job queue: every row validated again (references may have
 * changed since the preview) and inserted in ONE tenant transaction under row-level security, so
 * that either all rows are imported or none (or, when the user chose to skip rows with errors,
 * all the valid rows or none). The status file says how far it got. Failures are
 * recorded, not retried: a file that failed once fails the same way again.
 */
export async function runImport(
  env: { database: Database; store: ImportStore; log: FastifyBaseLogger },
  def: ImportableDef | undefined,
  job: ImportJob,
): Promise<void> {
  const { database, store, log } = env;
  const owner = { tenantId: job.tenantId, userId: job.userId };
  const ctx = { ...owner, merge: false, skipInvalid: false, stage: 'commit' as const };
  if (!def) return log.error({ job }, 'import job for an unknown resource');
  const stored = await store.find(owner, def.key, job.id);
  const status = await store.status(owner, def.key, job.id);
  if (!stored || !status || status.state === 'done' || !status.mapping) return;
  const mapping = status.mapping;
  ctx.merge = Boolean(def.merge && status.merge);
  ctx.skipInvalid = Boolean(status.skipInvalid);
  await store.updateStatus(job.tenantId, job.id, { state: 'running', processed: 0, message: null });
  let last = 0;
  let skipped = 0;
  let merged = 0;
  let report: { body: string; filename: string } | null = null;
  try {
    const imported = await withTenant(database, job.tenantId, async (tx) => {
      // the preview's parsed rows when they still hold (same mapping, same company settings);
      // what the database decides (references, duplicates) is always checked again
      const kept = await store.parsed(job.tenantId, job.id, mapping);
      const prep = kept && def.prepare ? await def.prepare(tx, ctx) : null;
      const parsed = kept && (prep?.key ?? '') === kept.key ? kept : await parseRows(def, tx, ctx, stored, mapping);
      const result = await checkRows(def, tx, ctx, parsed);
      skipped = result.invalidRows.size;
      if (skipped && status.skipInvalid) report = errorReport(def.key, stored, result.errors);
      merged = result.merging;
      if (skipped && !status.skipInvalid) {
        throw new Rejected(`${skipped} ${skipped === 1 ? 'row has' : 'rows have'} errors; nothing was imported.`);
      }
      if (!result.valid.length) throw new Rejected('No row of this file can be imported.');
      await def.commit(
        tx,
        ctx,
        result.valid.map((r) => r.data),
        async (done) => {
          if (Date.now() - last < PROGRESS_EVERY_MS) return;
          last = Date.now();
          await store.updateStatus(job.tenantId, job.id, { processed: done });
        },
      );
      return result.valid.length;
    });
    await store.updateStatus(job.tenantId, job.id, {
      state: 'done',
      processed: imported,
      imported,
      message:
        `${formatCount(imported)} ${def.label} imported.` +
        (merged ? ` ${formatCount(merged)} of them updated ${merged === 1 ? 'an existing record' : 'existing records'}.` : '') +
        (skipped ? ` ${formatCount(skipped)} ${skipped === 1 ? 'row' : 'rows'} with errors skipped (see the error report).` : ''),
    });
    if (report) await store.saveReport(job.tenantId, job.id, report);
    store.discardRows(job.tenantId, job.id);
  } catch (err) {
    if (!(err instanceof ImportRejected)) log.error({ err, job }, 'import failed');
    const message = err instanceof ImportRejected ? err.message : 'The import failed and nothing was imported. Try again, or contact support if it keeps failing.';
    await store.updateStatus(job.tenantId, job.id, { state: 'failed', processed: 0, imported: 0, message });
  }
}
