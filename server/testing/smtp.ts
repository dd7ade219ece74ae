import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpListenerOptions {
  /** a login is required and only this one is taken (AUTH PLAIN/LOGIN over the plain connection, as a test relay allows) */
  auth?: { user: string; pass: string };
  /** also take SASL XOAUTH2 logins (Gmail's and Outlook's): the user and bearer token are accepted when this says so */
  oauth?: (user: string, accessToken: string) => boolean;
  /** listen on this port (a browser flow's server was told it in advance); a free one otherwise */
  port?: number;
  /** recipients answered with this SMTP reply at RCPT TO (550 no such user, 451 try later) */
  refuse?: Record<string, { code: number; message: string }>;
  /** the message to these recipients is answered with this reply after DATA */
  refuseData?: Record<string, { code: number; message: string }>;
  /** the connection to these recipients is cut once the whole message was received, before the server answers */
  dropAfterData?: string[];
}

/** A real SMTP listener on a free local port; collects what it receives. */
export async function startSmtp(options: SmtpListenerOptions = {}) {
  const received: ReceivedMail[] = [];
  const logins: { method: string; user: string; accessToken: string }[] = [];
  const waiters = new Set<() => void>();
  const reply = (r: { code: number; message: string }) => Object.assign(new Error(r.message), { responseCode: r.code });
  const server = new SMTPServer({
    authOptional: !options.auth && !options.oauth,
    authMethods: options.oauth ? ['PLAIN', 'LOGIN', 'XOAUTH2'] : ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    // a test is over when it closes the listener: a client's pooled connection is cut rather than waited for (30 s by default)
    closeTimeout: 200,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.method === 'XOAUTH2') {
        logins.push({ method: 'XOAUTH2', user: auth.username ?? '', accessToken: auth.accessToken ?? '' });
        if (options.oauth?.(auth.username ?? '', auth.accessToken ?? '')) return callback(null, { user: auth.username });
        // what Gmail answers a bad token with (RFC 7628 error challenge, then 535)
        return callback(null, { data: { status: '401', schemes: 'bearer', scope: 'https://mail.google.com/' } });
      }
      logins.push({ method: auth.method, user: auth.username ?? '', accessToken: '' });
      if (!options.auth || (auth.username === options.auth.user && auth.password === options.auth.pass)) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const r = options.refuse?.[address.address.toLowerCase()];
      callback(r ? reply(r) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const refused = to.map((a) => options.refuseData?.[a]).find(Boolean);
        if (refused) return callback(reply(refused));
        if (to.some((a) => options.dropAfterData?.includes(a))) {
          // the message arrived whole; only the answer is lost
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          for (const wake of [...waiters]) wake();
          const connections = (server as unknown as { connections: Set<{ session: { id: string }; _socket: { destroy(): void } }> }).connections;
          for (const c of connections) if (c.session.id === session.id) c._socket.destroy();
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
        for (const wake of [...waiters]) wake();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** every AUTH the listener was given, in order */
    logins,
    /** waits until a message to `to` arrives (the queue delivers asynchronously): woken by each arrival, no polling */
    waitFor(to: string, timeoutMs = 20_000): Promise<ReceivedMail> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = received.find((r) => r.to.includes(to));
          if (!m) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes a quoted-printable body well enough to read links out of it. */
export function decodeQuotedPrintable(raw: string) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}
