import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailboxAccount, MailListItem, MailOAuthSetup } from '../../../common/schemas/mailbox.js';
import type { Paginator } from '../../../common/schemas/list-query.js';
import { ConfigError, loadConfig } from '../../config.js';
import { unseal } from '../../crypto/sealed.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { Session } from '../../plugins/session.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { mailboxPeople } from './test-people.js';
import { rawMail, startImap, type ImapServer } from '../../testing/imap.js';
import { startSmtp } from '../../testing/smtp.js';
import { pkceChallenge, startOAuthStandIn, type OAuthStandIn } from '../../testing/standins/oauth.js';
import { tokenPlace, type OAuthTokens } from './accounts.js';
import { startFlow } from './oauth.js';

/**
 * Gmail and Outlook through OAuth 2 (issue 23; docs/decisions/0050-mailbox.md), over HTTP against
 * the local OAuth stand-in (authorization code + PKCE + refresh_token, an id_token with the
 * address), a real Dovecot that takes XOAUTH2 logins by asking the stand-in's introspection
 * endpoint about the token, and a real SMTP listener that takes XOAUTH2 with the stand-in's
 * live tokens only: the whole flow, PKCE, the state's single use and binding, refresh before
 * expiry and after a refused login, a revoked refresh token marking the account for reconnection,
 * another member's and another company's mailbox, and the permissions.
 */
let t: TestApp;
let oauth: OAuthStandIn;
let imap: ImapServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: TestClient;
let colleague: TestClient;
let viewer: TestClient;
let stranger: TestClient;
let tenantId: number;
const ALICE = { user: 'alice@mail.test', pass: 'only-for-delivering-test-mail' };
const APP_KEY = 'test-key-0123456789-0123456789-0123456789';
const CALLBACK = 'http://kazi.test/mailbox/oauth/gmail/callback';

const ok = async (c: TestClient, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, status = 200) => {
  const r = await c.json(method, url, body);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(status);
  return r.json();
};
const mailboxes = async (c: TestClient) => (await ok(c, 'GET', '/mailbox/all-mailboxes')).data as MailboxAccount[];
/** the page an Inertia visit lands on, with its props (the flash among them) */
const page = async (c: TestClient, url: string) => {
  const r = await c.get(url, { inertia: true });
  expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
  return r.json() as { component: string; props: Record<string, unknown> & { flash: { success: string | null; error: string | null } } };
};
/** presses Connect: the start route's redirect to the provider */
const start = async (c: TestClient, provider = 'gmail') => {
  const r = await c.get(`/mailbox/oauth/${provider}/start`);
  expect(r.statusCode, r.body).toBe(303);
  return new URL(r.headers.location as string);
};
/** comes back from the provider: the callback's redirect and the page it leads to */
const callback = async (c: TestClient, back: string) => {
  const u = new URL(back);
  expect(`${u.origin}${u.pathname}`).toBe(CALLBACK);
  const r = await c.get(`${u.pathname}${u.search}`);
  expect(r.statusCode, r.body).toBe(303);
  return page(c, r.headers.location as string);
};
const accountRow = async (email: string) =>
  (
    await withTenant(t.database, tenantId, (tx) =>
      rows<{ id: number; user_id: number; provider: string; password_sealed: string | null; oauth_sealed: string | null; token_expires_at: string | null; reconnect_reason: string | null; imap_host: string; imap_port: number }>(
        tx,
        sql`select id, user_id, provider, password_sealed, oauth_sealed, token_expires_at, reconnect_reason, imap_host, imap_port from mailbox_accounts where tenant_id = ${tenantId} and email = ${email}`,
      ),
    )
  )[0];
const tokensOf = (row: { user_id: number; oauth_sealed: string | null }, email = ALICE.user) =>
  JSON.parse(unseal(APP_KEY, tokenPlace(tenantId, Number(row.user_id), email), row.oauth_sealed!)) as OAuthTokens;
const synced = async (c: TestClient, id: number, after = 0) => {
  let a: MailboxAccount | undefined;
  await expect
    .poll(
      async () => {
        a = (await mailboxes(c)).find((m) => m.id === id);
        return a && a.sync_status !== 'syncing' && a.sync_status !== 'pending' && a.last_synced_at && Date.parse(a.last_synced_at) > after;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBeTruthy();
  return a!;
};
const failed = async (c: TestClient, id: number) => {
  let a: MailboxAccount | undefined;
  await expect
    .poll(
      async () => {
        a = (await mailboxes(c)).find((m) => m.id === id);
        return a?.sync_status;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe('failed');
  return a!;
};

beforeAll(async () => {
  oauth = await startOAuthStandIn({ redirectUris: [CALLBACK], email: ALICE.user, expiresIn: 3599 });
  [imap, smtp] = await Promise.all([
    startImap([ALICE], { oauth2IntrospectionUrl: oauth.introspectionUrl }),
    startSmtp({ oauth: (user, token) => oauth.tokenEmail(token) === user }),
  ]);
  await imap.deliver(rawMail({ from: 'Wanjiru <wanjiru@example.test>', to: ALICE.user, subject: 'Borehole invoice', text: 'Attached.', date: new Date(Date.UTC(2026, 0, 5, 9)) }));
  t = await createTestApp({
    MAILBOX_ALLOWED_HOSTS: '127.0.0.1',
    MAILBOX_GOOGLE_CLIENT_ID: oauth.clientId,
    MAILBOX_GOOGLE_CLIENT_SECRET: oauth.clientSecret,
    MAILBOX_GOOGLE_AUTH_URL: oauth.authUrl,
    MAILBOX_GOOGLE_TOKEN_URL: oauth.tokenUrl,
    MAILBOX_GOOGLE_IMAP: `127.0.0.1:${imap.port}:none`,
    MAILBOX_GOOGLE_SMTP: `127.0.0.1:${new URL(smtp.url).port}:none`,
  });
  ({ tenantId, owner, colleague, viewer, stranger } = await mailboxPeople(t, 'OAuth'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([imap?.close(), smtp?.close(), oauth?.close()]);
});

describe('the operator’s settings', () => {
  const base = { NODE_ENV: 'test', APP_KEY, DATA_DIR: '/tmp/kazi-oauth-config' };
  it('a provider is on with its client id and secret together, with the provider’s own endpoints and servers by default', () => {
    const c = loadConfig({ ...base, MAILBOX_MICROSOFT_CLIENT_ID: 'ms-id', MAILBOX_MICROSOFT_CLIENT_SECRET: 'ms-secret' });
    expect(c.mailbox.oauth.gmail).toBeNull();
    expect(c.mailbox.oauth.outlook).toEqual({
      clientId: 'ms-id',
      clientSecret: 'ms-secret',
      authUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
      tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
      official: true,
      imap: { host: 'outlook.office365.com', port: 993, security: 'tls' },
      smtp: { host: 'smtp.office365.com', port: 587, security: 'starttls' },
    });
    expect(() => loadConfig({ ...base, MAILBOX_GOOGLE_CLIENT_ID: 'id-only' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, MAILBOX_GOOGLE_TOKEN_URL: 'http://127.0.0.1:1/token' })).toThrow(/MAILBOX_GOOGLE_CLIENT_ID and MAILBOX_GOOGLE_CLIENT_SECRET must be set together/);
    expect(() => loadConfig({ ...base, MAILBOX_GOOGLE_CLIENT_ID: 'a', MAILBOX_GOOGLE_CLIENT_SECRET: 'b', MAILBOX_GOOGLE_IMAP: 'imap.gmail.com:993' })).toThrow(/host:port:security/);
  });

  it('Outlook asks for IMAP, SMTP, offline access and the address, with an S256 challenge and no verifier in the address', () => {
    const c = loadConfig({ ...base, APP_URL: 'https://kazi.example', MAILBOX_MICROSOFT_CLIENT_ID: 'ms-id', MAILBOX_MICROSOFT_CLIENT_SECRET: 'ms-secret' });
    const data: Record<string, unknown> = {};
    const session = { id: 'session-id', get: (k: string) => data[k], put: (k: string, v: unknown) => (data[k] = v) } as unknown as Session;
    const u = new URL(startFlow(c, session, 'outlook', 1, 2));
    expect(`${u.origin}${u.pathname}`).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/authorize');
    const p = Object.fromEntries(u.searchParams);
    expect(p.scope).toBe('https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send offline_access openid email');
    expect(p.redirect_uri).toBe('https://kazi.example/mailbox/oauth/outlook/callback');
    expect(p.code_challenge_method).toBe('S256');
    const [flow] = Object.values(data.mailbox_oauth as Record<string, { verifier: string }>);
    expect(pkceChallenge(flow.verifier)).toBe(p.code_challenge);
    expect(u.toString()).not.toContain(flow.verifier);
    expect(p).not.toHaveProperty('client_secret');
  });

  it('a provider the operator did not configure: its Setup page says so with no Connect link, and its start route sends back with the same sentence', async () => {
    const setup = await page(owner, '/mailbox/setup/outlook');
    expect(setup.component).toBe('Mailbox/Setup/Outlook');
    const props = setup.props as unknown as MailOAuthSetup;
    expect(props.configured).toBe(false);
    expect(props.start_url).toBeNull();
    expect(props.unavailable).toMatch(/Sign-in with Microsoft is not set up on this Kazi.*MAILBOX_MICROSOFT_CLIENT_ID and MAILBOX_MICROSOFT_CLIENT_SECRET/);
    const r = await owner.get('/mailbox/oauth/outlook/start');
    expect(r.statusCode).toBe(303);
    expect(r.headers.location).toBe('/mailbox/setup/outlook');
    expect((await page(owner, '/mailbox/setup/outlook')).props.flash.error).toBe(props.unavailable);
    expect((await owner.get('/mailbox/oauth/yahoo/start')).statusCode).toBe(404);
    expect((await owner.get('/mailbox/oauth/yahoo/callback?code=x&state=y')).statusCode).toBe(404);
  });

  it('permissions: a read-only member cannot open the Setup pages nor start or finish a sign-in', async () => {
    for (const url of ['/mailbox/setup/gmail', '/mailbox/setup/outlook', '/mailbox/oauth/gmail/start', '/mailbox/oauth/gmail/callback?code=x&state=y'])
      expect((await viewer.get(url)).statusCode, url).toBe(403);
  });
});

let account: MailboxAccount;

describe('signing in with Google', () => {
  it('start → consent at the provider → callback: the account is created with its tokens sealed, synced over XOAUTH2, and the tokens are never answered', async () => {
    const setup = (await page(owner, '/mailbox/setup/gmail')).props as unknown as MailOAuthSetup;
    expect(setup).toMatchObject({ configured: true, start_url: '/mailbox/oauth/gmail/start', imap: `127.0.0.1:${imap.port} (no encryption)` });

    const auth = await start(owner);
    expect(`${auth.origin}${auth.pathname}`).toBe(oauth.authUrl);
    const p = Object.fromEntries(auth.searchParams);
    expect(p).toMatchObject({ response_type: 'code', client_id: oauth.clientId, redirect_uri: CALLBACK, scope: 'https://mail.google.com/ openid email', code_challenge_method: 'S256', access_type: 'offline' });
    expect(p.state).toMatch(/^[\w-]+\.[\w-]+$/);

    const before = oauth.tokenRequests.items.length;
    const landed = await callback(owner, await oauth.consent(auth.toString()));
    expect(landed.component).toBe('Mailbox/Providers');
    expect(landed.props.flash.success).toBe(`Gmail connected: ${ALICE.user}.`);

    // the code went back with the verifier whose SHA-256 is the challenge, and the client's secret
    const exchange = oauth.tokenRequests.items.slice(before).find((r) => r.grant_type === 'authorization_code')!;
    expect(exchange.status).toBe(200);
    expect(pkceChallenge(exchange.form.code_verifier)).toBe(p.code_challenge);
    expect(exchange.form).toMatchObject({ redirect_uri: CALLBACK, client_id: oauth.clientId, client_secret: oauth.clientSecret });

    const row = await accountRow(ALICE.user);
    expect(row).toMatchObject({ provider: 'gmail', password_sealed: null, reconnect_reason: null, imap_host: '127.0.0.1', imap_port: imap.port });
    const tokens = tokensOf(row);
    expect(oauth.tokenEmail(tokens.access_token)).toBe(ALICE.user);
    expect(oauth.refreshTokens()).toContain(tokens.refresh_token);
    expect(row.oauth_sealed).not.toContain(tokens.access_token);
    expect(Date.parse(row.token_expires_at!) - Date.now()).toBeGreaterThan(3500_000);

    [account] = await mailboxes(owner);
    account = await synced(owner, account.id);
    expect(account).toMatchObject({ provider: 'gmail', email: ALICE.user, default: true, sync_status: 'idle', reconnect_reason: null });
    const inbox = account.folders.find((f) => f.role === 'INBOX')!;
    const list = (await ok(owner, 'GET', `/mailbox/mails/json/${inbox.id}`)) as Paginator<MailListItem>;
    expect(list.data.map((m) => m.subject)).toEqual(['Borehole invoice']);
    // Dovecot let the sync in by asking the stand-in about the token
    expect(oauth.introspections.items.some((i) => i.token === tokens.access_token && i.active)).toBe(true);

    for (const url of ['/mailbox/all-mailboxes', '/mailbox/mailboxes', '/mailbox/default']) {
      const body = (await owner.json('GET', url)).body;
      expect(body).not.toContain(tokens.access_token);
      expect(body).not.toContain(tokens.refresh_token);
    }
    const providers = (await owner.get('/mailbox/providers', { inertia: true })).body;
    expect(providers).not.toContain(tokens.access_token);
    expect(providers).not.toContain(tokens.refresh_token);
  });

  it('sends through SMTP with XOAUTH2 and the stored access token', async () => {
    const { access_token } = tokensOf(await accountRow(ALICE.user));
    await ok(owner, 'POST', '/mailbox/send', { mailbox_id: account.id, to: ['bob@example.test'], cc: [], subject: 'Pump parts', body: 'Ordered.' }, 201);
    const got = await smtp.waitFor('bob@example.test');
    expect(got.raw).toContain('Subject: Pump parts');
    expect(smtp.logins.at(-1)).toEqual({ method: 'XOAUTH2', user: ALICE.user, accessToken: access_token });
  });

  it('PKCE: the stand-in refuses the code with another verifier, and the code is then spent for Kazi too', async () => {
    const auth = await start(owner);
    const back = new URL(await oauth.consent(auth.toString()));
    const code = back.searchParams.get('code')!;
    const wrong = await fetch(oauth.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: 'x'.repeat(64), client_id: oauth.clientId, client_secret: oauth.clientSecret }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid code verifier.' });
    const landed = await callback(owner, back.toString());
    expect(landed.component).toBe('Mailbox/Setup/Gmail');
    expect(landed.props.flash.error).toMatch(/Google refused to finish the sign-in \(invalid_grant: Code was already redeemed\.\): nothing was connected/);
    expect(await mailboxes(owner)).toHaveLength(1);
  });

  it('the state is single-use, signed, and bound to the member’s session: a replay, a forged one or another member’s are refused and store nothing', async () => {
    const auth = await start(owner);
    const back = await oauth.consent(auth.toString());
    const u = new URL(back);
    // another member of the company, and a member of another company, bring the owner's answer back
    for (const c of [colleague, stranger]) {
      const r = await c.get(`${u.pathname}${u.search}`);
      expect(r.statusCode).toBe(303);
      expect((await page(c, r.headers.location as string)).props.flash.error).toMatch(/does not match one started here/);
      expect(await mailboxes(c)).toEqual([]);
    }
    // a forged signature on a live nonce
    const forged = new URL(back);
    forged.searchParams.set('state', `${u.searchParams.get('state')!.split('.')[0]}.AAAA${u.searchParams.get('state')!.split('.')[1].slice(4)}`);
    expect((await callback(owner, forged.toString())).props.flash.error).toMatch(/does not match one started here/);
    // the forged try used the nonce up: the genuine answer is refused now too
    expect((await callback(owner, back)).props.flash.error).toMatch(/does not match one started here/);

    // a genuine flow succeeds once (a reconnection of the same address), and its replay is refused
    const again = await oauth.consent((await start(owner)).toString());
    expect((await callback(owner, again)).props.flash.success).toBe(`Gmail reconnected: ${ALICE.user}.`);
    const exchanges = oauth.tokenRequests.items.length;
    expect((await callback(owner, again)).props.flash.error).toMatch(/does not match one started here/);
    expect(oauth.tokenRequests.items.length).toBe(exchanges);
    expect(await mailboxes(owner)).toHaveLength(1);
  });

  it('“Deny” at the provider (error=access_denied): a clear message, nothing stored', async () => {
    const colleagueAuth = await start(colleague);
    const landed = await callback(colleague, await oauth.consent(colleagueAuth.toString(), { deny: true }));
    expect(landed.component).toBe('Mailbox/Setup/Gmail');
    expect(landed.props.flash.error).toBe('You did not allow Kazi into your Gmail mailbox at Google: nothing was connected.');
    expect(await mailboxes(colleague)).toEqual([]);
  });

  it('another member’s and another company’s Gmail mailbox answer 404', async () => {
    for (const c of [colleague, stranger]) {
      expect((await c.json('POST', `/mailbox/sync/${account.id}`)).statusCode).toBe(404);
      expect((await c.json('DELETE', `/mailbox/delete/${account.id}`)).statusCode).toBe(404);
      expect((await c.json('POST', '/mailbox/send', { mailbox_id: account.id, to: ['x@example.test'], cc: [], subject: 's', body: 'b' })).statusCode).toBe(404);
    }
  });
});

describe('keeping the access token fresh', () => {
  const refreshes = () => oauth.tokenRequests.items.filter((r) => r.grant_type === 'refresh_token');
  /** a sync asked for now may wait behind one already queued: the test waits for the refresh itself, then for a sync finished after it */
  const refreshedThenSynced = async (n: number) => {
    await oauth.tokenRequests.waitFor((r) => r.grant_type === 'refresh_token' && refreshes().indexOf(r) >= n, 30_000, 'a refresh');
    return synced(owner, account.id, Date.now() - 1);
  };
  // a sync asked for while another runs is a no-op (the claim), so each test starts with none running
  beforeEach(async () => {
    await synced(owner, account.id);
  });

  it('an access token about to expire is refreshed before the sync, and the new one is stored', async () => {
    const old = tokensOf(await accountRow(ALICE.user));
    await withTenant(t.database, tenantId, (tx) => tx.execute(sql`update mailbox_accounts set token_expires_at = now() + interval '30 seconds' where tenant_id = ${tenantId} and id = ${account.id}`));
    const n = refreshes().length;
    await ok(owner, 'POST', `/mailbox/sync/${account.id}`);
    expect((await refreshedThenSynced(n)).sync_status).toBe('idle');
    expect(refreshes().slice(n)).toEqual([expect.objectContaining({ status: 200, form: expect.objectContaining({ refresh_token: old.refresh_token, client_id: oauth.clientId }) })]);
    const row = await accountRow(ALICE.user);
    const fresh = tokensOf(row);
    expect(fresh.access_token).not.toBe(old.access_token);
    expect(fresh.refresh_token).toBe(old.refresh_token);
    expect(oauth.tokenEmail(fresh.access_token)).toBe(ALICE.user);
    expect(Date.parse(row.token_expires_at!) - Date.now()).toBeGreaterThan(3500_000);
  });

  it('a token the IMAP server refuses before its time is refreshed once and the sync goes on', async () => {
    oauth.revokeAccessTokens(ALICE.user);
    const n = refreshes().length;
    await ok(owner, 'POST', `/mailbox/sync/${account.id}`);
    expect((await refreshedThenSynced(n)).sync_status).toBe('idle');
    expect(refreshes().slice(n).map((r) => r.status)).toEqual([200]);
    expect(oauth.tokenEmail(tokensOf(await accountRow(ALICE.user)).access_token)).toBe(ALICE.user);
  });

  it('a token the SMTP server refuses is refreshed once and the mail goes', async () => {
    oauth.revokeAccessTokens(ALICE.user);
    const n = refreshes().length;
    await ok(owner, 'POST', '/mailbox/send', { mailbox_id: account.id, to: ['carol@example.test'], cc: [], subject: 'Second try', body: 'Hi.' }, 201);
    await smtp.waitFor('carol@example.test');
    expect(refreshes().slice(n).map((r) => r.status)).toEqual([200]);
    expect(smtp.logins.slice(-2).map((l) => l.method)).toEqual(['XOAUTH2', 'XOAUTH2']);
  });

  it('a revoked refresh token marks the account for reconnection with a clear reason; signing in again clears it', async () => {
    oauth.revoke(ALICE.user);
    await ok(owner, 'POST', `/mailbox/sync/${account.id}`);
    const a = await failed(owner, account.id);
    const reason = `Google no longer lets Kazi into ${ALICE.user} (the access was revoked, expired or the password changed): connect it again with Google.`;
    expect(a.reconnect_reason).toBe(reason);
    expect(a.sync_error).toBe(reason);
    expect(refreshes().at(-1)).toMatchObject({ status: 400, error: 'invalid_grant' });
    // sending says the same, and the provider is not asked again
    const n = refreshes().length;
    const send = await owner.json('POST', '/mailbox/send', { mailbox_id: account.id, to: ['dan@example.test'], cc: [], subject: 's', body: 'b' });
    expect(send.statusCode).toBe(422);
    expect(send.json().errors.mailbox_id).toEqual([reason]);
    expect(refreshes().length).toBe(n);
    // the Providers page carries it
    const providers = await page(owner, '/mailbox/providers');
    expect((providers.props.mailboxes as MailboxAccount[])[0].reconnect_reason).toBe(reason);

    const landed = await callback(owner, await oauth.consent((await start(owner)).toString()));
    expect(landed.props.flash.success).toBe(`Gmail reconnected: ${ALICE.user}.`);
    expect((await accountRow(ALICE.user)).reconnect_reason).toBeNull();
    const since = Date.now();
    await ok(owner, 'POST', `/mailbox/sync/${account.id}`);
    expect((await synced(owner, account.id, since)).sync_status).toBe('idle');
  });
});
