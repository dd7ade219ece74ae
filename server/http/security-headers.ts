import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer. Helmet's own Fastify plugin builds the middleware
 * again on every request (option parsing included) in two hooks; our headers are the same for
 * every request (no CSP nonces), so helmet runs once here, at start-up, against a stand-in
 * response, and each request gets the headers it set.
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = headersOf(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
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
