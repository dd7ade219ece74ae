/**
 * How long a 10,000-row import takes end to end over HTTP: upload (parse + store), preview
 * (validate every row, references in bulk) and commit (the job: one transaction, multi-row
 * INSERTs) until the status says done. Customers and items; CSV and XLSX for customers.
 *
 *   npx tsx bench/import.ts                     # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/import.ts
 *   ROWS=50000 npx tsx bench/import.ts          # another size
 * Transactions (TX_ROWS, default 10,000) are timed too: each posts a journal entry, written
 * for a whole chunk at once by the banking service's postTransactions.
 * Invoice lines (INVOICE_LINES, default 1,000; four lines an invoice) are timed too: the
 * documents' bulk path (server/modules/documents/bulk.ts) checks every invoice with what it
 * reads loaded once per file, and the commit writes them with a few multi-row INSERTs a chunk.
 */
import ExcelJS from 'exceljs';
import { writeCsv } from '../server/http/import/csv.js';
import { withTenant } from '../server/db/tenancy.js';
import { taxes } from '../server/modules/accounting/schema.js';
import { startBench } from './harness.js';

const ROWS = Number(process.env.ROWS ?? 10_000);
const TX_ROWS = Number(process.env.TX_ROWS ?? 10_000);
const INVOICE_LINES = Number(process.env.INVOICE_LINES ?? 1_000);

const bench = await startBench();
const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(bench.cookie)![1]);
const headers = { cookie: bench.cookie, 'x-xsrf-token': xsrf, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(bench.base + path, {
    method,
    headers: body instanceof FormData ? headers : { ...headers, 'content-type': 'application/json' },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

async function run(label: string, base: string, filename: string, file: Buffer) {
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), filename);
  const up = await call('POST', `${base}/import/upload`, form);
  const t1 = performance.now();
  const preview = await call('POST', `${base}/import/preview/${up.id}`, { mapping: up.mapping });
  if (preview.invalid) throw new Error(`${label}: ${preview.invalid} invalid rows: ${JSON.stringify(preview.errors.slice(0, 3))}`);
  const t2 = performance.now();
  await call('POST', `${base}/import/commit/${up.id}`, {});
  let status;
  for (;;) {
    status = await call('GET', `${base}/import/status/${up.id}`);
    if (status.state === 'done' || status.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const t3 = performance.now();
  if (status.state !== 'done') throw new Error(`${label}: ${status.message}`);
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `${label.padEnd(22)} ${String(status.imported).padStart(6)} rows  ${(file.length / 1024).toFixed(0).padStart(5)} KB   upload ${s(t1 - t0)}   preview ${s(t2 - t1)}   commit ${s(t3 - t2)}   total ${s(t3 - t0)}`,
  );
}

const customers = [
  ['Name', 'Email', 'Phone', 'Tax number', 'Currency code', 'City', 'Country', 'Reference', 'Enabled'],
  ...Array.from({ length: ROWS }, (_, i) => [`Customer ${i}`, `c${i}@bench.test`, `+2547${String(i).padStart(8, '0')}`, `P${i}`, 'USD', 'Nairobi', 'Kenya', `C-${i}`, i % 9 ? 'yes' : 'no']),
];
await withTenant(bench.database, bench.tenantId, (tx) =>
  tx.insert(taxes).values([
    { tenantId: bench.tenantId, name: 'VAT', rate: '16' },
    { tenantId: bench.tenantId, name: 'Levy', rate: '1.5' },
  ]),
);
const items = [
  ['Name', 'Description', 'Sale price', 'Purchase price', 'Category', 'Taxes', 'Enabled'],
  ...Array.from({ length: ROWS }, (_, i) => [`Item ${i}`, `Bench item ${i}`, `${(i % 500) + 1}.50`, `${(i % 300) + 1}.25`, 'General', i % 3 ? 'VAT' : 'VAT, Levy', 'yes']),
];
const wb = new ExcelJS.Workbook();
const ws = wb.addWorksheet('Customers');
for (const r of customers) ws.addRow(r.map((c, i) => (i === 0 && r !== customers[0] ? c.replace('Customer', 'Sheet customer') : c)));
const xlsx = Buffer.from(await wb.xlsx.writeBuffer());

console.log(`Import benchmark on ${bench.kind} (${ROWS.toLocaleString('en')} rows per file; upload + preview + commit through the job queue)`);
try {
  await run('customers (CSV)', '/sales/customers', 'customers.csv', Buffer.from(writeCsv(customers)));
  await run('customers (XLSX)', '/sales/customers', 'customers.xlsx', xlsx);
  await run('items (CSV)', '/sales/items', 'items.csv', Buffer.from(writeCsv(items)));
  if (INVOICE_LINES > 0) {
    const lines = [
      ['Invoice number', 'Customer', 'Issued at', 'Item', 'Quantity', 'Price', 'Taxes'],
      ...Array.from({ length: INVOICE_LINES }, (_, i) => [`BINV-${Math.floor(i / 4)}`, `Customer ${Math.floor(i / 4) % Math.min(ROWS, 50)}`, '2026-02-01', `Item ${i % 20}`, String((i % 5) + 1), `${(i % 90) + 10}.25`, i % 2 ? 'VAT' : '']),
    ];
    await run('invoice lines (CSV)', '/sales/invoices', 'invoices.csv', Buffer.from(writeCsv(lines)));
  }
  if (TX_ROWS > 0) {
    await call('POST', '/banking/accounts/store', { name: 'Bench bank', number: '001', currency_code: 'USD', opening_balance: '1000' });
    const txs = [
      ['Type', 'Date', 'Amount', 'Account', 'Category', 'Description'],
      ...Array.from({ length: TX_ROWS }, (_, i) => (i % 2 ? ['income', '2026-01-15', `${(i % 90) + 10}.25`, 'Bench bank', 'Sales', `Sale ${i}`] : ['expense', '2026-01-16', '5', 'Bench bank', 'General expenses', `Cost ${i}`])),
    ];
    await run('transactions (CSV)', '/banking/transactions', 'transactions.csv', Buffer.from(writeCsv(txs)));
  }
} finally {
  await bench.close();
}
