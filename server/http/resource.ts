import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Answer, Deleted, One } from '../../common/answers/http.js';
import type { Permission } from '../../common/permissions.js';
import { listQuerySchema } from '../../common/schemas/list-query.js';
import type { Tx } from '../db/client.js';
import { notFound, ValidationError } from './errors.js';
import { exportRoute, type ExportSpec } from './import/export.js';
import { eachBatch, readPage, searchCondition, type TenantTableLike } from './list.js';
import { EstimatedTotals } from './list-totals.js';
import { paginator } from './paginator.js';
import { validate } from './validate.js';

type Access = Permission | readonly Permission[];
type Action = 'view' | 'create' | 'update' | 'delete';
type Row = Record<string, unknown>;

const estimates = new WeakMap<object, EstimatedTotals>();
/**
 * Estimates of large lists' totals (list-totals.ts), shared by every resource of one app: each
 * app (its context: one database) keeps its own, so two apps in one process never see each other's.
 */
export function estimatedTotals(app: object): EstimatedTotals {
  let found = estimates.get(app);
  if (!found) estimates.set(app, (found = new EstimatedTotals()));
  return found;
}

export interface ResourceDef<S extends z.ZodObject = z.ZodObject> {
  /** display name used in messages: "Contact created successfully." */
  label: string;
  /** the name of one record in its messages, when it depends on the record ("Customer created successfully.") */
  labelOf?: (row: Record<string, unknown>) => string;
  /** `get-<singular>/{id}` */
  singular: string;
  /** URL base of the JSON endpoints, e.g. /accounting/contacts */
  base: string;
  table: TenantTableLike;
  /** API field name → column or SQL expression, in answer order: the explicit field list every answer uses */
  fields: Record<string, AnyPgColumn | SQL.Aliased | SQL>;
  /** the real column behind a field whose answer is an expression (writes, sorting, filtering use it) */
  columns?: Record<string, AnyPgColumn>;
  create: S;
  /** defaults to create.partial() */
  update?: z.ZodType;
  searchable?: string[];
  /**
   * The row's stored searchable text (searchText() in the table) when `searchable` names
   * several fields: searched instead of each of them, through its one trigram index.
   */
  searchColumn?: AnyPgColumn;
  sortable?: string[];
  defaultSort?: [string, 'asc' | 'desc'];
  /** fields usable with filter_by/filter and as their own query parameter (`?type=customer`) */
  filterable?: string[];
  perPage?: number;
  access: Record<Action, Access>;
  /** narrows the declared access using the request data (e.g. customers vs vendors by type) */
  authorize?: (req: FastifyRequest, action: Action, data: Row) => void;
  /** extra conditions on every read (list, get, update, delete) */
  scope?: (req: FastifyRequest) => SQL | undefined;
  beforeDelete?: (tx: Tx, req: FastifyRequest, record: Row) => Promise<void>;
  /**
   * Runs inside the write's transaction after validation (current = the stored record on
   * update, null on store); answers extra or derived values by API field (e.g. a slug
   * made from the name) and may throw to refuse the write.
   */
  beforeWrite?: (tx: Tx, req: FastifyRequest, input: Row, current: Row | null) => Promise<Row | void>;
  /**
   * Runs inside the write's transaction after the row is stored (previous = the record
   * before an update, null on store): related rows, ledger postings… May answer the
   * record to send back instead of the stored row (e.g. re-read with what it changed).
   */
  afterWrite?: (tx: Tx, req: FastifyRequest, record: Row, input: Row, previous: Row | null) => Promise<Row | void>;
  /**
   * Adds related records to the rows of an answer (a list page, a single read, a write's
   * answer) in place, with one query for all of them (an item's taxes): never one per row.
   */
  attach?: (tx: Tx, req: FastifyRequest, rows: Row[]) => Promise<void>;
  /** more route options per action, beside `access` (e.g. the activity log's `activity`) */
  routeConfig?: Partial<Record<Action, Omit<FastifyContextConfig, 'access'>>>;
  /** unique constraints whose violation is the user's input, not a fault: answered 422 on `field` */
  unique?: { constraint: string; field: string; message: string }[];
  /**
   * Fields that name another record of the tenant (Laravel's `exists` rule): a value with
   * no such record answers 422 "The selected <field> is invalid." before anything is written.
   * An array value (tax_ids) names several: every one of them must exist.
   */
  references?: Record<string, Reference>;
  /** GET <base>/export?format=csv|xlsx: the whole list (same search and filters) as a file, under the view permission unless it names its own; false: none */
  export?: ExportSpec | false;
  /** the list's URL when it is not <base>/json (an endpoint SPEC §7 names, e.g. /wallet/get-transactions) */
  listPath?: string;
  /** false: no store, update or delete routes (a list of records nobody edits over HTTP, such as a ledger) */
  writes?: false;
}

export interface Reference {
  table: TenantTableLike;
  /** the referenced column; defaults to the table's id */
  column?: AnyPgColumn;
  /** extra condition the referenced row must meet (e.g. a category of type income) */
  where?: SQL;
}

const idParam = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });

/**
 * Declare a resource once; get its JSON endpoints (ARCHITECTURE "HTTP contract"):
 * GET <base>/json, POST <base>/store, GET <base>/get-<singular>/{id},
 * PUT <base>/update/{id}, DELETE <base>/delete/{id}. Every read and write runs
 * in the tenant's RLS transaction and also filters on tenant_id explicitly.
 */
export function defineResource<S extends z.ZodObject>(def: ResourceDef<S>) {
  const { table, fields } = def;
  const keyOf = new Map<AnyPgColumn, string>(
    Object.entries(getTableColumns(table)).map(([k, c]) => [c as AnyPgColumn, k]),
  );
  const updateSchema = def.update ?? partialUpdate(def.create);
  const filterable = new Set(def.filterable ?? []);
  const sortable = new Set(def.sortable ?? []);
  const message = (verb: string, row?: Record<string, unknown>) => `${(row && def.labelOf?.(row)) || def.label} ${verb} successfully.`;
  const column = (f: string) => (def.columns?.[f] ?? def.fields[f]) as AnyPgColumn;

  const base = (req: FastifyRequest, id?: number): SQL => {
    const parts = [eq(table.tenantId, req.tenant!.id), def.scope?.(req)];
    if (id !== undefined) parts.push(eq(table.id, id));
    return and(...parts.filter(Boolean))!;
  };

  /** API input → insert/update values keyed by the table's property names */
  const toValues = (input: Row): Row => {
    const out: Row = {};
    for (const [field, value] of Object.entries(input)) {
      const key = keyOf.get(column(field));
      if (key && value !== undefined) out[key] = value;
    }
    return out;
  };

  /** a unique violation named in `def.unique` becomes the field's 422 (two writers racing for one name) */
  const uniqueViolation = (err: unknown): never => {
    const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    const pg = e.cause?.code ? e.cause : e;
    const hit = pg.code === '23505' ? def.unique?.find((u) => u.constraint === pg.constraint) : undefined;
    if (hit) throw new ValidationError({ [hit.field]: [hit.message] });
    throw err;
  };

  /** every non-null referenced value must exist in the tenant (one query per field present) */
  const checkReferences = async (tx: Tx, req: FastifyRequest, input: Row) => {
    const errors: Record<string, string[]> = {};
    for (const [field, ref] of Object.entries(def.references ?? {})) {
      const value = input[field];
      if (value === undefined || value === null) continue;
      const col = ref.column ?? ref.table.id;
      const wanted = Array.isArray(value) ? [...new Set(value)] : [value];
      if (wanted.length === 0) continue;
      const [{ found }] = await tx
        .select({ found: sql<number>`count(distinct ${col})`.mapWith(Number) })
        .from(ref.table)
        .where(and(eq(ref.table.tenantId, req.tenant!.id), inArray(col, wanted), ref.where));
      if (found !== wanted.length) errors[field] = [`The selected ${field.replace(/_id$/, '').replace(/_/g, ' ')} is invalid.`];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
  };

  /** a record other records still point at is refused with a 422, not a 500 */
  const inUse = (err: unknown): never => {
    const e = err as { code?: string; cause?: { code?: string } };
    if ((e.cause?.code ?? e.code) === '23503') {
      throw new ValidationError({ id: [`This ${def.label.toLowerCase()} is in use and cannot be deleted.`] });
    }
    throw err;
  };

  /** what a search reads: the stored search text, or each searchable field */
  const searchedColumns = () => (def.searchColumn ? [def.searchColumn] : (def.searchable ?? []).map(column));

  const readId = (req: FastifyRequest) => {
    const p = idParam.safeParse(req.params);
    if (!p.success) throw notFound(def.label);
    return Number(p.data.id);
  };

  const find = async (tx: Tx, req: FastifyRequest, id: number) => {
    const [row] = await tx.select(fields).from(table).where(base(req, id)).limit(1);
    if (!row) throw notFound(def.label);
    return row as Row;
  };

  const withRelated = async <R extends Row[]>(tx: Tx, req: FastifyRequest, rows: R): Promise<R> => {
    if (def.attach && rows.length) await def.attach(tx, req, rows);
    return rows;
  };
  /** related records of rows read outside a transaction: in one of their own, only when there is something to attach */
  const related = async <R extends Row[]>(req: FastifyRequest, rows: R): Promise<R> =>
    def.attach && rows.length ? req.tenantTx((tx) => withRelated(tx, req, rows)) : rows;

  /** The list's conditions and order for a request's search, filters and sort (its 422s thrown here, outside any transaction). */
  const listQuery = (req: FastifyRequest) => {
    const raw = (req.query ?? {}) as Record<string, unknown>;
    const q = validate(listQuerySchema, raw);
    const where: (SQL | undefined)[] = [base(req)];
    const search = searchCondition(searchedColumns(), q.search);
    where.push(search);
    const filters: Record<string, unknown> = {};
    if (q.filter_by !== undefined) {
      if (!filterable.has(q.filter_by)) throw new ValidationError({ filter_by: ['The selected filter by is invalid.'] });
      if (q.filter !== undefined && q.filter !== '') filters[q.filter_by] = q.filter;
    }
    for (const f of filterable) if (raw[f] !== undefined && raw[f] !== '') filters[f] = raw[f];
    for (const [f, v] of Object.entries(filters)) where.push(eq(column(f), coerce(f, column(f), v)));
    def.authorize?.(req, 'view', filters);

    const [sortField, sortDir] = q.sort_by
      ? [q.sort_by, q.sort_order ?? 'asc']
      : (def.defaultSort ?? ['id', 'desc']);
    if (q.sort_by && !sortable.has(q.sort_by)) throw new ValidationError({ sort_by: ['The selected sort by is invalid.'] });
    // ties follow the sort's direction, so one (tenant_id, field, id) index serves both ways
    const dir = sortDir === 'desc' ? desc : asc;
    const order = [dir(column(sortField)), dir(table.id)];
    const cond = and(...where.filter(Boolean));
    return { raw, q, cond, order, searching: search !== undefined };
  };

  const list = async (req: FastifyRequest) => {
    const { raw, q, cond, order, searching } = listQuery(req);
    if (q.paginate === false || q.list_all === true) {
      const all = await req.tenantRead((tx) => tx.select(fields).from(table).where(cond).orderBy(...order).limit(5000));
      return related(req, all as Row[]);
    }
    const perPage = q.per_page ?? def.perPage ?? 15;
    // each statement of the page is a scoped read of its own: usually the page alone, one round trip
    const { data, total, estimated } = await readPage<Row>(
      (fn) => req.tenantRead(fn),
      { table, fields, tenantId: req.tenant!.id, where: cond!, order, page: q.page, perPage, list: def.base, searching },
      estimatedTotals(req.server.ctx),
    );
    await related(req, data);
    const { page: _p, ...rest } = raw;
    return paginator(data, { total, estimated, page: q.page, perPage, path: req.url.split('?')[0], query: rest });
  };

  /** The single read (`:id` route parameter) as `{ data }`; also usable by other routes (an alias path, a page). */
  const get = async (req: FastifyRequest) => {
    const id = readId(req);
    const data = (await related(req, [await req.tenantRead((tx) => find(tx, req, id))]))[0];
    def.authorize?.(req, 'view', data);
    return { data } satisfies One<Row>;
  };

  const cfg = (action: Action): FastifyContextConfig => ({ ...def.routeConfig?.[action], access: def.access[action] });

  /** Every row of the list for a request, counted and read in pages (exports). */
  const select = (req: FastifyRequest) => {
    const { cond, order } = listQuery(req);
    return {
      count: async (tx: Tx) => Number((await tx.select({ total: count() }).from(table).where(cond))[0].total),
      page: async (tx: Tx, offset: number, limit: number) =>
        withRelated(tx, req, (await tx.select(fields).from(table).where(cond).orderBy(...order).limit(limit).offset(offset)) as Row[]),
      each: (tx: Tx, size: number, fn: (rows: Row[]) => Promise<void>) =>
        eachBatch<Row>(tx, { table, fields, where: cond!, order }, size, async (batch) => fn(await withRelated(tx, req, batch))),
    };
  };

  function routes(app: FastifyInstance) {
    app.get(def.listPath ?? `${def.base}/json`, { config: cfg('view') }, async (req) => list(req));

    if (def.export !== false) {
      const source = { base: def.base, label: def.label, access: def.export?.access ?? def.access.view, config: def.routeConfig?.view, fields: Object.keys(fields), column, select };
      exportRoute(app, source, def.export);
    }

    app.get(`${def.base}/get-${def.singular}/:id`, { config: cfg('view') }, async (req) => get(req));

    if (def.writes === false) return;

    app.post(`${def.base}/store`, { config: cfg('create') }, async (req, reply) => {
      const input = validate(def.create, req.body) as Row;
      def.authorize?.(req, 'create', input);
      const data = await req
        .tenantTx(async (tx) => {
          const extra = (await def.beforeWrite?.(tx, req, input, null)) ?? {};
          await checkReferences(tx, req, { ...input, ...extra });
          const [row] = await tx
            .insert(table)
            .values({ ...toValues({ ...input, ...extra }), tenantId: req.tenant!.id } as never)
            .returning(fields);
          const answer = (await def.afterWrite?.(tx, req, row as Row, { ...input, ...extra }, null)) ?? row;
          return (await withRelated(tx, req, [answer as Row]))[0];
        })
        .catch(uniqueViolation);
      return reply.code(201).send({ message: message('created', data as Row), data } satisfies Answer<Row>);
    });

    app.put(`${def.base}/update/:id`, { config: cfg('update') }, async (req) => {
      const id = readId(req);
      const input = validate(updateSchema, req.body) as Row;
      const data = await req
        .tenantTx(async (tx) => {
          const current = await find(tx, req, id);
          def.authorize?.(req, 'update', { ...current, ...input });
          const extra = (await def.beforeWrite?.(tx, req, input, current)) ?? {};
          await checkReferences(tx, req, { ...input, ...extra });
          const values = toValues({ ...input, ...extra });
          if ('updatedAt' in getTableColumns(table)) values.updatedAt = sql`now()`;
          const [row] = await tx.update(table).set(values as never).where(base(req, id)).returning(fields);
          const answer = (await def.afterWrite?.(tx, req, row as Row, { ...input, ...extra }, current)) ?? row;
          return (await withRelated(tx, req, [answer as Row]))[0];
        })
        .catch(uniqueViolation);
      return { message: message('updated', data as Row), data } satisfies Answer<Row>;
    });

    app.delete(`${def.base}/delete/:id`, { config: cfg('delete') }, async (req) => {
      const id = readId(req);
      const deleted = await req
        .tenantTx(async (tx) => {
          const current = await find(tx, req, id);
          def.authorize?.(req, 'delete', current);
          await def.beforeDelete?.(tx, req, current);
          await tx.delete(table).where(base(req, id));
          return current;
        })
        .catch(inUse);
      return { message: message('deleted', deleted as Row) } satisfies Deleted;
    });
  }

  const resource = { def, routes, list, get, listQuery, searchedColumns };
  registry.push(resource as unknown as Resource);
  return resource;
}

/** What the rest of the server (and the list-plan test) may ask of any declared resource. */
export interface Resource {
  def: ResourceDef;
  /** the list's conditions (tenant, scope, search, filters) and order for a request */
  listQuery(req: FastifyRequest): { cond: SQL | undefined; order: SQL[]; searching: boolean };
  /** the columns (or expressions) a search reads */
  searchedColumns(): (AnyPgColumn | SQL)[];
}

const registry: Resource[] = [];
/** Every resource declared so far (each module declares its own when imported). */
export const declaredResources = (): readonly Resource[] => registry;

/**
 * An update changes only what it is sent: every field optional, and a field's default (enabled
 * true, type 'normal') left out, so a PUT without `enabled` keeps a disabled record disabled.
 * zod's own partial() would fill those defaults in.
 */
export function partialUpdate(schema: z.ZodObject): z.ZodType {
  const undefaulted = Object.fromEntries(
    Object.entries(schema.shape)
      .filter(([, field]) => field instanceof z.ZodDefault)
      .map(([key, field]) => [key, (field as z.ZodDefault<z.ZodType>).unwrap().optional()]),
  );
  return schema.partial().extend(undefaulted);
}

/**
 * The update schema of a resource: every field optional and, unlike zod's partial(),
 * without defaults, so a field left out of an update keeps its stored value.
 */
export function partialWithoutDefaults(schema: z.ZodObject): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    shape[key] = (field instanceof z.ZodDefault ? (field.unwrap() as unknown as z.ZodType) : field).optional();
  }
  return z.object(shape);
}

/** Query-string values are text; compare them as the column's own type, 422 when they cannot be. */
function coerce(field: string, col: AnyPgColumn, value: unknown): unknown {
  const v = String(value);
  const bad = () => new ValidationError({ [field]: [`The selected ${field.replace(/_/g, ' ')} is invalid.`] });
  switch (col.dataType) {
    case 'boolean':
      if (['true', '1'].includes(v)) return true;
      if (['false', '0'].includes(v)) return false;
      throw bad();
    case 'number':
      if (!/^-?\d{1,15}$/.test(v)) throw bad();
      return Number(v);
    default: {
      const allowed = (col as unknown as { enumValues?: string[] }).enumValues;
      if (allowed?.length && !allowed.includes(v)) throw bad();
      if (v.length > 255) throw bad();
      return v;
    }
  }
}
