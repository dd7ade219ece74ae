import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like client over app.inject: keeps cookies, sends the XSRF token
 * back like Inertia and RTK Query do, and marks JSON calls as script calls.
 */
export class TestClient {
  cookies = new Map<string, string>();
  /** the asset version Inertia clients echo; learned from the first HTML page */
  version: string | null = null;
  constructor(private app: FastifyInstance) {}

  private async learnVersion() {
    const res = await this.app.inject({ method: 'GET', url: '/login', headers: { host: 'kazi.test' } });
    const m = res.body.match(/<script data-page="app" type="application\/json"[^>]*>([\s\S]*?)<\/script>/);
    this.version = m ? JSON.parse(m[1]).version : '';
  }

  get xsrf() {
    const v = this.cookies.get('XSRF-TOKEN');
    return v ? decodeURIComponent(v) : undefined;
  }

  async request(
    method: Method,
    url: string,
    opts: { body?: unknown; headers?: Record<string, string>; json?: boolean; inertia?: boolean; xsrf?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { host: 'kazi.test', ...opts.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (opts.json) {
      headers['x-requested-with'] = 'XMLHttpRequest';
      headers.accept = 'application/json';
    }
    if (opts.inertia) {
      if (this.version === null) await this.learnVersion();
      headers['x-inertia-version'] ??= this.version!;
      headers['x-inertia'] = 'true';
      headers['x-requested-with'] = 'XMLHttpRequest';
    }
    if (method !== 'GET' && opts.xsrf !== false && this.xsrf) headers['x-xsrf-token'] = this.xsrf;
    const req: InjectOptions = { method, url, headers };
    if (opts.body !== undefined) req.payload = opts.body as InjectOptions['payload'];
    const res = await this.app.inject(req);
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string, opts: Parameters<TestClient['request']>[2] = {}) {
    return this.request('GET', url, opts);
  }
  post(url: string, body?: unknown, opts: Parameters<TestClient['request']>[2] = {}) {
    return this.request('POST', url, { ...opts, body });
  }
  put(url: string, body?: unknown, opts: Parameters<TestClient['request']>[2] = {}) {
    return this.request('PUT', url, { ...opts, body });
  }
  delete(url: string, opts: Parameters<TestClient['request']>[2] = {}) {
    return this.request('DELETE', url, opts);
  }
  json(method: Method, url: string, body?: unknown) {
    return this.request(method, url, { body, json: true });
  }

  /** Signs in through the real login form. */
  async login(email: string, password: string) {
    await this.get('/login');
    const res = await this.post('/login', { email, password }, { inertia: true });
    if (res.statusCode !== 303) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res;
  }
}
