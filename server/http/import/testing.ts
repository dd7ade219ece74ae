import type { LightMyRequestResponse } from 'fastify';
import ExcelJS from 'exceljs';
import type { TestClient } from '../../testing/client.js';

/** A multipart body with one file, as a browser's FormData sends it. */
export function multipartFile(filename: string, data: Buffer | string, field = 'file', type = 'application/octet-stream') {
  const boundary = '----kazi' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    typeof data === 'string' ? Buffer.from(data) : data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

export function upload(c: TestClient, base: string, filename: string, data: Buffer | string): Promise<LightMyRequestResponse> {
  const m = multipartFile(filename, data);
  return c.request('POST', `${base}/import/upload`, { body: m.body, headers: { 'content-type': m.type }, json: true });
}

/** Polls the status until the job has finished (done or failed). */
export async function waitForImport(c: TestClient, base: string, id: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = (await c.get(`${base}/import/status/${id}`, { json: true })).json();
    if (s.state === 'done' || s.state === 'failed') return s as { state: string; processed: number; total: number; imported: number; message: string };
    if (Date.now() > until) throw new Error(`import still ${s.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An XLSX file of one sheet (cells as given: strings, numbers, booleans, dates). */
export async function xlsxFile(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The rows of an XLSX file's first sheet as ExcelJS reads them (index 0 dropped). */
export async function readXlsxRows(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}
