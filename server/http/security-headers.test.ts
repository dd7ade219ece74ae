import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { headersOf, securityHeaders } from './security-headers.js';

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
    securityHeaders(app, { contentSecurityPolicy: false });
    app.get('/ok', async () => ({ ok: true }));
    const ok = await app.inject('/ok');
    const missing = await app.inject('/missing');
    for (const res of [ok, missing]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    await app.close();
  });
});
