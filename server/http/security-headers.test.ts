import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspProblems, directive, headersOf, nonceOf, securityHeaders } from './security-headers.js';

describe('security headers', () => {
  it('are the ones helmet sets for the options, computed once', () => {
    const headers = headersOf({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, hsts: false, referrerPolicy: { policy: 'strict-origin-when-cross-origin' } });
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-dns-prefetch-control': 'off',
    });
    expect(headers).not.toHaveProperty('content-security-policy');
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(headersOf({ hsts: { maxAge: 31536000 }, contentSecurityPolicy: false })['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('are on every answer, errors included', async () => {
    const app = Fastify();
    securityHeaders(app, {});
    app.get('/ok', async () => ({ ok: true }));
    const ok = await app.inject('/ok');
    const missing = await app.inject('/missing');
    for (const res of [ok, missing]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy']).toContain("script-src 'self' 'nonce-");
    }
    await app.close();
  });

  it('give each request its own nonce, which the handler reads from the request', async () => {
    const app = Fastify();
    securityHeaders(app, {});
    app.get('/nonce', async (req) => ({ nonce: req.cspNonce }));
    const [a, b] = [await app.inject('/nonce'), await app.inject('/nonce')];
    expect(a.json().nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a.json().nonce).not.toBe(b.json().nonce);
    for (const res of [a, b]) expect(nonceOf(res.headers['content-security-policy'] as string)).toBe(res.json().nonce);
    await app.close();
  });

  it('send HSTS only over HTTPS (as the proxy says under trustProxy)', async () => {
    const app = Fastify({ trustProxy: true });
    securityHeaders(app, { hsts: { maxAge: 600 } });
    app.get('/ok', async () => ({ ok: true }));
    expect((await app.inject('/ok')).headers['strict-transport-security']).toBeUndefined();
    expect((await app.inject({ url: '/ok', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBe('max-age=600; includeSubDomains');
    await app.close();
  });

  it('let a route replace the policy with a stricter one of its own', async () => {
    const app = Fastify();
    securityHeaders(app, {});
    app.get('/strict', async (_req, reply) => reply.header('content-security-policy', "default-src 'none'").send('x'));
    expect((await app.inject('/strict')).headers['content-security-policy']).toBe("default-src 'none'");
    await app.close();
  });
});

describe('the application policy', () => {
  it('allows scripts only from this site and with the nonce, never inline or eval', () => {
    const csp = contentSecurityPolicy('n0nce');
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'nonce-n0nce'"]);
    expect(directive(csp, 'script-src-attr')).toEqual(["'none'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'base-uri')).toEqual(["'self'"]);
    expect(directive(csp, 'form-action')).toEqual(["'self'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'self'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(directive(csp, 'upgrade-insecure-requests')).toBeNull();
    expect(cspProblems(csp, '<script nonce="n0nce">1</script>')).toEqual([]);
  });
  it('adds image origins and, over HTTPS, upgrade-insecure-requests', () => {
    const csp = contentSecurityPolicy('n', { https: true, imgOrigins: ['https://cdn.example.com'] });
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com']);
    expect(directive(csp, 'upgrade-insecure-requests')).toEqual([]);
  });
});
