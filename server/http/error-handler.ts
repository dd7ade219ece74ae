import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../common/html.js';
import { HttpError, ValidationError } from './errors.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  419: 'Page Expired',
  422: 'Unprocessable Content',
  423: 'Password Confirmation Required',
  429: 'Too Many Requests',
  500: 'Server Error',
  503: 'Service Unavailable',
};

/**
 * One place turns every failure into the contract's answer: 422 with Laravel's
 * errors (or, for a page form, back to the form with the errors flashed), 4xx
 * with a message, and 500 only for real faults, logged with their stack.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError | HttpError, req, reply) => {
    if (error instanceof ValidationError) {
      if (!req.wantsJson && req.method !== 'GET' && req.session) {
        return reply.inertiaBack(error.errors);
      }
      return reply.code(422).send({ message: error.message, errors: error.errors });
    }
    let status = error.statusCode ?? 500;
    if (error instanceof HttpError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
    } else if ((error as FastifyError).validation) {
      status = 422;
    }
    if ((status === 502 || status === 503) && error instanceof HttpError) {
      // an outside provider failed or is down: said as it is (its own sentence), not hidden as a fault of ours
      req.log.warn({ err: error }, 'provider failed');
      return respond(req, reply, status, error.message);
    }
    if (status >= 500 && databaseUnavailable(error)) {
      // the database went away under the request (a restart, a failover): nothing of ours is
      // broken and the same request may be made again in a moment; its transaction rolled back
      req.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '2');
      return respond(req, reply, 503, 'The database is not answering just now. Try again in a moment.');
    }
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return respond(req, reply, 500, 'Server Error');
    }
    const message =
      error instanceof HttpError
        ? error.message
        : status === 400 && (error as FastifyError).code?.startsWith('FST_ERR_CTP')
          ? 'The request body could not be read: ' + error.message
          : error.message || TITLES[status] || 'Bad Request';
    return respond(req, reply, status, message);
  });

  app.setNotFoundHandler({}, (req, reply) => respond(req, reply, 404, 'Not Found.'));
}

async function respond(req: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  reply.code(status);
  const accept = String(req.headers.accept ?? '');
  const page = req.headers['x-inertia'] || (!req.wantsJson && accept.includes('text/html'));
  if (!page) return reply.send({ message });
  // Error pages render inside the layout (the Error page picks it from auth.user)
  if (req.session && typeof reply.inertia === 'function') {
    try {
      return await reply.code(status).inertia('Error', { status: PAGE_STATUS.includes(status) ? status : 500, message });
    } catch (err) {
      req.log.error({ err }, 'error page failed');
      reply.code(status);
    }
  }
  const title = TITLES[status] ?? 'Error';
  return reply
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status} ${title} - Kazi</title>` +
        `<meta name="viewport" content="width=device-width,initial-scale=1"></head>` +
        `<body style="font-family:system-ui;background:#F7F8FC;color:#1E293B;display:grid;place-items:center;min-height:100vh;margin:0">` +
        `<main style="text-align:center"><h1 style="font-size:3rem;margin:0">${status}</h1><p>${escapeHtml(message)}</p>` +
        `<p><a href="/" style="color:#4669FA">Back to Kazi</a></p></main></body></html>`,
    );
}

const PAGE_STATUS = [403, 404, 419, 500, 503];

/** PostgreSQL's "admin shutdown", "crash shutdown", "cannot connect now" and connection failures (class 08) */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/** The request failed because its database connection was lost or refused, here or in its cause. */
export function databaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && /^Connection terminated|^Client has encountered a connection error/.test(e.message)) return true;
  }
  return false;
}

