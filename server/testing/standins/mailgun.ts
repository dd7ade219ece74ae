import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Arrivals, deliver, json, listen, type Delivery, type Received } from './http.js';

/**
 * A local Mailgun for tests, browser flows and development, speaking the documented shapes
 * (https://documentation.mailgun.com/docs/mailgun/api-reference/): HTTP Basic `api:<key>` checked
 * on every request (the account key, or a domain sending key for its own domain's messages);
 * messages (`POST /v3/{domain}/messages`, multipart or form-encoded, kept for assertions);
 * domains (`/v4/domains` list/create/get, `PUT /v4/domains/{name}/verify`,
 * `DELETE /v3/domains/{name}`) with their sending and receiving DNS records; domain sending keys
 * (`/v1/keys`). It posts webhook events (delivered, failed temporary/permanent, opened, clicked,
 * unsubscribed, complained) to the configured address, signed as Mailgun signs them:
 * `signature.signature = HMAC-SHA256(signing key, timestamp + token)`, our `v:` variables under
 * `event-data.user-variables`.
 *
 * Answers are chosen per recipient (`recipients`), or for the next requests (`failNext`): a refusal
 * status, the events that follow, a hang after the request was taken.
 */
export const STANDIN_MAILGUN = {
  apiKey: 'standin-mailgun-key-0123456789abcdef',
  signingKey: 'standin-mailgun-signing-key-0123456789',
};

export type StandInEventKind = 'delivered' | 'failed-permanent' | 'failed-temporary' | 'opened' | 'clicked' | 'unsubscribed' | 'complained';

export interface RecipientRule {
  /** the messages request for this recipient is answered with this status and message */
  refuse?: { status: number; message?: string };
  /** the events posted after it is accepted (with autoEvents); default ['delivered'] */
  events?: StandInEventKind[];
  /** taken but never answered ('silent') or its connection cut ('reset') */
  hang?: 'silent' | 'reset';
}

export type RequestRule = { status: number; message?: string } | { hang: 'silent' | 'reset' };

export interface MailgunStandInOptions {
  apiKey?: string;
  signingKey?: string;
  port?: number;
  host?: string;
  /** where events are posted (Kazi's Mailgun webhook) */
  webhookUrl?: string;
  /** post each accepted message's events at once (browser flows, development); tests post them by hand */
  autoEvents?: boolean;
  /** domains the account already has */
  domains?: { name: string; state?: 'active' | 'unverified' }[];
  /** a verify finds the DNS records in place (default true); false: they stay invalid */
  dnsReady?: boolean;
  recipients?: Readonly<Record<string, RecipientRule>>;
}

export interface StandInEmail {
  id: string;
  domain: string;
  from: string;
  to: string;
  subject: string;
  html: string | null;
  text: string | null;
  /** h: headers, by their name as given */
  headers: Record<string, string>;
  /** v: variables */
  variables: Record<string, string>;
  tags: string[];
  /** the key it was sent with: 'account' or a sending key's id */
  key: string;
  seq: number;
}

interface StandInDomain {
  name: string;
  state: 'active' | 'unverified';
  createdAt: string;
  /** the DKIM selector's public key, made once per domain */
  dkim: string;
  checked: boolean;
}

interface StandInKey {
  id: string;
  description: string;
  domain: string;
  secret: string;
  createdAt: string;
}

const DOMAIN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** "Name <a@b.c>" or "a@b.c" → a@b.c */
const addressOf = (v: string) => (/<([^>]+)>\s*$/.exec(v)?.[1] ?? v).trim();

export async function startMailgunStandIn(options: MailgunStandInOptions = {}) {
  const creds = { apiKey: options.apiKey ?? STANDIN_MAILGUN.apiKey, signingKey: options.signingKey ?? STANDIN_MAILGUN.signingKey };
  const recipients: Record<string, RecipientRule> = { ...options.recipients };
  const state = { webhookUrl: options.webhookUrl, autoEvents: options.autoEvents ?? false, dnsReady: options.dnsReady ?? true };
  const domains = new Map<string, StandInDomain>();
  const keys = new Map<string, StandInKey>();
  const messages: StandInEmail[] = [];
  const requests: Received[] = [];
  const events = new Arrivals<Delivery & { messageId: string; kind: StandInEventKind }>();
  const arrivals = new Arrivals<StandInEmail>();
  let nextRequests: RequestRule[] = [];
  let seq = 0;

  const addDomain = (name: string, st: 'active' | 'unverified' = 'unverified') => {
    const d: StandInDomain = { name, state: st, createdAt: new Date().toUTCString(), dkim: randomBytes(96).toString('base64'), checked: st === 'active' };
    domains.set(name, d);
    return d;
  };
  for (const d of options.domains ?? []) addDomain(d.name, d.state ?? 'active');

  const valid = (d: StandInDomain) => (d.checked ? (d.state === 'active' ? 'valid' : 'invalid') : 'unknown');
  const domainJson = (d: StandInDomain) => ({
    created_at: d.createdAt,
    id: createHmac('sha1', 'id').update(d.name).digest('hex').slice(0, 24),
    is_disabled: false,
    name: d.name,
    require_tls: false,
    skip_verification: false,
    smtp_login: `postmaster@${d.name}`,
    spam_action: 'disabled',
    state: d.state,
    type: 'custom',
    web_prefix: 'email',
    web_scheme: 'https',
    wildcard: false,
  });
  const domainAnswer = (d: StandInDomain, message?: string) => ({
    ...(message ? { message } : {}),
    domain: domainJson(d),
    receiving_dns_records: [
      { cached: [], priority: '10', record_type: 'MX', valid: valid(d), value: 'mxa.eu.mailgun.org' },
      { cached: [], priority: '10', record_type: 'MX', valid: valid(d), value: 'mxb.eu.mailgun.org' },
    ],
    sending_dns_records: [
      { cached: [], name: d.name, record_type: 'TXT', valid: valid(d), value: 'v=spf1 include:mailgun.org ~all' },
      { cached: [], name: `pdk1._domainkey.${d.name}`, record_type: 'TXT', valid: valid(d), value: `k=rsa; p=${d.dkim}` },
      { cached: [], name: `email.${d.name}`, record_type: 'CNAME', valid: valid(d), value: 'eu.mailgun.org' },
    ],
  });
  const keyJson = (k: StandInKey, withSecret: boolean) => ({
    id: k.id,
    description: k.description,
    kind: 'domain',
    role: 'sending',
    created_at: k.createdAt,
    updated_at: k.createdAt,
    domain_name: k.domain,
    requestor: null,
    user_name: null,
    is_disabled: false,
    expires_at: null,
    ...(withSecret ? { secret: k.secret } : {}),
    disabled_reason: null,
  });

  /** 'account', a sending key's id, or null when the Authorization header is not api:<a key we know> */
  function caller(req: Received): string | null {
    const m = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ''));
    if (!m) return null;
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    if (!decoded.startsWith('api:')) return null;
    const key = decoded.slice(4);
    if (key === creds.apiKey) return 'account';
    for (const k of keys.values()) if (k.secret === key) return k.id;
    return null;
  }

  async function formOf(req: Received): Promise<FormData> {
    const type = String(req.headers['content-type'] ?? '');
    if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/.test(type)) return new FormData();
    return new Response(req.body, { headers: { 'content-type': type } }).formData();
  }
  const field = (f: FormData, name: string) => {
    const v = f.get(name);
    return typeof v === 'string' ? v : null;
  };

  /** signs and posts one event for a message Mailgun took */
  async function event(messageId: string, kind: StandInEventKind, extra: { url?: string; reason?: string } = {}) {
    const m = messages.find((x) => x.id === messageId);
    if (!m) throw new Error(`no message ${messageId} on the Mailgun stand-in`);
    if (!state.webhookUrl) throw new Error('the Mailgun stand-in has no webhook address');
    const timestamp = String(Math.floor(Date.now() / 1000));
    const token = randomBytes(25).toString('hex');
    const signature = createHmac('sha256', creds.signingKey).update(timestamp + token).digest('hex');
    const [name, severity] = kind.startsWith('failed-') ? ['failed', kind.slice(7)] : [kind, null];
    const data: Record<string, unknown> = {
      event: name,
      id: randomBytes(16).toString('base64url'),
      timestamp: Date.now() / 1000,
      'log-level': name === 'failed' ? (severity === 'permanent' ? 'error' : 'warn') : 'info',
      recipient: m.to,
      'recipient-domain': m.to.split('@')[1],
      message: { headers: { 'message-id': m.id, from: m.from, to: m.to, subject: m.subject }, attachments: [], size: (m.html ?? m.text ?? '').length },
      tags: m.tags,
      'user-variables': m.variables,
      envelope: { sender: `bounce+${m.id.slice(0, 8)}@${m.domain}`, transport: 'smtp', targets: m.to },
    };
    if (name === 'failed') {
      data.severity = severity;
      data.reason = extra.reason ?? (severity === 'permanent' ? 'bounce' : 'generic');
      data['delivery-status'] =
        severity === 'permanent'
          ? { code: 550, message: '5.1.1 The email account that you tried to reach does not exist.', description: '', 'attempt-no': 1 }
          : { code: 421, message: '4.7.0 Try again later.', description: '', 'attempt-no': 1, 'retry-seconds': 600 };
    }
    if (name === 'delivered') data['delivery-status'] = { code: 250, message: 'OK', description: '', 'attempt-no': 1, tls: true };
    if (name === 'clicked') data.url = extra.url ?? 'https://example.org/';
    const body = JSON.stringify({ signature: { timestamp, token, signature }, 'event-data': data });
    const d = { ...(await deliver(state.webhookUrl, body, {})), messageId, kind };
    events.push(d);
    return d;
  }

  async function messagesRoute(req: Received, res: ServerResponse, domainName: string, who: string) {
    const d = domains.get(domainName);
    if (!d) return json(res, 404, { message: `Domain not found: ${domainName}` });
    if (who !== 'account' && keys.get(who)?.domain !== domainName) return json(res, 401, { message: 'Invalid private key' });
    const f = await formOf(req);
    for (const name of ['from', 'to', 'subject']) if (!field(f, name)?.trim()) return json(res, 400, { message: `'${name}' parameter is missing` });
    if (!field(f, 'text') && !field(f, 'html')) return json(res, 400, { message: "Need at least one of 'text', 'html', 'amp-html' or 'template' parameters specified" });
    const to = field(f, 'to')!;
    if (!ADDRESS.test(addressOf(to)) || to.includes(',')) return json(res, 400, { message: 'to parameter is not a valid address. please check documentation' });
    if (!ADDRESS.test(addressOf(field(f, 'from')!))) return json(res, 400, { message: 'from parameter is not a valid address. please check documentation' });
    const fromDomain = addressOf(field(f, 'from')!).split('@')[1].toLowerCase();
    if (fromDomain !== domainName && !domainName.endsWith(`.${fromDomain}`) && !fromDomain.endsWith(`.${domainName}`)) {
      // Mailgun sends from any address, but DMARC alignment fails: the stand-in is strict so a wrong from is caught
      return json(res, 400, { message: `from address is not on the domain ${domainName}` });
    }
    if (d.state !== 'active') return json(res, 403, { message: `Domain ${domainName} is not allowed to send: please activate your Mailgun account. Check your inbox for the activation email.` });
    const queued = nextRequests.shift();
    if (queued && 'status' in queued) return json(res, queued.status, { message: queued.message ?? 'Internal Server Error' });
    const rule = recipients[addressOf(to).toLowerCase()] ?? {};
    if (rule.refuse) return json(res, rule.refuse.status, { message: rule.refuse.message ?? 'Refused' });
    const headers: Record<string, string> = {};
    const variables: Record<string, string> = {};
    const tags: string[] = [];
    for (const [k, v] of f.entries()) {
      if (typeof v !== 'string') continue;
      if (k.startsWith('h:')) headers[k.slice(2)] = v;
      else if (k.startsWith('v:')) variables[k.slice(2)] = v;
      else if (k === 'o:tag') tags.push(v);
    }
    if (tags.length > 3) return json(res, 400, { message: 'Too many tags: a message takes at most 3' });
    const m: StandInEmail = {
      id: `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}.${randomBytes(8).toString('hex')}@${domainName}`,
      domain: domainName,
      from: field(f, 'from')!,
      to: addressOf(to),
      subject: field(f, 'subject')!,
      html: field(f, 'html'),
      text: field(f, 'text'),
      headers,
      variables,
      tags,
      key: who,
      seq: ++seq,
    };
    messages.push(m);
    arrivals.push(m);
    const hang = queued && 'hang' in queued ? queued.hang : rule.hang;
    if (state.autoEvents && state.webhookUrl) for (const kind of rule.events ?? ['delivered']) void event(m.id, kind);
    if (hang === 'reset') return void res.socket?.destroy();
    if (hang === 'silent') return;
    json(res, 200, { id: `<${m.id}>`, message: 'Queued. Thank you.' });
  }

  async function handle(req: Received, res: ServerResponse) {
    const url = new URL(req.path, 'http://standin');
    const path = url.pathname;
    requests.push(req);
    if (path === '/_standin/state' && req.method === 'GET') return json(res, 200, { messages, domains: [...domains.values()].map(domainJson), events: events.items.map(({ messageId, kind, status }) => ({ messageId, kind, status })) });
    if (path === '/_standin/event' && req.method === 'POST') {
      const b = JSON.parse(req.body || '{}') as { messageId?: string; to?: string; kind: StandInEventKind; url?: string };
      const id = b.messageId ?? [...messages].reverse().find((m) => m.to === b.to)?.id;
      if (!id) return json(res, 404, { message: 'no such message' });
      return json(res, 200, { status: (await event(id, b.kind, { url: b.url })).status });
    }
    const who = caller(req);
    if (!who) {
      res.writeHead(401, { 'Content-Type': 'text/plain' });
      res.end('Forbidden');
      return;
    }
    let m: RegExpExecArray | null;
    if ((m = /^\/v3\/([^/]+)\/messages$/.exec(path)) && req.method === 'POST') return messagesRoute(req, res, decodeURIComponent(m[1]), who);
    // everything else is the account's: a domain sending key may only send
    if (who !== 'account') return json(res, 401, { message: 'Invalid private key' });
    if (path === '/v4/domains' && req.method === 'GET') {
      const limit = Math.min(1000, Number(url.searchParams.get('limit') ?? 100) || 100);
      const items = [...domains.values()].slice(0, limit).map(domainJson);
      return json(res, 200, { total_count: domains.size, items });
    }
    if (path === '/v4/domains' && req.method === 'POST') {
      const f = await formOf(req);
      const name = (field(f, 'name') ?? '').trim().toLowerCase();
      if (!name) return json(res, 400, { message: "Missing required parameter 'name'" });
      if (!DOMAIN.test(name)) return json(res, 400, { message: `Invalid domain name: ${name}` });
      if (domains.has(name)) return json(res, 400, { message: 'This domain name is already taken' });
      return json(res, 200, domainAnswer(addDomain(name), 'Domain DNS records have been created'));
    }
    if ((m = /^\/v4\/domains\/([^/]+)$/.exec(path)) && req.method === 'GET') {
      const d = domains.get(decodeURIComponent(m[1]));
      return d ? json(res, 200, domainAnswer(d)) : json(res, 404, { message: 'Domain not found' });
    }
    if ((m = /^\/v4\/domains\/([^/]+)\/verify$/.exec(path)) && req.method === 'PUT') {
      const d = domains.get(decodeURIComponent(m[1]));
      if (!d) return json(res, 404, { message: 'Domain not found' });
      d.checked = true;
      if (state.dnsReady) d.state = 'active';
      return json(res, 200, domainAnswer(d, 'Domain DNS records have been updated'));
    }
    if ((m = /^\/v3\/domains\/([^/]+)$/.exec(path)) && req.method === 'DELETE') {
      const name = decodeURIComponent(m[1]);
      if (!domains.delete(name)) return json(res, 404, { message: 'Domain not found' });
      for (const [id, k] of keys) if (k.domain === name) keys.delete(id);
      return json(res, 200, { message: 'Domain will be deleted in the background' });
    }
    if (path === '/v1/keys' && req.method === 'GET') {
      const domain = url.searchParams.get('domain_name');
      const items = [...keys.values()].filter((k) => !domain || k.domain === domain).map((k) => keyJson(k, false));
      return json(res, 200, { items, total_count: items.length });
    }
    if (path === '/v1/keys' && req.method === 'POST') {
      const f = await formOf(req);
      const role = field(f, 'role');
      if (!role) return json(res, 400, { message: "Missing required parameter 'role'" });
      if (field(f, 'kind') !== 'domain' || role !== 'sending') return json(res, 400, { message: 'The stand-in makes domain sending keys only (kind=domain, role=sending)' });
      const domain = field(f, 'domain_name') ?? '';
      if (!domains.has(domain)) return json(res, 404, { message: `Domain not found: ${domain}` });
      const k: StandInKey = { id: randomBytes(8).toString('hex'), description: field(f, 'description') ?? '', domain, secret: `${randomBytes(16).toString('hex')}-${randomBytes(4).toString('hex')}-${randomBytes(4).toString('hex')}`, createdAt: new Date().toISOString() };
      keys.set(k.id, k);
      return json(res, 200, { message: 'great success', key: keyJson(k, true) });
    }
    if ((m = /^\/v1\/keys\/([^/]+)$/.exec(path)) && req.method === 'DELETE') {
      if (!keys.delete(decodeURIComponent(m[1]))) return json(res, 404, { message: 'key not found' });
      return json(res, 200, { message: 'key deleted' });
    }
    json(res, 404, { message: `No such endpoint: ${req.method} ${path}` });
  }

  const listening = await listen(handle, options.port ?? 0, options.host);
  return {
    url: listening.url,
    ...creds,
    requests,
    events,
    /** every message it accepted, in order; arrivals wake a waiting test */
    arrivals,
    received: (): readonly StandInEmail[] => messages,
    domain: (name: string) => domains.get(name),
    addDomain,
    setRecipient(address: string, rule: RecipientRule) {
      recipients[address.toLowerCase()] = rule;
    },
    failNext(...rules: RequestRule[]) {
      nextRequests = [...nextRequests, ...rules];
    },
    configure(next: Partial<typeof state>) {
      Object.assign(state, next);
    },
    event,
    close: listening.close,
  };
}

export type MailgunStandIn = Awaited<ReturnType<typeof startMailgunStandIn>>;
