import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Permission } from '../../common/permissions.js';
import {
  IMPORT_LIMITS,
  importCommitSchema,
  importPreviewSchema,
  type ImportPreviewAnswer,
  type ImportStatusAnswer,
  type ImportUploadAnswer,
} from '../../common/schemas/import.js';
import type { Tx } from '../db/client.js';
import type { JobQueue } from '../jobs/queue.js';
import { HttpError, notFound, ValidationError } from './errors.js';
import { csvLine } from './import/csv.js';
import { checkRows, columnIndex, columnsOf, parseRows, suggestMapping, validateRows, type ImportColumn, type ImportContext, type RowRules } from './import/engine.js';
import { runImport, IMPORT_JOB, type ImportJob } from './import/job.js';
import { errorReport } from './import/report.js';
import { readUpload, type UploadLimits } from './import/upload.js';
import { ImportStore, sameMapping, type StoredImport } from './import/store.js';
import { validate } from './validate.js';
import { formatCount } from '../../common/format.js';

export { exportRoute, type ExportSpec } from './import/export.js';
export type { FieldIssue, ImportColumn, ImportContext, ImportReference, RowError, ValidRow } from './import/engine.js';

/**
 * A list that can be filled from a CSV or XLSX file, declared once: its columns (field, label,
 * aliases, required), the zod schema of one row, references by name resolved in bulk, and the
 * commit that inserts every row in one transaction. `routes(app)` gives, under `base`:
 *   GET  import/template          a CSV with the columns and an example row
 *   POST import/upload            multipart `file` → { id, headers, sample, mapping (suggested) }
 *   POST import/preview/{id}      { mapping } → { total, valid, invalid, errors, sample }
 *   POST import/commit/{id}       queues the commit (all rows or none; or, with skip_invalid, the valid rows) → 202 { message }
 *   GET  import/status/{id}       { state, processed, total, imported, message }
 *   GET  import/errors/{id}       the rows with errors as CSV, with an `error` column
 * An id belongs to the tenant and user who uploaded it; anyone else gets 404.
 */
export interface ImportableDef<S extends z.ZodType = z.ZodType> extends RowRules<S> {
  /** unique name: the job's resource and the stored file's owner ("customers") */
  key: string;
  /** plural for messages: "120 customers imported." */
  label: string;
  base: string;
  permission: Permission;
  /** how big a file may be (IMPORT_LIMITS by default: 10 MB, 50,000 rows) */
  limits?: UploadLimits;
  /**
   * rows that match an existing record may update it instead of being refused, when the user
   * asks (`merge` in the preview and the commit); `check` then sees `ctx.merge` and `commit`
   * updates the matched records
   */
  merge?: boolean;
  /**
   * false: all rows or none, always (rows that belong together, such as the lines of one
   * invoice, where skipping one would import the rest wrong); the commit refuses skip_invalid
   */
  skippable?: false;
  /** inserts every row inside the job's tenant transaction; calls `progress(done)` as it goes */
  commit: (tx: Tx, ctx: ImportContext, rows: z.output<S>[], progress: (done: number) => Promise<void>) => Promise<void>;
}

export interface Importable {
  def: ImportableDef;
  routes: (app: FastifyInstance) => void;
}

const SAMPLE_ROWS = 20;



const MAX_ERRORS = 500;

/** The import resources of each running queue (one app per queue), found by the job by key. */
const registries = new WeakMap<JobQueue, Map<string, ImportableDef>>();

export function importable<S extends z.ZodType>(def: ImportableDef<S>): Importable {
  const d = def as unknown as ImportableDef;
  const columnInfo = (columns: readonly ImportColumn[]) => columns.map((c) => ({ field: c.field, label: c.label, required: Boolean(c.required) }));

  function routes(app: FastifyInstance) {
    const { queue, database, config, log } = app.ctx;
    const store = new ImportStore(config.dataDir);
    let registry = registries.get(queue);
    if (!registry) {
      registries.set(queue, (registry = new Map()));
      const found = registry;
      queue.define<ImportJob>(IMPORT_JOB, (job) => runImport({ database, store, log }, found.get(job.key), job), { batchSize: 1, concurrency: 1 });
    }
    registry.set(def.key, d);

    const access = { config: { access: def.permission } };
    const owner = (req: FastifyRequest): ImportContext => ({ tenantId: req.tenant!.id, userId: req.user!.id });
    /** this company's columns: the importable's own and, for some, the company's custom fields */
    const columnsFor = (req: FastifyRequest) => (d.companyColumns ? req.tenantTx((tx) => columnsOf(d, tx, owner(req))) : Promise.resolve([...d.columns]));
    const load = async (req: FastifyRequest): Promise<StoredImport> => {
      const id = String((req.params as { id?: string }).id ?? '');
      const stored = await store.find(owner(req), def.key, id);
      if (!stored) throw notFound('Import');
      return stored;
    };
    /** the body's mapping, checked against the file's headers and the required columns */
    const checkMapping = (stored: StoredImport, mapping: Record<string, string>, columns: readonly ImportColumn[]) => {
      const known = new Set(columns.map((c) => c.field));
      const errors: Record<string, string[]> = {};
      for (const [field, header] of Object.entries(mapping)) {
        if (!known.has(field)) errors[`mapping.${field}`] = [`There is no ${field.replace(/_/g, ' ')} field to import.`];
        else if (!stored.headers.includes(header)) errors[`mapping.${field}`] = [`The file has no column "${header}".`];
      }
      for (const c of columns) {
        if (c.required && !mapping[c.field]) errors[`mapping.${c.field}`] = [`Choose the column that holds the ${c.label.toLowerCase()}.`];
      }
      if (Object.keys(errors).length) throw new ValidationError(errors);
      return mapping;
    };

    app.get(`${def.base}/import/template`, access, async (req, reply) => {
      const columns = await columnsFor(req);
      const body = '\ufeff' + csvLine(columns.map((c) => c.label)) + csvLine(columns.map((c) => c.example ?? ''));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${def.key}-template.csv"`)
        .send(body);
    });

    app.post(`${def.base}/import/upload`, access, async (req): Promise<ImportUploadAnswer> => {
      const file = await readUpload(req, def.limits);
      const stored = await store.create(owner(req), def.key, file.filename, file.parsed);
      const columns = await columnsFor(req);
      return {
        id: stored.id,
        filename: stored.filename,
        total: stored.rows.length,
        headers: stored.headers,
        sample: stored.rows.slice(0, 5),
        mapping: suggestMapping(columns, stored.headers),
        columns: columnInfo(columns),
        merge: Boolean(def.merge),
        skippable: def.skippable !== false,
      };
    });

    app.post(`${def.base}/import/preview/:id`, access, async (req): Promise<ImportPreviewAnswer> => {
      const stored = await load(req);
      const body = validate(importPreviewSchema, req.body);
      const mapping = checkMapping(stored, body.mapping, await columnsFor(req));
      const ctx = { ...owner(req), merge: Boolean(def.merge && body.merge) };
      const status = await store.status(owner(req), def.key, stored.id);
      const open = status && (status.state === 'uploaded' || status.state === 'failed');
      const result = await req.tenantTx(async (tx) => {
        const parsed = await parseRows(d, tx, ctx, stored, mapping);
        // kept before the checks run (they may mark rows), for the commit to reuse
        if (open) await store.saveParsed(stored.tenantId, stored.id, mapping, parsed);
        return checkRows(d, tx, ctx, parsed);
      });
      if (open) {
        const checked = { valid: result.valid.length, invalid: result.invalidRows.size, merging: result.merging, merge: ctx.merge };
        await store.updateStatus(stored.tenantId, stored.id, { mapping, checked });
      }
      const index = columnIndex(mapping, stored.headers);
      const view = (i: number) => ({
        row: stored.lines[i],
        values: Object.fromEntries([...index].map(([field, at]) => [field, stored.rows[i][at] ?? ''])),
      });
      const invalidSample: ImportPreviewAnswer['invalid_sample'] = [];
      for (let i = 0; i < stored.rows.length && invalidSample.length < SAMPLE_ROWS * 2; i++) {
        if (result.invalidRows.has(stored.lines[i])) invalidSample.push(view(i));
      }
      return {
        total: result.total,
        valid: result.valid.length,
        invalid: result.invalidRows.size,
        errors: result.errors.slice(0, MAX_ERRORS),
        errors_total: result.errors.length,
        merging: result.merging,
        sample: stored.rows.slice(0, SAMPLE_ROWS).map((_, i) => view(i)),
        invalid_sample: invalidSample,
      };
    });

    app.post(`${def.base}/import/commit/:id`, access, async (req, reply) => {
      const stored = await load(req);
      const body = validate(importCommitSchema, req.body);
      if (body.skip_invalid && def.skippable === false) {
        throw new ValidationError({ skip_invalid: [`Rows with errors cannot be skipped here: the ${def.label} of a file are imported all together or not at all.`] });
      }
      const status = (await store.status(owner(req), def.key, stored.id))!;
      if (status.state === 'queued' || status.state === 'running' || status.state === 'done') {
        throw new ValidationError({ import: ['This file has already been imported or is being imported.'] });
      }
      const mapping = body.mapping ? checkMapping(stored, body.mapping, await columnsFor(req)) : status.mapping;
      if (!mapping) throw new ValidationError({ mapping: ['Choose the columns to import and preview the rows first.'] });
      const merge = Boolean(def.merge && body.merge);
      // refuse at once what the job would refuse (the page shows the rows to fix); the last
      // preview of this mapping already knows, else validate now. The job checks again anyway.
      const previewed =
        status.checked && status.mapping && sameMapping(status.mapping, mapping) && Boolean(status.checked.merge) === merge ? status.checked : null;
      const checked =
        previewed ??
        (await req.tenantTx(async (tx) => {
          // as the preview does: the parsed rows kept for the job
          const ctx = { ...owner(req), merge };
          const parsed = await parseRows(d, tx, ctx, stored, mapping);
          await store.saveParsed(stored.tenantId, stored.id, mapping, parsed);
          const r = await checkRows(d, tx, ctx, parsed);
          return { valid: r.valid.length, invalid: r.invalidRows.size, merging: r.merging, merge };
        }));
      if (checked.invalid && !body.skip_invalid) {
        const n = checked.invalid;
        throw new ValidationError({ import: [`${n} ${n === 1 ? 'row has' : 'rows have'} errors. Fix them and upload the file again; nothing was imported.`] });
      }
      if (!checked.valid) throw new ValidationError({ import: ['No row of this file can be imported.'] });
      await store.updateStatus(stored.tenantId, stored.id, { state: 'queued', mapping, checked, skipInvalid: body.skip_invalid, merge, processed: 0, message: null });
      const job: ImportJob = { key: def.key, id: stored.id, tenantId: stored.tenantId, userId: stored.userId };
      await queue.send(IMPORT_JOB, job, { singletonKey: stored.id }).catch(async (err: unknown) => {
        await store.updateStatus(stored.tenantId, stored.id, { state: 'failed', message: 'The import could not be queued. Try again.' });
        throw err;
      });
      return reply.code(202).send({ message: `Importing ${formatCount(checked.valid)} ${def.label}…`, total: checked.valid });
    });

    app.get(`${def.base}/import/status/:id`, access, async (req): Promise<ImportStatusAnswer> => {
      const id = String((req.params as { id?: string }).id ?? '');
      const status = await store.status(owner(req), def.key, id);
      if (!status) throw notFound('Import');
      return { state: status.state, processed: status.processed, total: status.total, imported: status.imported, message: status.message };
    });

    app.get(`${def.base}/import/errors/:id`, access, async (req, reply) => {
      const id = String((req.params as { id?: string }).id ?? '');
      const status = await store.status(owner(req), def.key, id);
      if (!status) throw notFound('Import');
      // after an import that skipped rows: the report of what it skipped, kept by the job
      const saved = status.state === 'done' ? await store.savedReport(req.tenant!.id, id) : null;
      let body: string;
      let filename: string;
      if (saved) ({ body, filename } = saved);
      else {
        const stored = await load(req);
        if (!status.mapping) throw new HttpError(422, 'Preview the import first: the report lists the errors the preview found.');
        const result = await req.tenantTx((tx) => validateRows(d, tx, { ...owner(req), merge: Boolean(def.merge && status.checked?.merge) }, stored, status.mapping!));
        ({ body, filename } = errorReport(def.key, stored, result.errors));
      }
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(body);
    });
  }

  return { def: d, routes };
}

export { IMPORT_LIMITS };
export { arrayLiteral, bulkInsert, bulkInsertQuery } from './import/bulk.js';
export { ImportRejected } from './import/job.js';

/** An Import page (PAGES.md …/Import): its URL, component, the list it returns to, and its import resource. */
export interface ImportPage {
  url: string;
  component: string;
  listUrl: string;
  title: string;
  resource: Importable;
}

/**
 * Registers each page's import endpoints and the page itself, which gets only what the wizard
 * needs: where the endpoints are, the columns it can map, and the list to go back to.
 */
export function importPageRoutes(app: FastifyInstance, pages: readonly ImportPage[]) {
  for (const p of pages) {
    p.resource.routes(app);
    const { def } = p.resource;
    app.get(p.url, { config: { access: def.permission } }, (_req, reply) =>
      reply.inertia(p.component, {
        title: p.title,
        base: def.base,
        list_url: p.listUrl,
        label: def.label,
        columns: def.columns.map((c) => ({ field: c.field, label: c.label, required: Boolean(c.required) })),
        skippable: def.skippable !== false,
      }),
    );
  }
}
