import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../testing/app.js';
import type { Database } from './client.js';

/**
 * Reads the live catalogue and enforces ARCHITECTURE "Tenancy and security":
 * a table with tenant_id has primary key (tenant_id, id), forced RLS with a
 * policy, tenant_id in every unique constraint/index and every foreign key to
 * another tenant table; global tables never point at tenant tables.
 */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await cloneDatabase());
});
afterAll(() => drop());

// credit_rate_settings: the platform operator's credit rates, one row (wallet, migration 0013)
// auth_epoch: one number, no tenant data (the session context cache, migration 0009)
// platform_operators: the people who run the platform, read by the owner connection only (decision 0031)
const GLOBAL_TABLES = ['tenants', 'users', 'sessions', 'password_reset_tokens', 'auth_epoch', 'platform_operators', 'credit_rate_settings', 'delivery_throttles', 'socket_io_attachments', 'plans'];

describe('database catalogue', () => {
  it('lists every public table as either tenant-owned or a known global table', async () => {
    const tables = await database.query<{ relname: string; tenant: boolean }>(`
      select c.relname, exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as tenant
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
    const unknownGlobal = tables.filter((t) => !t.tenant && !GLOBAL_TABLES.includes(t.relname)).map((t) => t.relname);
    expect(unknownGlobal, 'global tables must be listed here on purpose').toEqual([]);
    expect(tables.filter((t) => t.tenant).length).toBeGreaterThanOrEqual(4);
  });

  it('every tenant table has primary key (tenant_id, id), forced RLS and a tenant policy', async () => {
    const bad = await database.query<{ relname: string; problem: string }>(`
      with t as (
        select c.oid, c.relname, c.relrowsecurity, c.relforcerowsecurity
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p')
           and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped))
      select relname, 'rls not enabled' as problem from t where not relrowsecurity
      union all select relname, 'rls not forced' from t where not relforcerowsecurity
      union all select relname, 'no tenant policy' from t
        where not exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = t.relname
                           and p.qual like '%app.tenant_id%' and p.with_check like '%app.tenant_id%')
      union all select relname, 'primary key is not (tenant_id, id)' from t
        where (select array_agg(a.attname::text order by k.ord)
                 from pg_constraint con
                 cross join unnest(con.conkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
                where con.conrelid = t.oid and con.contype = 'p') is distinct from array['tenant_id', 'id']`);
    expect(bad).toEqual([]);
  });

  it('every unique constraint and unique index of a tenant table includes tenant_id', async () => {
    const bad = await database.query<{ relname: string; index: string }>(`
      select c.relname, i.relname as index
        from pg_index x
        join pg_class c on c.oid = x.indrelid
        join pg_class i on i.oid = x.indexrelid
        join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and x.indisunique
         and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id')
         and not exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id'
                          and a.attnum = any (x.indkey))`);
    expect(bad).toEqual([]);
  });

  it('foreign keys between tenant tables carry tenant_id; global tables never point at tenant tables', async () => {
    const fks = await database.query<{ child: string; parent: string; cols: string[]; child_tenant: boolean; parent_tenant: boolean }>(`
      select c.relname as child, p.relname as parent,
             (select array_agg(a.attname::text) from unnest(con.conkey) k join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k) as cols,
             exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id') as child_tenant,
             exists (select 1 from pg_attribute a where a.attrelid = p.oid and a.attname = 'tenant_id') as parent_tenant
        from pg_constraint con
        join pg_class c on c.oid = con.conrelid
        join pg_class p on p.oid = con.confrelid
        join pg_namespace n on n.oid = c.relnamespace
       where con.contype = 'f' and n.nspname = 'public'`);
    expect(fks.length).toBeGreaterThan(0);
    const bad = fks.filter(
      (f) => (f.child_tenant && f.parent_tenant && !f.cols.includes('tenant_id')) || (!f.child_tenant && f.parent_tenant),
    );
    expect(bad).toEqual([]);
  });
});
