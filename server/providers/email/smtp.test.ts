import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../payments/errors.js';
import { listen } from '../../testing/standins/http.js';
import { startSmtp } from '../../testing/smtp.js';
import { REFERENCE_HEADER, SmtpEmail, type SmtpAccount } from './smtp.js';
import type { EmailMessage } from './types.js';

/** The SMTP driver against a real SMTP listener (smtp-server): answers per message, logins, connection failures. */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let account: SmtpAccount;
const drivers: SmtpEmail[] = [];
const driver = (a: Partial<SmtpAccount> = {}) => {
  const d = new SmtpEmail({ ...account, ...a });
  drivers.push(d);
  return d;
};

const msg = (to: string, reference: string): EmailMessage => ({
  tenantId: 1,
  to,
  from: 'Kazi News <news@kazi.test>',
  replyTo: 'help@kazi.test',
  subject: 'Hello',
  html: '<p>Hello</p>',
  text: 'Hello',
  headers: { 'List-Unsubscribe': '<https://kazi.test/u/1>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  reference,
});

beforeAll(async () => {
  smtp = await startSmtp({
    auth: { user: 'relay', pass: 'secret-pass' },
    refuse: { 'nobody@example.org': { code: 550, message: '5.1.1 No such user' }, 'later@example.org': { code: 451, message: '4.3.0 Try again later' } },
    refuseData: { 'spam@example.org': { code: 554, message: '5.7.1 Message looks like spam' } },
    dropAfterData: ['drop@example.org'],
  });
  const port = Number(new URL(smtp.url).port);
  account = { host: '127.0.0.1', port, security: 'none', user: 'relay', password: 'secret-pass' };
});
afterAll(async () => {
  for (const d of drivers) d.close();
  await smtp?.close();
});

describe('SMTP driver', () => {
  it('sends each message with the List-Unsubscribe headers, reply-to and our reference, answering its Message-ID', async () => {
    const r = await driver().send([msg('a@example.org', 'r1'), msg('b@example.org', 'r2')]);
    expect(r.map((x) => [x.reference, x.outcome])).toEqual([
      ['r1', 'accepted'],
      ['r2', 'accepted'],
    ]);
    const a = await smtp.waitFor('a@example.org');
    expect(a.raw).toMatch(/^List-Unsubscribe: <https:\/\/kazi\.test\/u\/1>$/m);
    expect(a.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(a.raw).toMatch(new RegExp(`^${REFERENCE_HEADER}: r1$`, 'm'));
    expect(a.raw).toMatch(/^Reply-To: help@kazi\.test$/m);
    const id = r[0].outcome === 'accepted' ? r[0].messageId : '';
    expect(a.raw).toContain(`Message-ID: <${id}>`);
  });

  it('answers 5xx as a permanent refusal, 4xx as a temporary one, for that message only', async () => {
    const r = await driver().send([msg('nobody@example.org', 'n'), msg('later@example.org', 'l'), msg('spam@example.org', 's'), msg('ok@example.org', 'o')]);
    expect(r[0]).toMatchObject({ outcome: 'refused', code: 'Smtp550', temporary: false, account: false });
    expect(r[0].outcome === 'refused' && r[0].reason).toMatch(/No such user/);
    expect(r[1]).toMatchObject({ outcome: 'refused', code: 'Smtp451', temporary: true, account: false });
    expect(r[2]).toMatchObject({ outcome: 'refused', code: 'Smtp554', temporary: false, account: false });
    expect(r[3]).toMatchObject({ outcome: 'accepted' });
  });

  it('answers unknown when the connection is cut after the message went through DATA', async () => {
    const r = await driver().send([msg('drop@example.org', 'd')]);
    expect(r[0]).toMatchObject({ outcome: 'unknown' });
    expect(smtp.received.some((m) => m.to.includes('drop@example.org'))).toBe(true);
  });

  it('refuses the whole batch for the account on a wrong password, with a clear sentence', async () => {
    const wrong = driver({ password: 'nope' });
    const r = await wrong.send([msg('c@example.org', 'c1'), msg('d@example.org', 'c2')]);
    expect(r.every((x) => x.outcome === 'refused' && x.account && !x.temporary)).toBe(true);
    await expect(wrong.testConnection()).rejects.toThrow(/refused the user name or password/);
    // no login where the server asks for one: MAIL FROM is refused (530), about the account
    const anonymous = await driver({ user: null, password: null }).send([msg('c@example.org', 'c3')]);
    expect(anonymous[0]).toMatchObject({ outcome: 'refused', account: true, temporary: false });
  });

  it('tests the connection and says what failed: refused, unknown host, STARTTLS missing, wrong TLS', async () => {
    await expect(driver().testConnection()).resolves.toBeUndefined();
    const l = await listen(() => undefined);
    const closedPort = Number(new URL(l.url).port);
    await l.close();
    await expect(driver({ port: closedPort }).testConnection()).rejects.toThrow(/refused the connection: check the host and port/);
    await expect(driver({ host: 'smtp.nowhere.invalid' }).testConnection()).rejects.toThrow(/was not found: check its name/);
    await expect(driver({ security: 'starttls' }).testConnection()).rejects.toThrow(/does not offer STARTTLS/);
    await expect(driver({ security: 'tls' }).testConnection()).rejects.toThrow(/does not speak TLS from the first byte|could not be reached|did not answer/);
  });

  it('throws a temporary ProviderError when nothing could be sent at all', async () => {
    const l = await listen(() => undefined);
    const closedPort = Number(new URL(l.url).port);
    await l.close();
    const err = await driver({ port: closedPort }).send([msg('e@example.org', 'e')]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ provider: 'smtp', temporary: true });
  });
});
