import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * This request's Content-Security-Policy nonce (base64 of 16 random bytes): every inline
     * <script> of an HTML answer carries it as nonce="…" or the browser refuses to run it.
     */
    cspNonce: string;
  }
}

/**
 * Helmet's security headers on every answer, plus a Content-Security-Policy of its own per request
 * (docs/decisions/0055-content-security-policy.md).
 *
 * Helmet's own Fastify plugin builds the middleware again on every request (option parsing
 * included) in two hooks; its headers are the same for every request, so helmet runs once here,
 * at start-up, against a stand-in response, and each request gets the headers it set. Only two
 * headers vary: the CSP (a fresh nonce each time) and HSTS (only on an answer that went out over
 * HTTPS: req.protocol, which reads X-Forwarded-Proto under the app's trustProxy).
 *
 * A route with a stricter policy of its own (the CMS and company public pages) sets its header
 * later and so replaces this one.
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions, csp: CspOptions = {}) {
  // helmet's own CSP is static; ours is set below
  const { 'strict-transport-security': hsts, ...headers } = headersOf({ ...options, contentSecurityPolicy: false } as HelmetOptions);
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', (req, reply, done) => {
    req.cspNonce = newNonce();
    const https = req.protocol === 'https';
    reply.headers(headers);
    reply.header('content-security-policy', contentSecurityPolicy(req.cspNonce, { ...csp, https }));
    if (hsts && https) reply.header('strict-transport-security', hsts);
    done();
  });
}

export const newNonce = () => randomBytes(16).toString('base64');

export interface CspOptions {
  /** the answer goes out over HTTPS: the browser is told to fetch every sub-resource over HTTPS too */
  https?: boolean;
  /** other origins images may come from (an S3 bucket or CDN serving media directly), e.g. https://cdn.example.com */
  imgOrigins?: string[];
}

/**
 * The application's policy. Scripts: only our own files and inline scripts carrying this
 * request's nonce (the theme script and the Inertia page object of the HTML shell), never
 * 'unsafe-inline' or eval. Styles allow inline: React's SSR-free `style` props go through the
 * CSSOM (not covered by CSP) but libraries add <style> elements at run time (GrapesJS, the
 * calendar, the toasts) and the last-resort error page has style attributes; a nonce would not
 * reach those. Sockets (Socket.IO) go to this origin: 'self' covers ws:/wss: of the same host.
 */
export function contentSecurityPolicy(nonce: string, options: CspOptions = {}): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...(options.imgOrigins ?? [])].join(' '),
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ];
  if (options.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** The nonce the CSP header of an answer allows, or null when it allows none. */
export function nonceOf(header: string | undefined): string | null {
  const scriptSrc = directive(header, 'script-src');
  const nonce = scriptSrc?.find((s) => s.startsWith("'nonce-"));
  return nonce ? nonce.slice("'nonce-".length, -1) : null;
}

/** The sources of one directive of a CSP header, or null when the header does not have it. */
export function directive(header: string | undefined, name: string): string[] | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...sources] = part.trim().split(/\s+/);
    if (key?.toLowerCase() === name) return sources;
  }
  return null;
}

/**
 * What is wrong with an HTML answer under its CSP header: an empty list when every inline
 * <script> carries the header's nonce and the header lets no other inline script run. Used by the
 * tests of every page kind (server/http/csp.test.ts).
 */
export function cspProblems(header: string | undefined, html: string): string[] {
  const problems: string[] = [];
  if (!header) return ['no Content-Security-Policy header'];
  const scriptSrc = directive(header, 'script-src') ?? directive(header, 'default-src');
  if (!scriptSrc) problems.push('no script-src or default-src directive: any script may run');
  else {
    if (scriptSrc.includes("'unsafe-inline'")) problems.push("script-src allows 'unsafe-inline'");
    if (scriptSrc.includes("'unsafe-eval'")) problems.push("script-src allows 'unsafe-eval'");
    if (scriptSrc.some((s) => s === '*' || s === 'data:' || s === 'http:' || s === 'https:')) problems.push(`script-src allows any source: ${scriptSrc.join(' ')}`);
  }
  if (directive(header, 'object-src')?.join(' ') !== "'none'" && !directive(header, 'default-src')?.includes("'none'")) problems.push("object-src is not 'none'");
  const nonce = nonceOf(header);
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    if (/\bsrc\s*=/i.test(tag)) continue;
    const given = /\bnonce\s*=\s*"([^"]*)"/i.exec(tag)?.[1];
    if (!nonce) problems.push(`inline script under a policy without a nonce: ${tag}`);
    else if (given !== nonce) problems.push(`inline script without this answer's nonce: ${tag}`);
  }
  return problems;
}

/** The headers helmet sets with these options. */
export function headersOf(options: HelmetOptions): Record<string, string> {
  const set = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => set.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.fromEntries(set);
}
