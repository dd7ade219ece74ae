import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** the body's bytes as they came (binary uploads: the S3 stand-in) */
  raw: Buffer;
}

export type Handler = (req: Received, res: ServerResponse) => void | Promise<void>;

/** A node:http server on `port` (0: a free one), answering 500 with the error's message when a handler throws. */
export async function listen(handler: Handler, port = 0, host = '127.0.0.1'): Promise<{ server: Server; url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const received = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: raw.toString('utf8'), raw };
      Promise.resolve()
        .then(() => handler(received, res))
        .catch((e: unknown) => {
          if (!res.headersSent) json(res, 500, { error: { message: e instanceof Error ? e.message : String(e) } });
          else res.end();
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return {
    server,
    url: `http://${shown}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(body);
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { Location: location });
  res.end();
}

export { escapeHtml } from '../../../common/html.js';

export interface Delivery {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** the receiver's HTTP status, or null when it could not be reached */
  status: number | null;
  answer: string;
  error?: string;
}

/** POSTs a callback or webhook and records what came back; never throws. */
export async function deliver(url: string, body: string, headers: Record<string, string>): Promise<Delivery> {
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    return { url, body, headers, status: res.status, answer: await res.text() };
  } catch (e) {
    return { url, body, headers, status: null, answer: '', error: e instanceof Error ? e.message : String(e) };
  }
}

/** Resolves waiters when a matching item is recorded: tests wait on the arrival itself, never on a clock. */
export class Arrivals<T> {
  readonly items: T[] = [];
  private waiters = new Set<() => void>();

  push(item: T) {
    this.items.push(item);
    for (const wake of [...this.waiters]) wake();
  }

  waitFor(match: (item: T) => boolean = () => true, timeoutMs = 20_000, what = 'an arrival'): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.items.find(match);
        if (found === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }
}
