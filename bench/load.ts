/**
 * autocannon in a process of its own, so the server under test keeps its event loop (and the
 * load generator does not share one with it).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const autocannonBin = join(import.meta.dirname, '..', 'node_modules', 'autocannon', 'autocannon.js');

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function load(url: string, headers: Record<string, string>, o: { seconds: number; connections: number }): Promise<LoadResult> {
  const args = ['-j', '-c', String(o.connections), '-d', String(o.seconds), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  const { stdout } = await run(process.execPath, [autocannonBin, ...args], { maxBuffer: 1 << 24 });
  const r = JSON.parse(stdout);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

/** Signs in like a browser (guest session + XSRF cookie, then the form post); answers the Cookie header. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${base}/login`));
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json', cookie: cookie(), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN')!) },
    body: JSON.stringify({ email, password }),
  });
  keep(login);
  if (login.status !== 204 && login.status !== 303) throw new Error(`sign-in failed: ${login.status}`);
  return cookie();
}
