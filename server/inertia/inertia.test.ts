import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { always, defer, inertiaPlugin, lazy, merge, optional, type InertiaFlashStore, type InertiaPage } from './index.js';

const VERSION = 'v-abc123';

/** In-memory flash keyed by the `x-test-session` header: put now, pull on a later request. */
class MemoryFlash implements InertiaFlashStore {
  data = new Map<string, Map<string, unknown>>();
  reflashed: string[] = [];
  private bucket(req: FastifyRequest) {
    const sid = String(req.headers['x-test-session'] ?? 'anon');
    let b = this.data.get(sid);
    if (!b) this.data.set(sid, (b = new Map()));
    return b;
  }
  put(req: FastifyRequest, key: string, value: unknown) {
    this.bucket(req).set(key, value);
  }
  pull(req: FastifyRequest, key: string) {
    const b = this.bucket(req);
    const v = b.get(key);
    b.delete(key);
    return v;
  }
  reflash(req: FastifyRequest) {
    this.reflashed.push(String(req.headers['x-test-session'] ?? 'anon'));
  }
}

let app: FastifyInstance;
let flash: MemoryFlash;
let calls: Record<string, number>;
const bump = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);

beforeEach(async () => {
  flash = new MemoryFlash();
  calls = {};
  app = Fastify();
  await app.register(inertiaPlugin, {
    version: () => VERSION,
    renderRoot: (html, page) => `<!doctype html><html><head><title>${page.component}</title></head><body>${html}</body></html>`,
    share: () => ({ appName: 'Kazi', user: { id: 1 }, title: 'shared title' }),
    flash,
  });

  app.get('/dashboard', (req, reply) => {
    bump('dashboard');
    return reply.inertia('Dashboard', {
      title: 'Dashboard',
      stats: { open: 3, closed: 9 },
      isInertia: req.isInertia,
    });
  });
  app.get('/xss', (_req, reply) => reply.inertia('Xss', { evil: '</script><script>alert(1)</script><!--' }));
  app.get('/users', (_req, reply) =>
    reply.inertia('Users/Index', {
      users: () => (bump('users'), [{ id: 1 }]),
      filters: () => (bump('filters'), { q: 'x' }),
      counts: async () => (bump('counts'), { all: 2 }),
      flags: always(() => (bump('flags'), { beta: true })),
      report: optional(() => (bump('report'), 'report-data')),
      legacy: lazy(() => (bump('legacy'), 'legacy-data')),
      profile: { name: 'Ann', email: 'ann@example.test', secret: 's' },
    }),
  );
  app.get('/slow', (_req, reply) =>
    reply.inertia('Slow', {
      fast: 'now',
      activity: defer(() => (bump('activity'), ['a1'])),
      chart: defer(async () => (bump('chart'), [1, 2]), 'sidebar'),
      news: defer(() => (bump('news'), ['n1']), 'sidebar'),
    }),
  );
  app.get('/feed', (_req, reply) =>
    reply.inertia('Feed', {
      posts: merge(() => [{ id: 3 }]),
      tags: merge(['t']),
      more: merge(defer(() => ['m'])),
      plain: 1,
    }),
  );
  app.get('/missing', (_req, reply) => reply.code(404).inertia('Errors/NotFound'));
  app.get('/form', (_req, reply) => reply.inertia('Form'));
  app.get('/secret', (_req, reply) => reply.inertiaEncryptHistory().inertia('Secret'));
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE', 'GET'],
    url: '/go',
    handler: (_req, reply) => reply.inertiaRedirect('/dashboard'),
  });
  app.route({
    method: ['PUT', 'POST'],
    url: '/plain-redirect',
    handler: (_req, reply) => reply.redirect('/dashboard'),
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/external',
    handler: (_req, reply) => reply.inertiaLocation('https://billing.example.test/pay?x=1'),
  });
  app.post('/validate', (req, reply) => {
    const body = (req.body ?? {}) as { ok?: boolean };
    if (body.ok) return reply.inertiaBack();
    return reply.inertiaBack({ email: ['first email error', 'second'], name: 'name required' });
  });
  app.post('/logout', async (_req, reply) => {
    await reply.inertiaClearHistory();
    return reply.inertiaRedirect('/form');
  });
  await app.ready();
});

afterEach(async () => {
  await app.close();
});

const inertiaHeaders = (extra: Record<string, string> = {}) => ({
  'x-inertia': 'true',
  'x-inertia-version': VERSION,
  'x-test-session': 's1',
  ...extra,
});

const partial = (component: string, h: { data?: string; except?: string; reset?: string } = {}) =>
  inertiaHeaders({
    'x-inertia-partial-component': component,
    ...(h.data !== undefined ? { 'x-inertia-partial-data': h.data } : {}),
    ...(h.except !== undefined ? { 'x-inertia-partial-except': h.except } : {}),
    ...(h.reset !== undefined ? { 'x-inertia-reset': h.reset } : {}),
  });

async function visit(url: string, headers: Record<string, string> = inertiaHeaders()): Promise<InertiaPage> {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-inertia']).toBe('true');
  return res.json() as InertiaPage;
}

/** What the v3 client does: textContent of script[data-page="app"][type="application/json"]. */
function pageFromHtml(html: string): InertiaPage {
  const m = html.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script><div id="app"><\/div>/);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]) as InertiaPage;
}

describe('first visit (HTML)', () => {
  it('renders the root with a parseable page object and Vary: X-Inertia', async () => {
    const res = await app.inject({ method: 'GET', url: '/dashboard?tab=open&x=%2F', headers: { 'x-test-session': 's1' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-inertia']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/X-Inertia/);
    expect(res.body).toContain('<title>Dashboard</title>');
    const page = pageFromHtml(res.body);
    expect(page).toEqual({
      component: 'Dashboard',
      props: {
        appName: 'Kazi',
        user: { id: 1 },
        title: 'Dashboard',
        stats: { open: 3, closed: 9 },
        isInertia: false,
        errors: {},
      },
      url: '/dashboard?tab=open&x=%2F',
      version: VERSION,
      clearHistory: false,
      encryptHistory: false,
      sharedProps: ['appName', 'user', 'title'],
    });
  });

  it('escapes < and / so a prop value cannot close the script element', async () => {
    const res = await app.inject({ method: 'GET', url: '/xss' });
    const start = res.body.indexOf('<script data-page="app"');
    const firstClose = res.body.indexOf('</script>', start);
    // the first </script> after the opening tag is the real one, right before the mount div
    expect(res.body.slice(firstClose, firstClose + 29)).toBe('</script><div id="app"></div>');
    const raw = res.body.slice(res.body.indexOf('>', start) + 1, firstClose);
    expect(raw).not.toMatch(/[<]/);
    expect(raw).not.toContain('/');
    expect(raw).toContain('\\u003C\\u002Fscript>');
    expect(pageFromHtml(res.body).props.evil).toBe('</script><script>alert(1)</script><!--');
  });
});

describe('Inertia visit (JSON)', () => {
  it('answers the page object with X-Inertia and Vary headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/dashboard?tab=open', headers: inertiaHeaders() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-inertia']).toBe('true');
    expect(String(res.headers.vary)).toMatch(/X-Inertia/);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const page = res.json() as InertiaPage;
    expect(page.component).toBe('Dashboard');
    expect(page.url).toBe('/dashboard?tab=open');
    expect(page.version).toBe(VERSION);
    expect(page.props.isInertia).toBe(true);
    expect(page.props.errors).toEqual({});
    expect(page.clearHistory).toBe(false);
    expect(page.encryptHistory).toBe(false);
  });

  it('merges shared props under page props (page props win)', async () => {
    const page = await visit('/dashboard');
    expect(page.props.appName).toBe('Kazi');
    expect(page.props.user).toEqual({ id: 1 });
    expect(page.props.title).toBe('Dashboard'); // shared 'shared title' overridden
    const form = await visit('/form');
    expect(form.props.title).toBe('shared title');
  });

  it('keeps a status set by the handler', async () => {
    const res = await app.inject({ method: 'GET', url: '/missing', headers: inertiaHeaders() });
    expect(res.statusCode).toBe(404);
    expect((res.json() as InertiaPage).component).toBe('Errors/NotFound');
  });

  it('sets encryptHistory when the handler asks for it', async () => {
    expect((await visit('/secret')).encryptHistory).toBe(true);
    expect((await visit('/form')).encryptHistory).toBe(false);
  });
});

describe('asset versioning', () => {
  it('answers 409 with X-Inertia-Location on a GET with a stale version, without running the handler', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/dashboard?tab=1',
      headers: { ...inertiaHeaders(), 'x-inertia-version': 'old', host: 'kazi.test:8080' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-inertia-location']).toBe('http://kazi.test:8080/dashboard?tab=1');
    expect(res.body).toBe('');
    expect(calls.dashboard).toBeUndefined();
    expect(flash.reflashed).toEqual(['s1']);
  });

  it('treats a missing version header as stale', async () => {
    const res = await app.inject({ method: 'GET', url: '/dashboard', headers: { 'x-inertia': 'true' } });
    expect(res.statusCode).toBe(409);
  });

  it('does not version-check non-GET or non-Inertia requests', async () => {
    const post = await app.inject({ method: 'POST', url: '/go', headers: { ...inertiaHeaders(), 'x-inertia-version': 'old' } });
    expect(post.statusCode).toBe(303);
    const html = await app.inject({ method: 'GET', url: '/dashboard', headers: { 'x-inertia-version': 'old' } });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(flash.reflashed).toEqual([]);
  });
});

describe('partial reloads', () => {
  it('Partial-Data keeps only the named props plus always props and errors; others are never evaluated', async () => {
    const page = await visit('/users', partial('Users/Index', { data: 'users' }));
    expect(Object.keys(page.props).sort()).toEqual(['errors', 'flags', 'users']);
    expect(page.props.users).toEqual([{ id: 1 }]);
    expect(calls).toEqual({ users: 1, flags: 1 });
  });

  it('Partial-Except drops the named props and beats Partial-Data', async () => {
    const page = await visit('/users', partial('Users/Index', { except: 'filters,profile' }));
    expect(Object.keys(page.props).sort()).toEqual(['appName', 'counts', 'errors', 'flags', 'title', 'user', 'users']);
    expect(calls.filters).toBeUndefined();

    const both = await visit('/users', partial('Users/Index', { data: 'users,counts', except: 'counts' }));
    expect(Object.keys(both.props).sort()).toEqual(['errors', 'flags', 'users']);
  });

  it('always props survive Data and Except', async () => {
    const page = await visit('/users', partial('Users/Index', { data: 'users', except: 'flags' }));
    expect(page.props.flags).toEqual({ beta: true });
  });

  it('optional/lazy props appear only when a partial reload names them', async () => {
    const full = await visit('/users');
    expect(full.props).not.toHaveProperty('report');
    expect(full.props).not.toHaveProperty('legacy');
    expect(full.props.counts).toEqual({ all: 2 }); // async plain function resolved
    const unnamed = await visit('/users', partial('Users/Index', { except: 'users' }));
    expect(unnamed.props).not.toHaveProperty('report');
    expect(calls.report).toBeUndefined();
    expect(calls.legacy).toBeUndefined();

    const named = await visit('/users', partial('Users/Index', { data: 'report, legacy' }));
    expect(named.props.report).toBe('report-data');
    expect(named.props.legacy).toBe('legacy-data');
    expect(calls.report).toBe(1);
  });

  it('supports dot paths into object props', async () => {
    const only = await visit('/users', partial('Users/Index', { data: 'profile.name' }));
    expect(only.props.profile).toEqual({ name: 'Ann' });
    const except = await visit('/users', partial('Users/Index', { except: 'profile.secret' }));
    expect(except.props.profile).toEqual({ name: 'Ann', email: 'ann@example.test' });
  });

  it('a partial reload for another component gets the full response', async () => {
    const page = await visit('/users', partial('Dashboard', { data: 'users' }));
    expect(Object.keys(page.props).sort()).toEqual(
      ['appName', 'counts', 'errors', 'filters', 'flags', 'profile', 'title', 'user', 'users'].sort(),
    );
    expect(calls.report).toBeUndefined();
  });
});

describe('deferred and merge props', () => {
  it('lists deferred props by group and leaves them out (unevaluated) of the first response', async () => {
    for (const asInertia of [false, true]) {
      const res = await app.inject({ method: 'GET', url: '/slow', headers: asInertia ? inertiaHeaders() : {} });
      const page = asInertia ? (res.json() as InertiaPage) : pageFromHtml(res.body);
      expect(page.props).not.toHaveProperty('activity');
      expect(page.props).not.toHaveProperty('chart');
      expect(page.props.fast).toBe('now');
      expect(page.deferredProps).toEqual({ default: ['activity'], sidebar: ['chart', 'news'] });
    }
    expect(calls).toEqual({});
  });

  it('returns a deferred group on the partial reload the client makes', async () => {
    const page = await visit('/slow', partial('Slow', { data: 'chart,news' }));
    expect(page.props.chart).toEqual([1, 2]);
    expect(page.props.news).toEqual(['n1']);
    expect(page.props).not.toHaveProperty('activity');
    expect(page.props).not.toHaveProperty('fast');
    expect(page.deferredProps).toBeUndefined();
    expect(calls).toEqual({ chart: 1, news: 1 });
  });

  it('lists merge props present in the response, minus X-Inertia-Reset ones', async () => {
    const full = await visit('/feed');
    expect(full.mergeProps).toEqual(['posts', 'tags']);
    expect(full.deferredProps).toEqual({ default: ['more'] });
    expect(full.props.posts).toEqual([{ id: 3 }]);
    const more = await visit('/feed', partial('Feed', { data: 'more,posts', reset: 'posts' }));
    expect(more.mergeProps).toEqual(['more']);
    expect(more.props.more).toEqual(['m']);
  });
});

describe('errors and redirects', () => {
  it('flashes errors under the error bag as first-message strings and goes back to the Referer', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/validate',
      headers: { ...inertiaHeaders({ 'x-inertia-error-bag': 'login' }), host: 'kazi.test', referer: 'http://kazi.test/form?step=2' },
      payload: {},
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/form?step=2');
    const page = await visit('/form?step=2');
    expect(page.props.errors).toEqual({ login: { email: 'first email error', name: 'name required' } });
    // read-and-forget: the following page has none
    expect((await visit('/form')).props.errors).toEqual({});
  });

  it('flashes unscoped errors without a bag and falls back to / for a foreign Referer', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/validate',
      headers: { ...inertiaHeaders(), host: 'kazi.test', referer: 'https://evil.test/form' },
      payload: {},
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect((await visit('/form')).props.errors).toEqual({ email: 'first email error', name: 'name required' });
  });

  it('inertiaBack without errors stores nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/validate', headers: inertiaHeaders(), payload: { ok: true } });
    expect(res.statusCode).toBe(303);
    expect(flash.data.get('s1')?.has('errors') ?? false).toBe(false);
  });

  it('inertiaRedirect answers 303 after every non-GET and 302 after GET', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const headers of [inertiaHeaders(), {}]) {
        const res = await app.inject({ method, url: '/go', headers });
        expect(res.statusCode, `${method}`).toBe(303);
        expect(res.headers.location).toBe('/dashboard');
      }
    }
    const get = await app.inject({ method: 'GET', url: '/go', headers: inertiaHeaders() });
    expect(get.statusCode).toBe(302);
  });

  it('rewrites a plain 302 to 303 for non-GET Inertia requests only', async () => {
    for (const method of ['PUT', 'POST'] as const) {
      const res = await app.inject({ method, url: '/plain-redirect', headers: inertiaHeaders() });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/dashboard');
    }
    const notInertia = await app.inject({ method: 'PUT', url: '/plain-redirect' });
    expect(notInertia.statusCode).toBe(302);
  });

  it('inertiaLocation gives 409 + X-Inertia-Location to Inertia requests, a redirect otherwise', async () => {
    const target = 'https://billing.example.test/pay?x=1';
    const res = await app.inject({ method: 'POST', url: '/external', headers: inertiaHeaders() });
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-inertia-location']).toBe(target);
    expect(res.headers.location).toBeUndefined();
    const get = await app.inject({ method: 'GET', url: '/external' });
    expect(get.statusCode).toBe(302);
    expect(get.headers.location).toBe(target);
    const post = await app.inject({ method: 'POST', url: '/external' });
    expect(post.statusCode).toBe(303);
  });

  it('clearHistory reaches the page rendered after the redirect, once', async () => {
    const res = await app.inject({ method: 'POST', url: '/logout', headers: inertiaHeaders() });
    expect(res.statusCode).toBe(303);
    expect((await visit('/form')).clearHistory).toBe(true);
    expect((await visit('/form')).clearHistory).toBe(false);
  });
});
