import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../payments/errors.js';
import { callbackReceiver } from '../../testing/standins/africastalking.js';
import { listen } from '../../testing/standins/http.js';
import { startMailgunStandIn, STANDIN_MAILGUN, type MailgunStandIn } from '../../testing/standins/mailgun.js';
import { MailgunDomains, MailgunEmail, mailgunBaseUrl, type MailgunAccount } from './mailgun.js';
import { readMailgunEvent, verifyMailgunSignature } from './mailgun-events.js';
import type { EmailMessage } from './types.js';

/** The Mailgun driver against the local stand-in: messages, answers, domains, keys and signed events. */
let mg: MailgunStandIn;

/** an address where nothing listens (a port just freed): the connection is refused */
async function closedAddress() {
  const l = await listen(() => undefined);
  await l.close();
  return l.url;
}
let hooks: Awaited<ReturnType<typeof callbackReceiver>>;
let account: MailgunAccount;

const msg = (to: string, reference: string, extra: Partial<EmailMessage> = {}): EmailMessage => ({
  tenantId: 1,
  to,
  from: 'Kazi News <news@mg.kazi.test>',
  replyTo: 'help@kazi.test',
  subject: 'Hello',
  html: '<p>Hello</p>',
  text: 'Hello',
  headers: { 'List-Unsubscribe': '<https://kazi.test/u/1>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  reference,
  tags: ['send-7'],
  ...extra,
});

beforeAll(async () => {
  hooks = await callbackReceiver();
  mg = await startMailgunStandIn({ domains: [{ name: 'mg.kazi.test', state: 'active' }, { name: 'new.kazi.test', state: 'unverified' }], webhookUrl: hooks.url });
  account = { apiKey: STANDIN_MAILGUN.apiKey, region: 'eu', domain: 'mg.kazi.test', apiUrl: mg.url };
});
afterAll(async () => {
  await mg?.close();
  await hooks?.close();
});

describe('Mailgun driver', () => {
  it('uses the region’s address unless a stand-in is configured', () => {
    expect(mailgunBaseUrl({ region: 'eu' })).toBe('https://api.eu.mailgun.net');
    expect(mailgunBaseUrl({ region: 'us' })).toBe('https://api.mailgun.net');
    expect(mailgunBaseUrl({ region: 'us', apiUrl: 'http://127.0.0.1:9/' })).toBe('http://127.0.0.1:9');
  });

  it('sends each message with its headers, reply-to, tag and our reference, and answers each with Mailgun’s id', async () => {
    const results = await new MailgunEmail(account).send([msg('a@example.org', 'r1'), msg('b@example.org', 'r2')]);
    expect(results.map((r) => [r.reference, r.outcome])).toEqual([
      ['r1', 'accepted'],
      ['r2', 'accepted'],
    ]);
    const a = mg.received().find((m) => m.to === 'a@example.org')!;
    expect(results[0]).toMatchObject({ messageId: a.id });
    expect(a.id).not.toMatch(/[<>]/);
    expect(a).toMatchObject({ from: 'Kazi News <news@mg.kazi.test>', subject: 'Hello', html: '<p>Hello</p>', text: 'Hello', tags: ['send-7'], variables: { kazi_ref: 'r1' } });
    expect(a.headers).toEqual({ 'Reply-To': 'help@kazi.test', 'List-Unsubscribe': '<https://kazi.test/u/1>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('answers a refused address for itself and an account refusal by holding the rest unsent', async () => {
    mg.setRecipient('bad@example.org', { refuse: { status: 400, message: 'to parameter is not a valid address. please check documentation' } });
    const r = await new MailgunEmail(account).send([msg('bad@example.org', 'x1')]);
    expect(r[0]).toMatchObject({ outcome: 'refused', code: 'BadRequest', temporary: false, account: false });
    const before = mg.received().length;
    const wrongKey = new MailgunEmail({ ...account, apiKey: 'key-wrong' }, { concurrency: 1 });
    const held = await wrongKey.send([msg('c@example.org', 'k1'), msg('d@example.org', 'k2'), msg('e@example.org', 'k3')]);
    expect(held.every((h) => h.outcome === 'refused' && h.account && !h.temporary && h.code === 'Unauthorized')).toBe(true);
    // the first answer stopped the others: one request, nothing taken
    expect(mg.received().length).toBe(before);
  });

  it('maps 402/403/404 to the account, 429 and 5xx to a temporary refusal, 502/504 to unknown', async () => {
    const driver = new MailgunEmail(account, { concurrency: 1 });
    const cases: [number, object][] = [
      [402, { code: 'PaymentRequired', account: true, temporary: false }],
      [403, { code: 'Forbidden', account: true, temporary: false }],
      [429, { code: 'RateLimited', account: false, temporary: true }],
      [500, { code: 'Http500', account: false, temporary: true }],
    ];
    for (const [status, expected] of cases) {
      mg.failNext({ status, message: 'no' });
      expect((await driver.send([msg('f@example.org', `s${status}`)]))[0]).toMatchObject({ outcome: 'refused', ...expected });
    }
    mg.failNext({ status: 504 });
    expect((await driver.send([msg('f@example.org', 's504')]))[0]).toMatchObject({ outcome: 'unknown' });
    // a domain the account does not have
    const r = await new MailgunEmail({ ...account, domain: 'nope.kazi.test' }).send([msg('f@example.org', 'nd', { from: 'x@nope.kazi.test' })]);
    expect(r[0]).toMatchObject({ outcome: 'refused', code: 'DomainNotFound', account: true });
    // an unverified domain may not send yet
    const u = await new MailgunEmail({ ...account, domain: 'new.kazi.test' }).send([msg('f@example.org', 'uv', { from: 'x@new.kazi.test' })]);
    expect(u[0]).toMatchObject({ outcome: 'refused', code: 'Forbidden', account: true });
  });

  it('answers unknown when the request was taken but its answer lost, and throws when nothing could be sent', async () => {
    mg.failNext({ hang: 'reset' });
    const lost = await new MailgunEmail(account).send([msg('g@example.org', 'lost')]);
    expect(lost[0]).toMatchObject({ outcome: 'unknown' });
    expect(mg.received().some((m) => m.variables.kazi_ref === 'lost')).toBe(true);
    const down = new MailgunEmail({ ...account, apiUrl: await closedAddress() });
    const err = await down.send([msg('g@example.org', 'z')]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ provider: 'mailgun', temporary: true, mayHaveArrived: false });
    await expect(new MailgunEmail({ ...account, domain: null }).send([msg('g@example.org', 'z')])).rejects.toThrow(/No Mailgun sending domain/);
  });

  it('tests the connection: the key, the region and the domain', async () => {
    await expect(new MailgunEmail(account).testConnection()).resolves.toBeUndefined();
    await expect(new MailgunEmail({ ...account, domain: null }).testConnection()).resolves.toBeUndefined();
    await expect(new MailgunEmail({ ...account, apiKey: 'nope' }).testConnection()).rejects.toThrow(/refused the API key \(401\)/);
    await expect(new MailgunEmail({ ...account, domain: 'other.kazi.test' }).testConnection()).rejects.toThrow(/not on this Mailgun account in the EU region/);
    await expect(new MailgunEmail({ ...account, apiUrl: 'http://127.0.0.1:1' }).testConnection()).rejects.toThrow(/could not be reached/);
  });

  it('adds, reads, verifies and deletes a domain with its DNS records and their state', async () => {
    const domains = new MailgunDomains(account);
    const created = await domains.create('news.kazi.test');
    expect(created.state).toBe('unverified');
    expect(created.records.map((r) => [r.purpose, r.type, r.valid])).toEqual([
      ['spf', 'TXT', 'unknown'],
      ['dkim', 'TXT', 'unknown'],
      ['tracking', 'CNAME', 'unknown'],
      ['mx', 'MX', 'unknown'],
      ['mx', 'MX', 'unknown'],
    ]);
    expect(created.records[0]).toMatchObject({ name: 'news.kazi.test', value: 'v=spf1 include:mailgun.org ~all' });
    await expect(domains.create('news.kazi.test')).rejects.toThrow(/already taken/);
    await expect(domains.create('not a domain')).rejects.toThrow(/Invalid domain name/);
    mg.configure({ dnsReady: false });
    expect((await domains.verify('news.kazi.test')).records.every((r) => r.valid === 'invalid')).toBe(true);
    mg.configure({ dnsReady: true });
    const verified = await domains.verify('news.kazi.test');
    expect(verified.state).toBe('active');
    expect(verified.records.every((r) => r.valid === 'valid')).toBe(true);
    expect((await domains.get('news.kazi.test')).state).toBe('active');
    expect((await domains.list()).items.map((d) => d.name)).toContain('news.kazi.test');
    await domains.remove('news.kazi.test');
    await expect(domains.get('news.kazi.test')).rejects.toMatchObject({ status: 404 });
    // one already gone counts as deleted
    await expect(domains.remove('news.kazi.test')).resolves.toBeUndefined();
  });

  it('creates a sending key shown once, lists it without its secret, sends with it, and deletes it', async () => {
    const domains = new MailgunDomains(account);
    const key = await domains.createKey('mg.kazi.test', 'Kazi sending');
    expect(key.secret).toMatch(/.{20,}/);
    const listed = await domains.listKeys('mg.kazi.test');
    expect(listed).toEqual([expect.objectContaining({ id: key.id, description: 'Kazi sending', secret: null })]);
    // a sending key sends for its domain, and may not read domains
    const withKey = new MailgunEmail({ ...account, apiKey: key.secret! });
    expect((await withKey.send([msg('h@example.org', 'sk')]))[0].outcome).toBe('accepted');
    await expect(withKey.testConnection()).rejects.toThrow(/sending key can only send/);
    await domains.deleteKey(key.id);
    expect(await domains.listKeys('mg.kazi.test')).toEqual([]);
    expect((await withKey.send([msg('h@example.org', 'sk2')]))[0]).toMatchObject({ outcome: 'refused', account: true });
    await expect(new MailgunDomains({ ...account, apiKey: 'nope' }).listKeys('mg.kazi.test')).rejects.toThrow(/refused the API key/);
  });

  it('reads the stand-in’s signed events back to our reference, and refuses a forged or stale signature', async () => {
    const [sent] = await new MailgunEmail(account).send([msg('ev@example.org', 'ref-42')]);
    const id = sent.outcome === 'accepted' ? sent.messageId : '';
    for (const kind of ['delivered', 'failed-permanent', 'failed-temporary', 'opened', 'clicked', 'unsubscribed', 'complained'] as const) await mg.event(id, kind, { url: 'https://kazi.test/x' });
    const bodies = hooks.arrivals.items.map((a) => JSON.parse(a.rawBody.toString()) as unknown);
    const events = bodies.map((b) => {
      verifyMailgunSignature(STANDIN_MAILGUN.signingKey, b);
      return readMailgunEvent(b);
    });
    expect(events.map((e) => [e.kind, e.severity])).toEqual([
      ['delivered', null],
      ['failed', 'permanent'],
      ['failed', 'temporary'],
      ['opened', null],
      ['clicked', null],
      ['unsubscribed', null],
      ['complained', null],
    ]);
    expect(events.every((e) => e.reference === 'ref-42' && e.messageId === id && e.recipient === 'ev@example.org' && e.eventId)).toBe(true);
    expect(events[1].reason).toMatch(/^bounce: 5\.1\.1/);
    expect(events[4].url).toBe('https://kazi.test/x');
    expect(() => verifyMailgunSignature('another-key', bodies[0])).toThrow(/does not match/);
    const forged = JSON.parse(JSON.stringify(bodies[0])) as { signature: { token: string } };
    forged.signature.token = `${forged.signature.token.slice(0, -1)}0`;
    expect(() => verifyMailgunSignature(STANDIN_MAILGUN.signingKey, forged)).toThrow(/does not match/);
    expect(() => verifyMailgunSignature(STANDIN_MAILGUN.signingKey, bodies[0], Date.now() + 3_600_000)).toThrow(/too old/);
    expect(() => verifyMailgunSignature(STANDIN_MAILGUN.signingKey, {})).toThrow(/no signature/);
  });
});
