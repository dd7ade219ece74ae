import { createReadStream, mkdirSync } from 'node:fs';
import { appendFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatCount } from '../../../common/format.js';
import type { Permission } from '../../../common/permissions.js';
import { bulkOperationSchema, type BulkAction, type BulkOperationInput } from '../../../common/segments.js';
import { rows, type Database, type Tx } from '../../db/client.js';
import { isoTimestamp as ts } from '../../db/sql.js';
import { withTenant } from '../../db/tenancy.js';
import { fieldError, forbidden, notFound } from '../../http/errors.js';
import { csvLine } from '../../http/import/csv.js';
import { headerOf } from '../../http/import/export.js';
import { validate } from '../../http/validate.js';
import { recordConsent } from './consent.js';
import { loadContactFields } from './fields.js';
import { bulkOperations, outreachContacts as c, segmentContacts, segments } from './schema.js';
import { rulesCondition, segmentCondition } from './segment-rules.js';

/**
 * Segments/BulkOperations (issue 14): tag, untag, add to or remove from a static segment, set
 * consent, delete or export a selection of up to a million contacts, as one job. The job walks
 * the selection by id in batches (keyset, so each contact is touched once however the selection
 * changes meanwhile), one transaction and one statement per batch, and writes its progress after
 * each; the page polls it for the progress bar and the result summary. An export is written as
 * a CSV file batch by batch and downloaded when done.
 */
export const BULK_JOB = 'outreach.bulk';
const BATCH = 5000;

/** who may start each action */
const NEEDS: Record<BulkAction, Permission> = {
  tag: 'contacts.update',
  untag: 'contacts.update',
  set_consent: 'contacts.update',
  add_to_segment: 'segments.update',
  remove_from_segment: 'segments.update',
  delete: 'contacts.delete',
  export: 'contacts.export',
};
const ANY_OF = [...new Set(Object.values(NEEDS))];

interface Job {
  tenantId: number;
  id: number;
}

const exportDir = (dataDir: string, tenantId: number) => join(dataDir, 'exports', String(tenantId));
const EXPORT_COLUMNS = ['id', 'first_name', 'last_name', 'phone', 'email', 'gender', 'birthday', 'location', 'tags', 'source', 'consent_sms', 'consent_email', 'consent_voice', 'created_at'];

/** Where an export job writes, and the company's own fields it adds as columns. */
type ExportFile = { path: string; fields: { key: string; label: string }[] };

/** The selection as one SQL condition over outreach_contacts (404 for another company's segment). */
async function selectionCondition(tx: Tx, tenantId: number, selection: BulkOperationInput['selection']): Promise<SQL> {
  if ('contact_ids' in selection) return sql`${c.tenantId} = ${tenantId} and ${c.id} = any(${sql.param(selection.contact_ids.map(Number))}::bigint[])`;
  if ('segment_id' in selection) {
    const [s] = await tx
      .select({ id: segments.id, type: segments.type, rules: segments.rules })
      .from(segments)
      .where(and(eq(segments.tenantId, tenantId), eq(segments.id, Number(selection.segment_id))));
    if (!s) throw notFound('Segment');
    return segmentCondition(tx, tenantId, s);
  }
  return rulesCondition(tx, tenantId, selection.matching as never);
}

/** The static segment an add/remove targets (a 422 for a dynamic one, 404 for another company's). */
async function targetSegment(tx: Tx, tenantId: number, id: number) {
  const [s] = await tx.select({ id: segments.id, type: segments.type }).from(segments).where(and(eq(segments.tenantId, tenantId), eq(segments.id, id)));
  if (!s) throw fieldError('segment_id', 'The selected segment is invalid.');
  if (s.type !== 'static') throw fieldError('segment_id', 'Contacts are picked into static segments only; a dynamic segment follows its rules.');
  return s;
}

/** One batch of the action on these contacts: one statement; answers how many it changed. */
async function apply(tx: Tx, tenantId: number, userId: number | null, op: z.output<typeof bulkOperationSchema>, ids: number[], file: ExportFile | null): Promise<number> {
  const batch = sql`${sql.param(ids)}::bigint[]`;
  const count = async (q: SQL) => (await rows<{ n: number }>(tx, sql`with done as (${q} returning 1) select count(*)::int as n from done`))[0].n;
  switch (op.action) {
    case 'tag':
      return count(sql`update ${c} set tags = array_append(tags, ${op.tag}), updated_at = now()
        where tenant_id = ${tenantId} and id = any(${batch}) and not (tags @> array[${op.tag}]::text[])`);
    case 'untag':
      return count(sql`update ${c} set tags = array_remove(tags, ${op.tag}), updated_at = now()
        where tenant_id = ${tenantId} and id = any(${batch}) and tags @> array[${op.tag}]::text[]`);
    case 'add_to_segment':
      return count(sql`insert into ${segmentContacts} (tenant_id, segment_id, contact_id)
        select ${tenantId}, ${op.segment_id}, x from unnest(${batch}) x on conflict (tenant_id, segment_id, contact_id) do nothing`);
    case 'remove_from_segment':
      return count(sql`delete from ${segmentContacts} where tenant_id = ${tenantId} and segment_id = ${op.segment_id} and contact_id = any(${batch})`);
    case 'set_consent':
      return recordConsent(
        tx,
        tenantId,
        ids.map((contactId) => ({ contactId, channel: op.channel, status: op.status, method: 'manual' as const, userId })),
      );
    case 'delete':
      return count(sql`delete from ${c} where tenant_id = ${tenantId} and id = any(${batch})`);
    case 'export': {
      const found = await rows<Record<string, unknown> & { custom: Record<string, unknown> }>(
        tx,
        sql`select id, first_name, last_name, phone, email, gender, birthday::text as birthday, location, array_to_string(tags, ', ') as tags, source,
                   consent_sms, consent_email, consent_voice, ${ts(c.createdAt)} as created_at, custom
              from ${c} where tenant_id = ${tenantId} and id = any(${batch}) order by id`,
      );
      await appendFile(
        file!.path,
        found.map((r) => csvLine([...EXPORT_COLUMNS.map((k) => r[k]), ...file!.fields.map((f) => r.custom?.[f.key])])).join(''),
      );
      return found.length;
    }
  }
}

/** Runs one bulk operation to its end (the job queue's handler). */
export async function runBulkOperation(database: Database, dataDir: string, job: Job): Promise<void> {
  const [op] = await withTenant(database, job.tenantId, (tx) =>
    tx.select().from(bulkOperations).where(and(eq(bulkOperations.tenantId, job.tenantId), eq(bulkOperations.id, job.id))),
  );
  if (!op || op.state === 'done' || op.state === 'failed') return;
  const params = bulkOperationSchema.parse(op.params);
  const set = (values: Partial<typeof bulkOperations.$inferInsert>) =>
    withTenant(database, job.tenantId, (tx) =>
      tx.update(bulkOperations).set({ ...values, updatedAt: sql`now()` }).where(and(eq(bulkOperations.tenantId, job.tenantId), eq(bulkOperations.id, job.id))),
    );
  let file: ExportFile | null = null;
  try {
    const total = await withTenant(database, job.tenantId, async (tx) => {
      const where = await selectionCondition(tx, job.tenantId, params.selection);
      const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::bigint as n from ${c} where ${where}`);
      return Number(n);
    });
    if (params.action === 'export') {
      const dir = exportDir(dataDir, job.tenantId);
      mkdirSync(dir, { recursive: true });
      // the company's own fields follow the standard columns, under their labels (as the list's export)
      const fields = await withTenant(database, job.tenantId, (tx) => loadContactFields(tx, job.tenantId));
      file = { path: join(dir, `contacts-${job.id}.csv`), fields };
      await writeFile(file.path, '\ufeff' + csvLine([...EXPORT_COLUMNS.map(headerOf), ...fields.map((f) => f.label)]));
    }
    await set({ state: 'running', total, processed: 0, changed: 0, file: file ? `contacts-${job.id}.csv` : null });
    let last = 0;
    let processed = 0;
    let changed = 0;
    for (;;) {
      const done = await withTenant(database, job.tenantId, async (tx) => {
        const where = await selectionCondition(tx, job.tenantId, params.selection);
        const ids = (await rows<{ id: number }>(tx, sql`select ${c.id} as id from ${c} where ${where} and ${c.id} > ${last} order by ${c.id} limit ${BATCH}`)).map((r) => Number(r.id));
        if (!ids.length) return null;
        const n = await apply(tx, job.tenantId, op.createdBy, params, ids, file);
        return { n, ids: ids.length, last: ids[ids.length - 1] };
      });
      if (!done) break;
      last = done.last;
      processed += done.ids;
      changed += done.n;
      await set({ processed, changed });
    }
    if (params.action === 'add_to_segment' || params.action === 'remove_from_segment') {
      const target = params.segment_id;
      await withTenant(database, job.tenantId, async (tx) => {
        const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${segmentContacts} where tenant_id = ${job.tenantId} and segment_id = ${target}`);
        await tx.update(segments).set({ size: n, sizeAt: sql`now()` }).where(and(eq(segments.tenantId, job.tenantId), eq(segments.id, target)));
      });
    }
    await set({ state: 'done', processed, changed, message: summary(params.action, processed, changed) });
  } catch (err) {
    if (file) await rm(file.path, { force: true });
    await set({ state: 'failed', message: 'The operation failed. What was done before the failure stays done; start it again to finish.' });
    throw err;
  }
}

function summary(action: BulkAction, processed: number, changed: number): string {
  const n = (v: number, one: string, many = `${one}s`) => `${formatCount(v)} ${v === 1 ? one : many}`;
  switch (action) {
    case 'tag':
      return `${n(changed, 'contact')} tagged (${n(processed - changed, 'contact')} already had the tag).`;
    case 'untag':
      return `${n(changed, 'contact')} untagged.`;
    case 'add_to_segment':
      return `${n(changed, 'contact')} added to the segment (${n(processed - changed, 'contact')} already in it).`;
    case 'remove_from_segment':
      return `${n(changed, 'contact')} removed from the segment.`;
    case 'set_consent':
      return `Consent recorded for ${n(changed, 'contact')}.`;
    case 'delete':
      return `${n(changed, 'contact')} deleted.`;
    case 'export':
      return `${n(changed, 'contact')} exported.`;
  }
}

const idParam = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });

export async function bulkRoutes(app: FastifyInstance) {
  const { database, queue, config } = app.ctx;
  queue.define<Job>(BULK_JOB, (job) => runBulkOperation(database, config.dataDir, job), { batchSize: 1, concurrency: 1 });

  const answer = (o: typeof bulkOperations.$inferSelect) => ({
    id: o.id,
    action: o.action,
    state: o.state,
    total: o.total,
    processed: o.processed,
    changed: o.changed,
    message: o.message,
    download_url: o.action === 'export' && o.state === 'done' ? `/segments/bulk-operations/${o.id}/download` : null,
  });

  const find = async (req: FastifyRequest) => {
    const p = idParam.safeParse(req.params);
    if (!p.success) throw notFound('Bulk operation');
    const [o] = await req.tenantTx((tx) =>
      tx.select().from(bulkOperations).where(and(eq(bulkOperations.tenantId, req.tenant!.id), eq(bulkOperations.id, Number(p.data.id)))),
    );
    if (!o || !req.permissions.has(NEEDS[o.action])) throw notFound('Bulk operation');
    return o;
  };

  // Segments/BulkOperations (PAGES.md): the company's segments to choose from; ?segment= preselects one
  app.get('/segments/bulk-operations', { config: { access: ANY_OF } }, async (req, reply) => {
    const list = await req.tenantRead((tx) =>
      tx.select({ id: segments.id, name: segments.name, type: segments.type, size: segments.size }).from(segments).where(eq(segments.tenantId, req.tenant!.id)).orderBy(segments.name, segments.id).limit(500),
    );
    const wanted = Number((req.query as { segment?: string } | undefined)?.segment);
    return reply.inertia('Segments/BulkOperations', { segments: list, segment: list.some((s) => s.id === wanted) ? wanted : null });
  });

  app.post('/segments/bulk-operations', { config: { access: ANY_OF } }, async (req, reply) => {
    const op = validate(bulkOperationSchema, req.body);
    if (!req.permissions.has(NEEDS[op.action])) throw forbidden();
    const tenantId = req.tenant!.id;
    const created = await req.tenantTx(async (tx) => {
      // what the job would refuse is refused now: another company's segment, a dynamic target
      await selectionCondition(tx, tenantId, op.selection);
      if (op.action === 'add_to_segment' || op.action === 'remove_from_segment') await targetSegment(tx, tenantId, op.segment_id);
      const [row] = await tx.insert(bulkOperations).values({ tenantId, action: op.action, params: op as never, createdBy: req.user!.id }).returning();
      return row;
    });
    await queue.send(BULK_JOB, { tenantId, id: created.id } satisfies Job, { singletonKey: `bulk:${tenantId}:${created.id}` });
    return reply.code(202).send({ data: answer(created) });
  });

  app.get('/segments/bulk-operations/:id', { config: { access: ANY_OF } }, async (req) => ({ data: answer(await find(req)) }));

  app.get('/segments/bulk-operations/:id/download', { config: { access: 'contacts.export' } }, async (req, reply) => {
    const o = await find(req);
    if (o.action !== 'export' || o.state !== 'done' || !o.file) throw notFound('Export');
    const stamp = o.createdAt.slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="contacts-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(createReadStream(join(exportDir(config.dataDir, req.tenant!.id), o.file)));
  });
}
