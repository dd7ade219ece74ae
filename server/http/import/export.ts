import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { RouteAccess } from '../../../common/permissions.js';
import type { Tx } from '../../db/client.js';
import { ValidationError } from '../errors.js';
import { validate } from '../validate.js';
import { csvLine } from './csv.js';
import { writeXlsx } from './xlsx.js';
import { formatCount } from '../../../common/format.js';

type Row = Record<string, unknown>;

/** How a resource's list is exported: which fields (in order) under which headers. */
export interface ExportSpec {
  /** field → header, in file order; defaults to every API field with a readable header */
  columns?: Record<string, string>;
  /** fields left out of the default columns */
  omit?: string[];
  /** the file name without extension, or made from the request (its filters); defaults to the last segment of the base ("contacts") */
  filename?: string | ((req: FastifyRequest) => string);
  /** what the export needs when it is more than seeing the list (e.g. contacts.export) */
  access?: RouteAccess;
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
    page: (tx: Tx, offset: number, limit: number) => Promise<Row[]>;
  };
}

export const MAX_EXPORT_ROWS = 100_000;
const PAGE = 5000;

const exportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

/** `tax_number` → "Tax number"; `id` → "ID". */
export const headerOf = (field: string) =>
  field === 'id' ? 'ID' : field.charAt(0).toUpperCase() + field.slice(1).replace(/_id$/, ' ID').replace(/_/g, ' ');

const NUMERIC = new Set(['PgNumeric', 'PgInteger', 'PgBigInt53', 'PgReal', 'PgDoublePrecision', 'PgSmallInt']);
const DATE = new Set(['PgDateString', 'PgDate']);

/**
 * GET <base>/export?format=csv|xlsx plus the list's own search, filter and sort parameters:
 * the whole list (not one page) as a file, read from the database in pages inside one tenant
 * transaction, under the list's view permission. Headers are the fields' labels; text cells
 * are neutralised against formula injection.
 */
export function exportRoute(app: FastifyInstance, source: ExportSource, spec: ExportSpec = {}) {
  const omit = new Set(spec.omit ?? []);
  const kindOf = (f: string) => {
    const type = source.fields.includes(f) ? ((source.column(f) as { columnType?: string } | undefined)?.columnType ?? '') : '';
    return NUMERIC.has(type) ? 'number' : DATE.has(type) ? 'date' : 'text';
  };
  /** the declared columns, or every field plus what the resource attaches to its rows (an item's taxes) */
  const columnsFor = (first: Row | undefined): [string, string][] => {
    if (spec.columns) return Object.entries(spec.columns);
    const names = [...source.fields, ...Object.keys(first ?? {}).filter((k) => !source.fields.includes(k))];
    return names.filter((f) => !omit.has(f)).map((f) => [f, headerOf(f)]);
  };
  const fallback = source.base.split('/').filter(Boolean).pop() ?? 'export';

  app.get(`${source.base}/export`, { config: { ...source.config, access: source.access } }, async (req, reply) => {
    // `format` is ours; the list's schema ignores keys it does not know
    const { format } = validate(exportQuery, req.query);
    const name = (typeof spec.filename === 'function' ? spec.filename(req) : spec.filename) || fallback;
    const query = source.select(req);
    const rows = await req.tenantTx(async (tx) => {
      const total = await query.count(tx);
      if (total > MAX_EXPORT_ROWS) {
        throw new ValidationError({
          export: [`The list has more than ${formatCount(MAX_EXPORT_ROWS)} rows. Narrow it with a search or a filter to export it.`],
        });
      }
      const out: Row[] = [];
      for (let offset = 0; offset < total; offset += PAGE) out.push(...(await query.page(tx, offset, PAGE)));
      return out;
    });
    const columns = columnsFor(rows[0]);
    const kinds = columns.map(([f]) => kindOf(f));
    const header = columns.map(([, label]) => label);
    const stamp = new Date().toISOString().slice(0, 10);
    reply.header('cache-control', 'no-store');
    if (format === 'csv') {
      const body = '\ufeff' + csvLine(header) + rows.map((r) => csvLine(columns.map(([f]) => r[f]))).join('');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`)
        .send(body);
    }
    const typed = rows.map((r) =>
      columns.map(([f], i) => {
        const v = r[f];
        if (v === null || v === undefined) return null;
        if (kinds[i] === 'number' && typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
        if (kinds[i] === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(`${v}T00:00:00Z`);
        return v;
      }),
    );
    const file = await writeXlsx(source.label, header, typed);
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name}-${stamp}.xlsx"`)
      .send(file);
  });
}
