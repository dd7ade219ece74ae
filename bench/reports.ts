/**
 * How fast the reports read a big ledger: a company with 100,000+ journal lines (three years of
 * sales and expenses over 10 income and 20 expense accounts, plus tax postings) and 2,000 open
 * invoices, written with INSERT … SELECT generate_series. Each report type's figures are read
 * several times, inside a tenant transaction (the query and the table built from it) and over
 * HTTP (GET /reports/{id}/data); the median of the runs is printed.
 *
 *   npx tsx bench/reports.ts                     # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/reports.ts
 *   ENTRIES=100000 RUNS=9 npx tsx bench/reports.ts
 */
import { sql } from 'drizzle-orm';
import { todayIn } from '../common/reports/periods.js';
import { REPORT_TYPES } from '../common/reports/types.js';
import { rows } from '../server/db/client.js';
import { withTenant } from '../server/db/tenancy.js';
import { contacts, taxes } from '../server/modules/accounting/schema.js';
import { ledgerAccounts } from '../server/modules/ledger/schema.js';
import { systemAccount } from '../server/modules/ledger/service.js';
import { buildReport, reportContext } from '../server/modules/reports/build.js';
import { reports } from '../server/modules/reports/schema.js';
import { startBench } from './harness.js';

const ENTRIES = Number(process.env.ENTRIES ?? 50_000); // two lines each
const RUNS = Number(process.env.RUNS ?? 7);
const bench = await startBench();
const { database, tenantId } = bench;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const t0 = performance.now();
const lineCount = await withTenant(database, tenantId, async (tx) => {
  const [{ code }] = await rows<{ code: string }>(tx, sql`select code from currencies where is_default`);
  const account = async (code: string, name: string, type: 'asset' | 'income' | 'expense' | 'liability', taxId?: number) =>
    (await tx.insert(ledgerAccounts).values({ tenantId, code, name, type, taxId }).returning({ id: ledgerAccounts.id }))[0].id;
  const bank = await account('1001', 'Bench bank', 'asset');
  const income: number[] = [];
  for (let i = 0; i < 10; i++) income.push(await account(String(4100 + i), `Income ${i + 1}`, 'income'));
  const expense: number[] = [];
  for (let i = 0; i < 20; i++) expense.push(await account(String(6100 + i), `Expense ${i + 1}`, 'expense'));
  const [vat] = await tx.insert(taxes).values({ tenantId, name: 'Bench VAT', rate: '16' }).returning({ id: taxes.id });
  const vatAccount = await account('2201', 'Bench VAT', 'liability', vat.id);
  const receivables = await systemAccount(tx, tenantId, 'receivables');
  const arr = (ids: number[]) => sql.raw(`array[${ids.join(',')}]::bigint[]`);

  // entries over three years up to the end of this one; amounts 1.00 … 1,000.99
  await tx.execute(sql`
    insert into journal_entries (tenant_id, date, description, source_type, source_id)
    select ${tenantId}, (date_trunc('year', now())::date - 730) + (g % 1095), 'Bench ' || g, 'bench', g
      from generate_series(1, ${ENTRIES}) g`);
  await tx.execute(sql`
    insert into journal_lines (tenant_id, entry_id, ledger_account_id, date, currency_code, amount, currency_rate, base_amount)
    select e.tenant_id, e.id, x.account, e.date, ${code}, x.amount, 1, x.amount
      from journal_entries e
      cross join lateral (select ((e.source_id * 7919) % 100000) / 100.0 + 1 as v, e.source_id % 3 = 0 as spend) a
      cross join lateral (values
        (${bank}::bigint, case when a.spend then -a.v else a.v end),
        (case when a.spend then (${arr(expense)})[1 + e.source_id % 20] else (${arr(income)})[1 + e.source_id % 10] end, case when a.spend then a.v else -a.v end)
      ) x(account, amount)
     where e.tenant_id = ${tenantId} and e.source_type = 'bench'`);
  // tax: every tenth entry's VAT, collected (credit) or paid (debit) against receivables
  await tx.execute(sql`
    insert into journal_entries (tenant_id, date, description, source_type, source_id)
    select ${tenantId}, (date_trunc('year', now())::date - 730) + (g % 1095), 'Bench VAT ' || g, 'bench_tax', g
      from generate_series(1, ${Math.floor(ENTRIES / 10)}) g`);
  await tx.execute(sql`
    insert into journal_lines (tenant_id, entry_id, ledger_account_id, date, currency_code, amount, currency_rate, base_amount)
    select e.tenant_id, e.id, x.account, e.date, ${code}, x.amount, 1, x.amount
      from journal_entries e
      cross join lateral (values (${vatAccount}::bigint, case when e.source_id % 4 = 0 then 16 else -16 end), (${receivables}::bigint, case when e.source_id % 4 = 0 then -16 else 16 end)) x(account, amount)
     where e.tenant_id = ${tenantId} and e.source_type = 'bench_tax'`);

  // 2,000 issued invoices and bills over the last year, for the ageing reports
  const [c] = await tx.insert(contacts).values({ tenantId, type: 'customer', name: 'Bench customer' }).returning({ id: contacts.id });
  await tx.execute(sql`
    insert into documents (tenant_id, type, document_number, status, issued_at, due_at, currency_code, currency_rate, contact_id, contact_name, total)
    select ${tenantId}, case when g % 2 = 0 then 'invoice' else 'bill' end, 'B-' || g, 'sent', current_date - (g % 365), current_date - (g % 365) + 30,
           ${code}, 1, ${c.id}, 'Bench customer', 100 + g
      from generate_series(1, 2000) g`);
  await tx.execute(sql`analyze journal_lines`).catch(() => undefined);
  const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from journal_lines`);
  await tx.insert(reports).values(REPORT_TYPES.map((type) => ({ tenantId, name: `Bench ${type}`, type, settings: { period: 'month', range: 'this_year' } })));
  return n;
});
console.log(`${bench.kind}: ${lineCount.toLocaleString('en')} journal lines written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const defs = await withTenant(database, tenantId, (tx) => rows<{ id: number; name: string; type: (typeof REPORT_TYPES)[number]; settings: unknown }>(tx, sql`select id::int as id, name, type, settings from reports order by id`));
const headers = { cookie: bench.cookie, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
const readings: [string, Record<string, string>][] = [
  ['this year, monthly', {}],
  ['3 years, monthly', { range: 'custom', date_from: `${new Date().getUTCFullYear() - 2}-01-01`, date_to: `${new Date().getUTCFullYear()}-12-31` }],
];
console.log(`median of ${RUNS} runs (ms): builder in a tenant transaction / HTTP GET /reports/{id}/data`);
for (const def of defs) {
  for (const [label, query] of readings) {
    if (label !== readings[0][0] && !['income_summary', 'expense_summary', 'income_expense', 'profit_loss', 'tax_summary'].includes(def.type)) continue;
    const direct: number[] = [];
    const http: number[] = [];
    let rowsOut = 0;
    for (let i = 0; i < RUNS; i++) {
      const a = performance.now();
      const data = await withTenant(database, tenantId, async (tx) => buildReport(tx, await reportContext(tx, tenantId, todayIn('UTC')), { ...def, description: null }, query as never));
      direct.push(performance.now() - a);
      rowsOut = data.rows.length;
      const b = performance.now();
      const res = await fetch(`${bench.base}/reports/${def.id}/data?${new URLSearchParams(query)}`, { headers });
      if (res.status !== 200) throw new Error(`${def.type}: ${res.status} ${await res.text()}`);
      await res.json();
      http.push(performance.now() - b);
    }
    const what = ['income_summary', 'expense_summary', 'income_expense', 'profit_loss', 'tax_summary'].includes(def.type) ? label : 'as of today';
    console.log(`${def.type.padEnd(20)} ${what.padEnd(18)} ${median(direct).toFixed(1).padStart(7)} / ${median(http).toFixed(1).padStart(7)}   (${rowsOut} rows)`);
  }
}
await bench.close();
