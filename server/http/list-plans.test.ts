import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { getTableName } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../common/permissions.js';
import { rows, type Tx } from '../db/client.js';
import { withTenant } from '../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../testing/app.js';
import { declaredResources, type Resource } from './resource.js';

/**
 * The plans of list queries, read as the app role under row-level security: a search must be
 * answered by trigram indexes and page 1 by a sort index, never by reading the company's rows
 * one by one (docs/decisions/0020-lists-at-scale.md). Planner switches that make a sequential
 * scan the last resort show whether an index *can* answer; the contacts test then shows the
 * planner choosing them on its own over 20,000 rows.
 */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

async function explain(tx: Tx, query: SQL | { getSQL(): SQL }): Promise<PlanNode[]> {
  const [row] = await rows<Record<string, unknown>>(tx, sql`explain (format json) ${query}`);
  const raw = Object.values(row)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return nodes(plan[0].Plan);
}

/** A searched column as the plan names it (a plain column's name), or null for an expression. */
const columnName = (c: unknown) => ((c as AnyPgColumn).columnType ? (c as AnyPgColumn).name : null);

/**
 * Members are the exception: a company has tens of them, and they are searched and sorted by
 * their user's name through the users table (a subquery), which no index of memberships holds.
 */
const EXEMPT = new Set(['/users']);

let t: TestApp;
let tenantId: number;
let userId: number;
let otherTenant: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Plans');
  const b = await seedTenant(t.database, 'Others');
  tenantId = a.tenantId;
  userId = a.userId;
  otherTenant = b.tenantId;
});
afterAll(async () => t?.close());

function request(query: Record<string, string>): FastifyRequest {
  return {
    tenant: { id: tenantId, name: 'Plans', timezone: 'UTC', logo_light: null, logo_dark: null },
    user: { id: userId },
    permissions: new Set(PERMISSIONS),
    query,
    url: '/plans',
  } as unknown as FastifyRequest;
}

const resources = () => declaredResources().filter((r) => !EXEMPT.has(r.def.base));

describe('every resource list, as the app role', () => {
  it('knows the resources (the app declares them)', () => {
    expect(resources().length).toBeGreaterThanOrEqual(12);
  });

  it('has a trigram index on every searchable column, and ILIKE may use it under row-level security', async () => {
    const indexed = await t.database.query<{ tablename: string; column: string }>(
      `select c.relname as tablename, a.attname as column
         from pg_index i
         join pg_class c on c.oid = i.indrelid
         join pg_class ic on ic.oid = i.indexrelid
         join pg_am am on am.oid = ic.relam and am.amname = 'gin'
         join pg_opclass oc on oc.oid = i.indclass[0] and oc.opcname = 'gin_trgm_ops'
         join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]`,
    );
    const has = new Set(indexed.map((r) => `${r.tablename}.${r.column}`));
    const missing: string[] = [];
    for (const r of resources().filter((x) => x.def.searchable?.length)) {
      for (const searched of r.searchedColumns()) {
        const name = columnName(searched);
        const where = `${getTableName(r.def.table)}.${name}`;
        if (!name) missing.push(`${r.def.base}: searches an expression no index holds`);
        else if (!has.has(where)) missing.push(`${r.def.base}: no trigram index on ${where}`);
      }
    }
    expect(missing).toEqual([]);
    const [ilike] = await t.database.query<{ proleakproof: boolean }>(`select proleakproof from pg_proc where proname = 'texticlike'`);
    expect(ilike.proleakproof).toBe(true);
  });

  it('answers page 1 in its default order from an index: no sequential scan, no sort of the whole company', async () => {
    const failures: string[] = [];
    for (const r of resources()) {
      const { cond, order } = r.listQuery(request({}));
      const table = r.def.table;
      const plan = await withTenant(t.database, tenantId, async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        return explain(tx, tx.select({ id: table.id }).from(table).where(cond).orderBy(...order).limit(50));
      });
      if (plan.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === getTableName(table))) {
        failures.push(`${r.def.base}: sequential scan`);
      }
      if (plan.some((n) => n['Node Type'] === 'Sort')) failures.push(`${r.def.base}: sorts every row (no index in ${r.def.defaultSort?.join(' ') ?? 'id desc'} order)`);
    }
    expect(failures).toEqual([]);
  });
});

describe('contacts over 20,000 rows, with no planner switches', () => {
  let contacts: Resource;

  beforeAll(async () => {
    contacts = declaredResources().find((r) => r.def.base === '/accounting/contacts')!;
    for (const [tenant, n] of [
      [tenantId, 20_000],
      [otherTenant, 5_000],
    ] as const) {
      await t.database.query(
        `insert into contacts (tenant_id, type, name, email, phone, currency_code)
         select $1, case when g % 5 = 0 then 'vendor' else 'customer' end, 'Contact ' || g, 'c' || g || '@example.test',
                '+2547' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'), 'USD'
           from generate_series(1, $2::int) g`,
        [tenant, n],
      );
    }
    await t.database.query('analyze contacts');
  });

  const planOf = (query: Record<string, string>) => {
    const { cond, order } = contacts.listQuery(request(query));
    const table = contacts.def.table;
    return withTenant(t.database, tenantId, (tx) => explain(tx, tx.select({ id: table.id }).from(table).where(cond).orderBy(...order).limit(50)));
  };

  it.each([
    ['a name', 'Contact 4242'],
    ['a phone fragment', '0081593'],
    ['an email fragment', 'c1777@'],
  ])('searches %s through the trigram index of its search text', async (_what, search) => {
    const plan = await planOf({ search });
    const shown = plan.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''} ${n['Index Cond'] ?? ''} ${n.Filter ?? ''}`);
    expect(plan.filter((n) => n['Node Type'] === 'Seq Scan'), shown.join('\n')).toEqual([]);
    expect(plan.some((n) => n['Index Name'] === 'contacts_search_text_trgm_idx'), shown.join('\n')).toBe(true);
  });

  it('reads page 1 of every customer, and of vendors, in index order', async () => {
    for (const [query, index] of [
      [{}, 'contacts_tenant_name_idx'],
      [{ type: 'vendor' }, 'contacts_tenant_type_name_idx'],
    ] as const) {
      const plan = await planOf(query);
      expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' || n['Node Type'] === 'Sort')).toEqual([]);
      expect(plan.some((n) => n['Index Name'] === index)).toBe(true);
    }
  });
});
