import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cspProblems, directive, nonceOf } from './http/security-headers.js';
import { rsvpToken } from './modules/rsvp/service.js';
import { surveyToken } from './modules/surveys/service.js';
import { TestClient } from './testing/client.js';
import { demoCompany } from './testing/demo.js';

/**
 * The Content-Security-Policy on every kind of answer (docs/decisions/0055-content-security-policy.md):
 * a header on each, a fresh nonce on each request of the application's pages, that nonce on every
 * inline <script> of the HTML, and never 'unsafe-inline' (or eval) for scripts.
 */

const header = (res: LightMyRequestResponse) => res.headers['content-security-policy'] as string | undefined;

describe('cspProblems (the rule the page tests apply)', () => {
  const good = "default-src 'self'; script-src 'self' 'nonce-abc+/='; object-src 'none'";
  it('passes a page whose inline scripts all carry the nonce, and external scripts', () => {
    expect(cspProblems(good, '<script nonce="abc+/=">x()</script><script type="module" src="/build/app.js"></script>')).toEqual([]);
    expect(cspProblems("default-src 'none'; script-src 'none'", '<p>no script</p>')).toEqual([]);
  });
  it('fails a page without the header, with an inline script lacking the nonce or carrying another, or under a lax policy', () => {
    expect(cspProblems(undefined, '<p>hi</p>')).toEqual(['no Content-Security-Policy header']);
    expect(cspProblems(good, '<script>x()</script>')).toHaveLength(1);
    expect(cspProblems(good, '<script nonce="other">x()</script>')).toHaveLength(1);
    expect(cspProblems(good, '<SCRIPT data-page="app" type="application/json">{}</SCRIPT>')).toHaveLength(1);
    expect(cspProblems("script-src 'self' 'unsafe-inline'; object-src 'none'", '')).toEqual(["script-src allows 'unsafe-inline'"]);
    expect(cspProblems("script-src 'self' 'unsafe-eval'; object-src 'none'", '')).toEqual(["script-src allows 'unsafe-eval'"]);
    expect(cspProblems("script-src *; object-src 'none'", '')).toHaveLength(1);
    expect(cspProblems("style-src 'self'; object-src 'none'", '')).toEqual(['no script-src or default-src directive: any script may run']);
    expect(cspProblems("script-src 'self'", '')).toEqual(["object-src is not 'none'"]);
    expect(cspProblems("script-src 'none'; object-src 'none'", '<script>x()</script>')).toHaveLength(1);
  });
  it('reads the nonce and the directives of a header', () => {
    expect(nonceOf(good)).toBe('abc+/=');
    expect(nonceOf("script-src 'self'")).toBeNull();
    expect(directive(good, 'object-src')).toEqual(["'none'"]);
  });
});

describe('the Content-Security-Policy of every page kind', () => {
  const d = demoCompany();
  const html = { headers: { accept: 'text/html' } };

  /** The application's own policy: a nonce, fresh on each of two requests, on every inline script. */
  async function expectNoncePolicy(get: () => Promise<LightMyRequestResponse>, status = 200) {
    const [a, b] = [await get(), await get()];
    for (const res of [a, b]) {
      expect(res.statusCode).toBe(status);
      expect(cspProblems(header(res), res.body)).toEqual([]);
      expect(directive(header(res), 'script-src')).not.toContain("'unsafe-inline'");
    }
    const [na, nb] = [nonceOf(header(a)), nonceOf(header(b))];
    expect(na).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nb).not.toBe(na);
    return a;
  }

  const slug = async () => (await d.t.database.query<{ slug: string }>(`select slug from tenants where id = ${d.tenantId}`))[0].slug;

  it('a signed-in page (first visit: theme script and page object carry the nonce)', async () => {
    const res = await expectNoncePolicy(() => d.demo.get('/dashboard'));
    const nonce = nonceOf(header(res));
    expect(res.body).toContain(`<script nonce="${nonce}">`);
    expect(res.body).toContain(`<script data-page="app" type="application/json" nonce="${nonce}">`);
  });

  it('an Inertia visit and a JSON answer', async () => {
    const visit = await expectNoncePolicy(() => d.demo.get('/dashboard', { inertia: true }));
    expect(visit.headers['x-inertia']).toBe('true');
    const api = await expectNoncePolicy(() => d.demo.json('GET', '/get-plans'));
    expect(api.headers['content-type']).toMatch(/^application\/json/);
  });

  it('Home, the quote request page, the public RSVP form and the public survey page', async () => {
    const guest = new TestClient(d.t.app);
    await expectNoncePolicy(() => guest.get('/'));
    const company = await slug();
    await expectNoncePolicy(() => guest.get(`/quotes/request?company=${encodeURIComponent(company)}`));
    const invitation = (await d.t.database.query<{ id: string | number }>(`select id from rsvp_invitations where tenant_id = ${d.tenantId} order by id limit 1`))[0];
    expect(invitation).toBeTruthy();
    const rsvp = await expectNoncePolicy(() => guest.get(`/rsvp/${rsvpToken(d.t.config.appKey, d.tenantId, Number(invitation.id), 1)}`));
    expect(rsvp.body).toContain('RsvpForm');
    const survey = (await d.t.database.query<{ id: string | number }>(`select id from surveys where tenant_id = ${d.tenantId} order by id limit 1`))[0];
    expect(survey).toBeTruthy();
    const form = await expectNoncePolicy(() => guest.get(`/s/${surveyToken(d.t.config.appKey, d.tenantId, Number(survey.id))}`));
    expect(form.body).toContain('data-page="app"');
  });

  it('error pages: signed in (inside the layout), a guest, and a JSON error', async () => {
    const guest = new TestClient(d.t.app);
    const mine = await expectNoncePolicy(() => d.demo.get('/no-such-page', html), 404);
    expect(mine.body).toContain('"component":"Error"');
    await expectNoncePolicy(() => guest.get('/no-such-page', html), 404);
    await expectNoncePolicy(() => guest.json('GET', '/no-such-page'), 404);
  });

  it('a public CMS page keeps its stricter policy of its own: no script at all', async () => {
    const guest = new TestClient(d.t.app);
    const res = await guest.get(`/p/${await slug()}/about-us`);
    expect(res.statusCode).toBe(200);
    expect(cspProblems(header(res), res.body)).toEqual([]);
    expect(directive(header(res), 'script-src')).toEqual(["'none'"]);
    expect(res.body).not.toMatch(/<script/i);
  });

  it('HSTS only on an answer served over HTTPS', async () => {
    const guest = new TestClient(d.t.app);
    expect((await guest.get('/')).headers['strict-transport-security']).toBeUndefined();
    const https = await guest.get('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directive(header(https), 'upgrade-insecure-requests')).toEqual([]);
    expect(directive(header(await guest.get('/')), 'upgrade-insecure-requests')).toBeNull();
  });
});
