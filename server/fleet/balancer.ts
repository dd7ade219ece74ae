import { createHash } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';

/**
 * The fleet's load balancer (docs/decisions/0056-fleet.md): one port in front of several app
 * instances on this machine. Requests of one browser session stick to one instance (the session
 * cookie's hash picks it), so Socket.IO's long-polling handshake finds its socket again; requests
 * without a session take the instances in turn. Websocket upgrades are piped through. Each
 * instance's /health is asked every `checkMs`: an instance that does not answer is left out until
 * it does. A GET or HEAD that lost its instance before any answer is tried once on another; any other request that loses its instance is answered 502 at once.
 */
export interface Target {
  host: string;
  port: number;
}

export interface Balancer {
  port: number;
  /** which targets answer /health now */
  up: () => boolean[];
  /** requests sent to each target so far */
  served: () => number[];
  close: () => Promise<void>;
}

const SESSION_COOKIE = 'kazi_session';

function sessionOf(req: IncomingMessage): string | null {
  const cookie = req.headers.cookie;
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === SESSION_COOKIE) return part.slice(at + 1).trim() || null;
  }
  return null;
}

export async function startBalancer(targets: Target[], opts: { port: number; host?: string; checkMs?: number }): Promise<Balancer> {
  if (targets.length === 0) throw new Error('the balancer needs at least one target');
  const alive = targets.map(() => true);
  const served = targets.map(() => 0);
  let turn = 0;

  /** the instance for this request: the session's own while it is up, else the next one up */
  const pick = (req: IncomingMessage, except: number | null = null): number | null => {
    const usable = (k: number) => alive[k] && k !== except;
    const session = sessionOf(req);
    if (session) {
      const first = createHash('sha1').update(session).digest().readUInt32BE(0) % targets.length;
      for (let i = 0; i < targets.length; i++) {
        const k = (first + i) % targets.length;
        if (usable(k)) return k;
      }
      return null;
    }
    for (let i = 0; i < targets.length; i++) {
      const k = (turn + i) % targets.length;
      if (usable(k)) {
        turn = k + 1;
        return k;
      }
    }
    return null;
  };

  const forwarded = (req: IncomingMessage) => ({
    ...req.headers,
    'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
    'x-forwarded-proto': (req.headers['x-forwarded-proto'] as string | undefined) ?? 'http',
    'x-forwarded-host': (req.headers['x-forwarded-host'] as string | undefined) ?? req.headers.host ?? '',
  });

  /** A bodiless request (GET, HEAD) that could not reach its instance is tried once on another: it never ran. */
  const forward = (req: IncomingMessage, res: ServerResponse, tried: number | null) => {
    const k = pick(req, tried);
    if (k === null) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end(JSON.stringify({ message: 'No app instance is answering. Try again in a moment.' }));
      return;
    }
    served[k]++;
    const upstream = http.request({ ...targets[k], method: req.method, path: req.url, headers: forwarded(req) }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders as unknown as http.OutgoingHttpHeaders);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      alive[k] = false;
      // a GET or HEAD changes nothing: one that lost its instance before any answer (refused, reset,
      // the instance killed while working on it) is asked of another, as a browser would itself
      const safe = req.method === 'GET' || req.method === 'HEAD';
      if (safe && tried === null && !res.headersSent) return forward(req, res, k);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'The app instance went away. Try again.' }));
      else res.destroy();
    });
    if (req.method === 'GET' || req.method === 'HEAD') upstream.end();
    else req.pipe(upstream);
  };
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => forward(req, res, null));

  server.on('upgrade', (req: IncomingMessage, socket: net.Socket, head: Buffer) => {
    const k = pick(req);
    if (k === null) return socket.destroy();
    served[k]++;
    const upstream = net.connect(targets[k].port, targets[k].host, () => {
      const headers = forwarded(req);
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (const [name, value] of Object.entries(headers)) {
        for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) lines.push(`${name}: ${v}`);
      }
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', () => {
      alive[k] = false;
      end();
    });
    socket.on('error', end);
  });

  const check = () =>
    targets.forEach((t, k) => {
      const probe = http.get({ ...t, path: '/health', timeout: 2_000 }, (r) => {
        alive[k] = r.statusCode === 200;
        r.resume();
      });
      probe.on('timeout', () => probe.destroy(new Error('timeout')));
      probe.on('error', () => (alive[k] = false));
    });
  const timer = setInterval(check, opts.checkMs ?? 1_000);
  timer.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    up: () => [...alive],
    served: () => [...served],
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
