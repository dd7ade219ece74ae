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
import { searchStatement } from './search.js';
import { installedModules } from '../modules/kazi-module.js';

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
/** the filter a list cannot be asked without */
const REQUIRED_FILTERS: Record<string, Record<string, string>> = { '/groups/participants': { group_id: '1' } };

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
/** every kind of record the top bar's search finds (server/http/search.ts) */
const searchKinds = () => installedModules().flatMap((m) => m.search ?? []);

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
    for (const k of searchKinds()) {
      const where = `${getTableName(k.table)}.${k.searchColumn.name}`;
      if (!has.has(where)) missing.push(`search kind ${k.kind}: no trigram index on ${where}`);
    }
    expect(missing).toEqual([]);
    const [ilike] = await t.database.query<{ proleakproof: boolean }>(`select proleakproof from pg_proc where proname = 'texticlike'`);
    expect(ilike.proleakproof).toBe(true);
  });

  it('answers page 1 in its default order from an index: no sequential scan, no sort of the whole company', async () => {
    const failures: string[] = [];
    for (const r of resources()) {
      // a list that is always of one parent (a group's participants) is asked as its page asks it
      const { cond, order } = r.listQuery(request(REQUIRED_FILTERS[r.def.base] ?? {}));
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

describe("the top bar's search (GET /search/json), as the app role", () => {
  it('knows the kinds (customers, vendors, items, invoices, bills, estimates, transactions, contacts, segments)', () => {
    expect(searchKinds().map((k) => k.kind)).toEqual(
      expect.arrayContaining(['customers', 'vendors', 'items', 'invoices', 'bills', 'estimates', 'transactions', 'contacts', 'segments']),
    );
  });

  beforeAll(async () => {
    // 20,000 rows of every searched kind in the company, so the planner weighs the costs it will meet (at 3,000 a sequential scan is cheaper)
    const q = (text: string) => t.database.query(text, [tenantId]);
    await q(
      `insert into contacts (tenant_id, type, name, email, currency_code)
       select $1, case when g % 2 = 0 then 'vendor' else 'customer' end, 'Searched ' || g, 's' || g || '@example.test', 'USD' from generate_series(1, 20000) g`,
    );
    await q(`insert into bank_accounts (tenant_id, name, number, currency_code, opening_date) values ($1, 'Searched bank', 'S-1', 'USD', '2026-01-01')`);
    await q(`insert into items (tenant_id, name, description) select $1, 'Item ' || g, 'Sold by the box' from generate_series(1, 20000) g`);
    await q(
      `insert into transactions (tenant_id, type, number, bank_account_id, paid_at, amount, currency_code, currency_rate, reference)
       select $1, 'income', 'TRA-' || lpad(g::text, 5, '0'), (select max(id) from bank_accounts where tenant_id = $1), '2026-01-01', 1, 'USD', 1, 'REF-' || g
         from generate_series(1, 20000) g`,
    );
    await q(
      `insert into documents (tenant_id, type, document_number, issued_at, currency_code, currency_rate, contact_id, contact_name)
       select $1, d.type, upper(left(d.type, 3)) || '-' || lpad(g::text, 5, '0'), '2026-01-01', 'USD', 1,
              (select max(id) from contacts where tenant_id = $1), 'Searched customer'
         from generate_series(1, 20000) g cross join (values ('invoice'), ('bill'), ('estimate')) d(type)`,
    );
    await q(
      `insert into outreach_contacts (tenant_id, first_name, last_name, phone, email)
       select $1, 'Reached', 'No ' || g, '+2547' || lpad(g::text, 8, '0'), 'r' || g || '@example.test' from generate_series(1, 20000) g`,
    );
    await q(`insert into segments (tenant_id, name) select $1, 'Segment ' || g from generate_series(1, 20000) g`);
    // VACUUM as autovacuum would: it moves the GIN indexes' pending lists (fresh inserts) into the index proper
    for (const table of ['items', 'transactions', 'documents', 'contacts', 'outreach_contacts', 'segments']) await t.database.query(`vacuum analyze ${table}`);
  });

  it("answers every kind from its trigram index: no sequential scan of any kind's table", async () => {
    const plan = await withTenant(t.database, tenantId, (tx) => explain(tx, searchStatement(searchKinds(), tenantId, '04242')!));
    const shown = plan.map((n) => `${n['Node Type']} ${n['Relation Name'] ?? ''} ${n['Index Name'] ?? ''}`).join('\n');
    expect(plan.filter((n) => n['Node Type'] === 'Seq Scan'), shown).toEqual([]);
    for (const k of searchKinds()) {
      const index = `${getTableName(k.table)}_${k.searchColumn.name}_trgm_idx`;
      expect(plan.some((n) => n['Index Name'] === index), `${k.kind}: ${index}\n${shown}`).toBe(true);
    }
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
    // as autovacuum would, sooner or later: the trigram index's pending list (the fresh rows) moved into the index proper,
    // so the plan does not depend on whether autovacuum has come by yet
    await t.database.query('vacuum analyze contacts');
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

  it("the top bar's search reads contacts through the trigram index, not the company's rows", async () => {
    for (const phrase of ['Contact 4242', '0081593', 'c1777@']) {
      const kinds = searchKinds().filter((k) => getTableName(k.table) === 'contacts');
      const plan = await withTenant(t.database, tenantId, (tx) => explain(tx, searchStatement(kinds, tenantId, phrase)!));
      const shown = plan.map((n) => `${n['Node Type']} ${n['Relation Name'] ?? ''} ${n['Index Name'] ?? ''}`).join('\n');
      expect(plan.filter((n) => n['Node Type'] === 'Seq Scan'), shown).toEqual([]);
      expect(plan.some((n) => n['Index Name'] === 'contacts_search_text_trgm_idx'), shown).toBe(true);
    }
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
