import { ProviderError } from '../payments/errors.js';
import { callProviderText, isRecord, type Fetch } from '../payments/http.js';
import type { EmailDriver, EmailMessage, EmailRefused, EmailResult } from './types.js';

/**
 * Mailgun over HTTP (https://documentation.mailgun.com/docs/mailgun/api-reference/): messages
 * (`POST /v3/{domain}/messages`, multipart form, one recipient per request so each answer is that
 * recipient's), the domains API (`/v4/domains`, `PUT /v4/domains/{name}/verify`,
 * `DELETE /v3/domains/{name}`) and domain sending keys (`/v1/keys` with kind=domain, role=sending).
 * Every request is HTTP Basic `api:<key>` against the account's region (EU and US accounts are
 * separate), or the configured address of a stand-in.
 */
export const MAILGUN_REGIONS = { eu: 'https://api.eu.mailgun.net', us: 'https://api.mailgun.net' } as const;
export type MailgunRegion = keyof typeof MAILGUN_REGIONS;

export interface MailgunAccount {
  apiKey: string;
  region: MailgunRegion;
  /** the sending domain ("mg.example.org"); the domains API needs none */
  domain: string | null;
  /** replaces the region's address (MAILGUN_API_URL: a stand-in) */
  apiUrl?: string | null;
}

export interface MailgunOptions {
  fetch?: Fetch;
  timeoutMs?: number;
  /** requests one `send` has in flight at once */
  concurrency?: number;
}

/** Mailgun takes at most 3 tags per message */
const MAX_TAGS = 3;
/** the user variable that carries our reference; Mailgun's events return it under `user-variables` */
export const REFERENCE_VARIABLE = 'kazi_ref';

export const mailgunBaseUrl = (a: Pick<MailgunAccount, 'region' | 'apiUrl'>) => (a.apiUrl || MAILGUN_REGIONS[a.region]).replace(/\/+$/, '');

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** one authenticated request; the body as JSON, or `{ message: text }` when Mailgun answered text ("Forbidden") */
class MailgunHttp {
  readonly fetch: Fetch;
  readonly timeoutMs: number;
  constructor(
    readonly account: MailgunAccount,
    options: MailgunOptions,
  ) {
    this.fetch = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  async request(label: string, method: string, path: string, form?: FormData | URLSearchParams): Promise<Answer> {
    const auth = Buffer.from(`api:${this.account.apiKey}`).toString('base64');
    const answer = await callProviderText('mailgun', label, this.fetch, `${mailgunBaseUrl(this.account)}${path}`, { method, headers: { Authorization: `Basic ${auth}`, Accept: 'application/json' }, body: form }, this.timeoutMs);
    let body: unknown;
    try {
      body = answer.text ? JSON.parse(answer.text) : {};
    } catch {
      body = { message: answer.text.trim().slice(0, 300) };
    }
    return { status: answer.status, body: isRecord(body) ? body : {} };
  }
}

const messageOf = (a: Answer) => (typeof a.body.message === 'string' && a.body.message.trim() ? a.body.message.trim() : `HTTP ${a.status}`);

/** What a refused request means: the account's (every other message will be refused the same way) or this message's. */
export function mailgunRefusal(a: Answer, domain: string | null): Omit<EmailRefused, 'reference' | 'outcome'> | null {
  const said = messageOf(a);
  switch (a.status) {
    case 400:
      return { code: 'BadRequest', reason: `Mailgun refused the message: ${said}`, temporary: false, account: false };
    case 401:
      return { code: 'Unauthorized', reason: 'Mailgun refused the API key (401): check the key and the region (EU and US accounts are separate).', temporary: false, account: true };
    case 402:
      return { code: 'PaymentRequired', reason: `Mailgun refused to send for the account (402 payment required): ${said}`, temporary: false, account: true };
    case 403:
      return { code: 'Forbidden', reason: `Mailgun does not let this account send from ${domain ?? 'this domain'} (403): ${said}`, temporary: false, account: true };
    case 404:
      return { code: 'DomainNotFound', reason: `The domain ${domain ?? ''} is not on this Mailgun account (404): check the domain and the region.`, temporary: false, account: true };
    case 413:
      return { code: 'TooLarge', reason: 'Mailgun refused the message as too large (413).', temporary: false, account: false };
    case 429:
      return { code: 'RateLimited', reason: `Mailgun is limiting the account's sending rate (429): ${said}`, temporary: true, account: false };
    default:
      if (a.status >= 500) return { code: `Http${a.status}`, reason: `Mailgun had an error (${a.status}): ${said}`, temporary: true, account: false };
      if (a.status >= 400) return { code: `Http${a.status}`, reason: `Mailgun refused the message (${a.status}): ${said}`, temporary: false, account: false };
      return null;
  }
}

/** Sends one message per request, a few at a time; an account refusal stops the rest, which are held with the same reason. */
export class MailgunEmail implements EmailDriver {
  readonly name = 'mailgun' as const;
  readonly maxBatch = 50;
  private http: MailgunHttp;
  private concurrency: number;

  constructor(
    private account: MailgunAccount,
    options: MailgunOptions = {},
  ) {
    this.http = new MailgunHttp(account, options);
    this.concurrency = Math.max(1, options.concurrency ?? 4);
  }

  async send(messages: EmailMessage[]): Promise<EmailResult[]> {
    const domain = this.account.domain;
    if (!domain) throw new ProviderError('mailgun', 'No Mailgun sending domain is set: add a domain in the email settings and make it the default.', null, 'NoDomain');
    if (messages.length > this.maxBatch) throw new ProviderError('mailgun', `A batch takes at most ${this.maxBatch} messages, not ${messages.length}.`, null, 'TooMany');
    const results: (EmailResult | null)[] = messages.map(() => null);
    /** set once an answer is about the account: nothing more is sent */
    let stopped: Omit<EmailRefused, 'reference' | 'outcome'> | null = null;
    /** messages that never left this machine (refused connection, unknown host) */
    const unreached: { index: number; error: ProviderError }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < messages.length && !stopped) {
        const i = next++;
        const m = messages[i];
        try {
          const a = await this.http.request(`Sending an email to ${m.to}`, 'POST', `/v3/${encodeURIComponent(domain)}/messages`, messageForm(m));
          results[i] = readSendAnswer(a, m.reference, domain);
          const r = results[i];
          if (r?.outcome === 'refused' && r.account) stopped ??= { code: r.code, reason: r.reason, temporary: r.temporary, account: true };
        } catch (e) {
          if (!(e instanceof ProviderError)) throw e;
          if (e.mayHaveArrived) results[i] = { reference: m.reference, outcome: 'unknown', reason: `${e.message} It may have been sent: Mailgun's events will tell.` };
          else unreached.push({ index: i, error: e });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, messages.length) }, worker));
    // nothing went out at all: the whole call failed, as the contract says, for the engine to try later
    if (unreached.length === messages.length) {
      const e = unreached[0].error;
      throw new ProviderError('mailgun', e.message, null, 'Unreachable', false, true);
    }
    for (const u of unreached) results[u.index] = { reference: messages[u.index].reference, outcome: 'refused', code: 'Unreachable', reason: u.error.message, temporary: true, account: false };
    return results.map((r, i) => r ?? { reference: messages[i].reference, outcome: 'refused', ...stopped!, account: true });
  }

  /** reads the sending domain (or, without one, the account's domains): the key, the region and the domain answer */
  async testConnection(): Promise<void> {
    const domain = this.account.domain;
    const label = domain ? `Reading the domain ${domain}` : "Reading the account's domains";
    const a = await this.http.request(label, 'GET', domain ? `/v4/domains/${encodeURIComponent(domain)}` : '/v4/domains?limit=1');
    if (a.status === 200) return;
    if (a.status === 401 || a.status === 403)
      throw new ProviderError('mailgun', `Mailgun refused the API key (${a.status}): check the key and the region (${this.account.region.toUpperCase()}); a domain sending key can only send, use an account API key.`, a.status, 'Unauthorized');
    if (a.status === 404) throw new ProviderError('mailgun', `The domain ${domain} is not on this Mailgun account in the ${this.account.region.toUpperCase()} region.`, 404, 'DomainNotFound');
    throw new ProviderError('mailgun', `${label}: Mailgun answered ${a.status}: ${messageOf(a)}`, a.status, null, false, a.status >= 500 || a.status === 429);
  }
}

function messageForm(m: EmailMessage): FormData {
  const f = new FormData();
  f.set('from', m.from);
  f.set('to', m.to);
  f.set('subject', m.subject);
  f.set('html', m.html);
  f.set('text', m.text);
  if (m.replyTo) f.set('h:Reply-To', m.replyTo);
  for (const [name, value] of Object.entries(m.headers)) f.append(`h:${name}`, value);
  f.set(`v:${REFERENCE_VARIABLE}`, m.reference);
  for (const tag of (m.tags ?? []).slice(0, MAX_TAGS)) f.append('o:tag', tag);
  for (const a of m.attachments ?? []) f.append('attachment', new Blob([a.content], { type: a.contentType }), a.filename);
  return f;
}

/** 200 {"id":"<…@domain>","message":"Queued. Thank you."} is accepted; a 502/504 (a gateway lost the answer) is unknown */
function readSendAnswer(a: Answer, reference: string, domain: string): EmailResult {
  if (a.status === 200) {
    const id = typeof a.body.id === 'string' ? a.body.id.replace(/^<|>$/g, '') : '';
    if (!id) return { reference, outcome: 'unknown', reason: "Mailgun took the message but its answer carried no id; Mailgun's events will tell." };
    return { reference, outcome: 'accepted', messageId: id };
  }
  if (a.status === 502 || a.status === 504) return { reference, outcome: 'unknown', reason: `Mailgun answered ${a.status} (a gateway between us lost the answer); its events will tell.` };
  return { reference, outcome: 'refused', ...mailgunRefusal(a, domain)! };
}

// ---------------------------------------------------------------------------------------------
// Domains and domain sending keys

export type DnsPurpose = 'spf' | 'dkim' | 'mx' | 'tracking' | 'other';

export interface MailgunDnsRecord {
  purpose: DnsPurpose;
  /** TXT, MX, CNAME */
  type: string;
  name: string;
  value: string;
  priority: string | null;
  /** Mailgun's last check of the record: valid, invalid, or unknown before any check */
  valid: 'valid' | 'invalid' | 'unknown';
}

export interface MailgunDomain {
  name: string;
  /** active, unverified, disabled */
  state: string;
  createdAt: string | null;
  records: MailgunDnsRecord[];
}

export interface MailgunKey {
  id: string;
  description: string;
  createdAt: string | null;
  expiresAt: string | null;
  disabled: boolean;
  /** only in the answer that created it */
  secret: string | null;
}

/** Mailgun's domains API and its domain sending keys, with the account key; each failure a ProviderError with a sentence. */
export class MailgunDomains {
  private http: MailgunHttp;

  constructor(account: Omit<MailgunAccount, 'domain'>, options: MailgunOptions = {}) {
    this.http = new MailgunHttp({ ...account, domain: null }, options);
  }

  private async call(label: string, method: string, path: string, form?: URLSearchParams | FormData, ok = [200]): Promise<Answer> {
    const a = await this.http.request(label, method, path, form);
    if (ok.includes(a.status)) return a;
    const said = messageOf(a);
    const why =
      a.status === 401 || a.status === 403
        ? `Mailgun refused the API key (${a.status}): check the key and the region.`
        : a.status === 404
          ? `Mailgun does not know it (404): ${said}`
          : `Mailgun answered ${a.status}: ${said}`;
    throw new ProviderError('mailgun', `${label}: ${why}`, a.status, a.status === 404 ? 'NotFound' : null, false, a.status >= 500 || a.status === 429);
  }

  async list(limit = 100): Promise<{ total: number; items: Omit<MailgunDomain, 'records'>[] }> {
    const a = await this.call("Listing the account's domains", 'GET', `/v4/domains?limit=${limit}`);
    const items = Array.isArray(a.body.items) ? a.body.items.filter(isRecord).map(readDomainInfo) : [];
    return { total: Number(a.body.total_count ?? items.length), items };
  }

  async create(name: string): Promise<MailgunDomain> {
    const form = new URLSearchParams({ name, web_scheme: 'https' });
    return readDomain((await this.call(`Adding the domain ${name}`, 'POST', '/v4/domains', form)).body);
  }

  async get(name: string): Promise<MailgunDomain> {
    return readDomain((await this.call(`Reading the domain ${name}`, 'GET', `/v4/domains/${encodeURIComponent(name)}`)).body);
  }

  /** asks Mailgun to look up the domain's DNS records again; the answer has each record's new state */
  async verify(name: string): Promise<MailgunDomain> {
    return readDomain((await this.call(`Verifying the domain ${name}`, 'PUT', `/v4/domains/${encodeURIComponent(name)}/verify`)).body);
  }

  /** deletes the domain; one Mailgun no longer has counts as deleted */
  async remove(name: string): Promise<void> {
    await this.call(`Deleting the domain ${name}`, 'DELETE', `/v3/domains/${encodeURIComponent(name)}`, undefined, [200, 404]);
  }

  async listKeys(domain: string): Promise<MailgunKey[]> {
    const q = new URLSearchParams({ domain_name: domain, kind: 'domain' });
    const a = await this.call(`Listing the sending keys of ${domain}`, 'GET', `/v1/keys?${q.toString()}`);
    return (Array.isArray(a.body.items) ? a.body.items.filter(isRecord) : []).filter((k) => k.domain_name === undefined || k.domain_name === domain).map(readKey);
  }

  async createKey(domain: string, description: string): Promise<MailgunKey> {
    const form = new FormData();
    form.set('role', 'sending');
    form.set('kind', 'domain');
    form.set('domain_name', domain);
    form.set('description', description);
    const a = await this.call(`Creating a sending key for ${domain}`, 'POST', '/v1/keys', form);
    if (!isRecord(a.body.key)) throw new ProviderError('mailgun', `Creating a sending key for ${domain}: Mailgun's answer carried no key.`, a.status);
    return readKey(a.body.key);
  }

  async deleteKey(id: string): Promise<void> {
    await this.call('Deleting a sending key', 'DELETE', `/v1/keys/${encodeURIComponent(id)}`, undefined, [200, 404]);
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? null : String(v));

function readDomainInfo(d: Record<string, unknown>): Omit<MailgunDomain, 'records'> {
  return { name: str(d.name) ?? '', state: str(d.state) ?? 'unverified', createdAt: str(d.created_at) };
}

/** { domain, sending_dns_records, receiving_dns_records } → the domain with every record and its purpose */
export function readDomain(body: Record<string, unknown>): MailgunDomain {
  if (!isRecord(body.domain)) throw new ProviderError('mailgun', "Mailgun's answer carried no domain.", 200);
  const records: MailgunDnsRecord[] = [];
  const add = (list: unknown, receiving: boolean) => {
    for (const r of Array.isArray(list) ? list.filter(isRecord) : []) {
      const type = (str(r.record_type) ?? '').toUpperCase();
      const name = str(r.name) ?? '';
      const value = str(r.value) ?? '';
      const valid = r.valid === 'valid' || r.valid === 'invalid' ? r.valid : 'unknown';
      const purpose: DnsPurpose = receiving && type === 'MX' ? 'mx' : type === 'TXT' && value.startsWith('v=spf1') ? 'spf' : type === 'TXT' && name.includes('._domainkey.') ? 'dkim' : type === 'CNAME' ? 'tracking' : 'other';
      records.push({ purpose, type, name: receiving && !name ? str((body.domain as Record<string, unknown>).name) ?? '' : name, value, priority: str(r.priority), valid });
    }
  };
  add(body.sending_dns_records, false);
  add(body.receiving_dns_records, true);
  return { ...readDomainInfo(body.domain), records };
}

function readKey(k: Record<string, unknown>): MailgunKey {
  return { id: str(k.id) ?? '', description: str(k.description) ?? '', createdAt: str(k.created_at), expiresAt: str(k.expires_at), disabled: k.is_disabled === true, secret: str(k.secret) };
}
