import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { RouteAccess } from '../../../common/permissions.js';
import type { Tx } from '../../db/client.js';
import { ValidationError } from '../errors.js';
import { validate } from '../validate.js';
import { csvLine } from './csv.js';
import { xlsxStream } from './xlsx.js';
import { formatCount } from '../../../common/format.js';

type Row = Record<string, unknown>;

/** How a resource's list is exported: which fields (in order) under which headers. */
export interface ExportSpec {
  /** field → header, in file order; defaults to every API field with a readable header */
  columns?: Record<string, string>;
  /** fields left out of the default columns */
  omit?: string[];
  /**
   * columns a company adds of its own (its contact fields), read once per export: a dotted
   * path ("custom.region") takes a key of an object field; they follow the other columns
   */
  companyColumns?: (tx: Tx, req: FastifyRequest) => Promise<[path: string, header: string][]>;
  /** the file name without extension, or made from the request (its filters); defaults to the last segment of the base ("contacts") */
  filename?: string | ((req: FastifyRequest) => string);
  /** what the export needs when it is more than seeing the list (e.g. contacts.export) */
  access?: RouteAccess;
  /** POST: the filters (and `format`) come in the body, as an endpoint of SPEC §7 asks (POST /surveys/results/export) */
  method?: 'GET' | 'POST';
}

/** What the resource layer gives the export: the list's own query for one request. */
export interface ExportSource {
  base: string;
  label: string;
  access: RouteAccess;
  config?: Omit<FastifyContextConfig, 'access'>;
  fields: string[];
  /** the column behind a field (to write numbers and dates as typed cells), if it is one */
  column: (field: string) => AnyPgColumn | undefined;
  /** the list's search, filters, sort and scope for this request (throws its 422s) */
  select: (req: FastifyRequest) => {
    count: (tx: Tx) => Promise<number>;
    /** every row in the list's order, `size` at a time (a cursor: no OFFSET, nothing held whole) */
    each: (tx: Tx, size: number, fn: (rows: Row[]) => Promise<void>) => Promise<void>;
  };
}

/** A file holds at most this many rows (an XLSX sheet holds 1,048,576): a larger list is narrowed first. */
export const MAX_EXPORT_ROWS = 1_000_000;
const BATCH = 5000;

const exportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

/** `tax_number` → "Tax number"; `id` → "ID". */
export const headerOf = (field: string) =>
  field === 'id' ? 'ID' : field.charAt(0).toUpperCase() + field.slice(1).replace(/_id$/, ' ID').replace(/_/g, ' ');

const NUMERIC = new Set(['PgNumeric', 'PgInteger', 'PgBigInt53', 'PgReal', 'PgDoublePrecision', 'PgSmallInt']);
const DATE = new Set(['PgDateString', 'PgDate']);

/** The download went away (the browser closed it): the export stops and its transaction ends. */
class ExportAbandoned extends Error {}

/** A field's value, or a key of an object field for a dotted path ("custom.region"). */
const valueAt = (row: Row, path: string): unknown => {
  const dot = path.indexOf('.');
  if (dot < 0 || path in row) return row[path];
  const inner = row[path.slice(0, dot)];
  return inner && typeof inner === 'object' ? (inner as Row)[path.slice(dot + 1)] : undefined;
};

/**
 * GET <base>/export?format=csv|xlsx plus the list's own search, filter and sort parameters:
 * the whole list (not one page) as a file, under the list's view permission (or the export's
 * own). The rows are read through a cursor of one tenant transaction, a few thousand at a time,
 * and written to the download as they come, so a million-row export holds one batch in memory
 * and waits for a slow download instead of buffering ahead of it. Anything wrong with the
 * request (a bad filter, a list over MAX_EXPORT_ROWS) is a 422 before the first byte. Headers
 * are the fields' labels; text cells are neutralised against formula injection.
 */
export function exportRoute(app: FastifyInstance, source: ExportSource, spec: ExportSpec = {}) {
  const omit = new Set(spec.omit ?? []);
  const kindOf = (f: string) => {
    const type = source.fields.includes(f) ? ((source.column(f) as { columnType?: string } | undefined)?.columnType ?? '') : '';
    return NUMERIC.has(type) ? 'number' : DATE.has(type) ? 'date' : 'text';
  };
  /** the declared columns, or every field plus what the resource attaches to its rows (an item's taxes), then the company's */
  const columnsFor = (first: Row | undefined, company: [string, string][]): [string, string][] => {
    if (spec.columns) return [...Object.entries(spec.columns), ...company];
    const names = [...source.fields, ...Object.keys(first ?? {}).filter((k) => !source.fields.includes(k))];
    return [...names.filter((f) => !omit.has(f)).map((f): [string, string] => [f, headerOf(f)]), ...company];
  };
  const fallback = source.base.split('/').filter(Boolean).pop() ?? 'export';

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    // `format` is ours; the list's schema ignores keys it does not know
    const { format } = validate(exportQuery, spec.method === 'POST' ? { ...(req.query as object), ...((req.body as object | null) ?? {}) } : req.query);
    const name = (typeof spec.filename === 'function' ? spec.filename(req) : spec.filename) || fallback;
    const query = source.select(req);
    const out = new PassThrough();
    // what must hold before the download starts (its status is still free to be a 422)
    let begin!: () => void;
    const checked = new Promise<void>((resolve) => (begin = resolve));
    const written = req.tenantTx(async (tx) => {
      const total = await query.count(tx);
      if (total > MAX_EXPORT_ROWS) {
        throw new ValidationError({
          export: [`The list has more than ${formatCount(MAX_EXPORT_ROWS)} rows. Narrow it with a search or a filter to export it.`],
        });
      }
      const company = spec.companyColumns ? await spec.companyColumns(tx, req) : [];
      begin();
      let sheet: { row: (cells: unknown[]) => void; end: () => Promise<void> } | null = null;
      let columns: [string, string][] = [];
      let kinds: string[] = [];
      const start = async (first: Row | undefined) => {
        columns = columnsFor(first, company);
        kinds = columns.map(([f]) => kindOf(f));
        const header = columns.map(([, label]) => label);
        if (format === 'csv') {
          out.write('\ufeff' + csvLine(header));
          return { row: (cells: unknown[]) => void out.write(csvLine(cells)), end: async () => void out.end() };
        }
        return xlsxStream(out, source.label, header);
      };
      await query.each(tx, BATCH, async (batch) => {
        if (out.destroyed) throw new ExportAbandoned();
        sheet ??= await start(batch[0]);
        for (const r of batch) {
          const cells = columns.map(([f]) => valueAt(r, f));
          sheet.row(format === 'csv' ? cells : cells.map((v, i) => typed(kinds[i], v)));
        }
        // the download is slower than the database: wait for it rather than buffer the list
        if (out.writableNeedDrain) await drained(out);
      });
      sheet ??= await start(undefined);
      await sheet.end();
    });
    await Promise.race([checked, written]);
    written.catch((err: unknown) => {
      if (!(err instanceof ExportAbandoned)) req.log.error({ err }, 'export failed after it began');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    const stamp = new Date().toISOString().slice(0, 10);
    reply.header('cache-control', 'no-store');
    return format === 'csv'
      ? reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`).send(out)
      : reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${name}-${stamp}.xlsx"`)
          .send(out);
  };
  app.route({ method: spec.method ?? 'GET', url: `${source.base}/export`, config: { ...source.config, access: source.access }, handler });
}

/** Resolves when `out` can take more, or is gone; leaves no listener behind (a long export waits thousands of times). */
function drained(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** An XLSX cell: numbers and dates of typed columns as such, the rest as text. */
function typed(kind: string, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (kind === 'number' && typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(`${v}T00:00:00Z`);
  return v;
}
