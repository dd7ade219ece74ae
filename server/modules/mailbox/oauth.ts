import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import type { Config, MailOAuthProviderConfig } from '../../config.js';
import { rows, type Database } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { Session } from '../../plugins/session.js';
import { accountSecrets, sealTokens, type AccountSecrets } from './accounts.js';
import { imapClient, imapSentence, resolveMailHost } from './transport.js';

/**
 * Gmail and Outlook through OAuth 2 (docs/decisions/0050-mailbox.md, "Sign-in with Google and
 * Microsoft"): the authorization-code flow with PKCE against the operator's OAuth client, the
 * tokens sealed on the account, and the access token refreshed before it runs out (or once when a
 * server refuses it). A refresh token the provider refuses marks the account for reconnection.
 */
export const OAUTH_PROVIDERS = ['gmail', 'outlook'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const PROVIDER_INFO: Record<OAuthProvider, { label: string; company: string; scope: string; params: Record<string, string>; settings: string }> = {
  gmail: {
    label: 'Gmail',
    company: 'Google',
    scope: 'https://mail.google.com/ openid email',
    // a refresh token every time (Google gives one only on the first consent otherwise)
    params: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    settings: 'MAILBOX_GOOGLE_CLIENT_ID and MAILBOX_GOOGLE_CLIENT_SECRET',
  },
  outlook: {
    label: 'Outlook',
    company: 'Microsoft',
    scope: 'https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send offline_access openid email',
    params: { response_mode: 'query', prompt: 'select_account' },
    settings: 'MAILBOX_MICROSOFT_CLIENT_ID and MAILBOX_MICROSOFT_CLIENT_SECRET',
  },
};

export const isOAuthProvider = (p: string | undefined): p is OAuthProvider => (OAUTH_PROVIDERS as readonly string[]).includes(p ?? '');
export const providerConfig = (config: Config, p: OAuthProvider): MailOAuthProviderConfig | null => config.mailbox.oauth[p];
export const redirectUri = (config: Config, p: OAuthProvider) => `${config.appUrl}/mailbox/oauth/${p}/callback`;

/** the flows a session has started and not finished, by their nonce */
const SESSION_KEY = 'mailbox_oauth';
/** a flow not finished in this time is forgotten (the provider's codes live 10 minutes too) */
const FLOW_TTL_MS = 10 * 60_000;
/** flows one session keeps at once (a member who starts again and again does not grow the session) */
const FLOWS_KEPT = 5;
/** an access token this close to its end is refreshed first */
const REFRESH_MARGIN_MS = 60_000;

interface PendingFlow {
  provider: OAuthProvider;
  verifier: string;
  tenantId: number;
  userId: number;
  expires: number;
}

const b64url = (b: Buffer) => b.toString('base64url');
const stateMac = (config: Config, session: Session, nonce: string, f: Pick<PendingFlow, 'provider' | 'tenantId' | 'userId'>) =>
  b64url(createHmac('sha256', config.appKey).update(`mailbox-oauth-state:${session.id}:${f.tenantId}:${f.userId}:${f.provider}:${nonce}`).digest());

/**
 * The provider's authorization address for a new flow: a PKCE verifier (kept in the server-side
 * session, never sent to the browser) and its S256 challenge, and a state made of a nonce and its
 * HMAC over the session, company, member and provider.
 */
export function startFlow(config: Config, session: Session, provider: OAuthProvider, tenantId: number, userId: number): string {
  const p = providerConfig(config, provider)!;
  const verifier = b64url(randomBytes(48));
  const nonce = b64url(randomBytes(24));
  const flow: PendingFlow = { provider, verifier, tenantId, userId, expires: Date.now() + FLOW_TTL_MS };
  const kept = Object.entries(session.get<Record<string, PendingFlow>>(SESSION_KEY) ?? {})
    .filter(([, f]) => f.expires > Date.now())
    .slice(-(FLOWS_KEPT - 1));
  session.put(SESSION_KEY, Object.fromEntries([...kept, [nonce, flow]]));
  const url = new URL(p.authUrl);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: redirectUri(config, provider),
    scope: PROVIDER_INFO[provider].scope,
    state: `${nonce}.${stateMac(config, session, nonce, flow)}`,
    code_challenge: b64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    ...PROVIDER_INFO[provider].params,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** a flow that cannot go on; the message is for the member */
export class OAuthFlowError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthFlowError';
  }
}

/**
 * Takes the flow the callback's state names out of the session (once: a second use of the same
 * state finds nothing), checking its HMAC and that it was started by this member of this company
 * for this provider.
 */
export function takeFlow(config: Config, session: Session, provider: OAuthProvider, state: string | undefined, tenantId: number, userId: number): PendingFlow {
  const lost = new OAuthFlowError(
    `This ${PROVIDER_INFO[provider].company} sign-in does not match one started here (it was already used, took longer than 10 minutes, or was started in another browser): nothing was connected. Start again.`,
  );
  const [nonce, mac, extra] = (state ?? '').split('.');
  if (!nonce || !mac || extra !== undefined) throw lost;
  const flows = { ...(session.get<Record<string, PendingFlow>>(SESSION_KEY) ?? {}) };
  const flow = Object.hasOwn(flows, nonce) ? flows[nonce] : undefined;
  if (flow) {
    delete flows[nonce];
    session.put(SESSION_KEY, flows);
  }
  if (!flow || flow.expires < Date.now() || flow.provider !== provider || flow.tenantId !== tenantId || flow.userId !== userId) throw lost;
  const expected = Buffer.from(stateMac(config, session, nonce, flow));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw lost;
  return flow;
}

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  id_token?: string;
  scope?: string;
}

/** what the provider answered a token request with, or its refusal */
async function tokenRequest(p: MailOAuthProviderConfig, form: Record<string, string>): Promise<{ ok: true; body: TokenAnswer } | { ok: false; status: number; error: string; description: string }> {
  let res: Response;
  try {
    res = await fetch(p.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ ...form, client_id: p.clientId, client_secret: p.clientSecret }),
      redirect: 'error',
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    return { ok: false, status: 0, error: 'unreachable', description: err instanceof Error ? err.message : String(err) };
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok && typeof body.access_token === 'string' && body.access_token) return { ok: true, body: body as unknown as TokenAnswer };
  return {
    ok: false,
    status: res.status,
    error: typeof body.error === 'string' ? body.error : `HTTP ${res.status}`,
    description: typeof body.error_description === 'string' ? body.error_description.slice(0, 300) : '',
  };
}

/** the claims of an id_token received straight from the token endpoint over TLS (OpenID Connect Core 3.1.3.7: the TLS check stands in for the signature's) */
function idTokenClaims(token: string | undefined): Record<string, unknown> | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address the id_token vouches for, after checking it is for this client, from this provider, and current. */
export function emailFromIdToken(p: MailOAuthProviderConfig, provider: OAuthProvider, token: string | undefined): string {
  const who = PROVIDER_INFO[provider].company;
  const c = idTokenClaims(token);
  if (!c) throw new OAuthFlowError(`${who} did not say which address signed in (no id_token): nothing was connected.`);
  const aud = Array.isArray(c.aud) ? c.aud : [c.aud];
  const iss = typeof c.iss === 'string' ? c.iss : '';
  const issuerOk = !p.official
    ? iss === new URL(p.tokenUrl).origin
    : provider === 'gmail'
      ? iss === 'https://accounts.google.com' || iss === 'accounts.google.com'
      : /^https:\/\/login\.microsoftonline\.com\/[0-9a-f-]{36}\/v2\.0$/.test(iss);
  if (!aud.includes(p.clientId) || !issuerOk || typeof c.exp !== 'number' || c.exp * 1000 < Date.now() - 300_000)
    throw new OAuthFlowError(`${who}'s answer was not meant for this Kazi (its id_token names another client or issuer, or has expired): nothing was connected.`);
  const email = typeof c.email === 'string' ? c.email : provider === 'outlook' && typeof c.preferred_username === 'string' ? c.preferred_username : '';
  if (!EMAIL.test(email) || (provider === 'gmail' && c.email_verified !== true))
    throw new OAuthFlowError(`${who} did not give a verified e-mail address for this sign-in: nothing was connected.`);
  return email.toLowerCase();
}

/** Exchanges the callback's code (with the flow's verifier) for tokens and the address they are for. */
export async function exchangeCode(config: Config, provider: OAuthProvider, code: string, verifier: string) {
  const p = providerConfig(config, provider)!;
  const who = PROVIDER_INFO[provider].company;
  const r = await tokenRequest(p, { grant_type: 'authorization_code', code, redirect_uri: redirectUri(config, provider), code_verifier: verifier });
  if (!r.ok) {
    throw new OAuthFlowError(
      r.status === 0
        ? `${who} could not be reached to finish the sign-in (${r.description}): nothing was connected. Try again.`
        : r.error === 'invalid_client' || r.status === 401
          ? `${who} refused Kazi's OAuth client (invalid_client): the platform operator should check ${PROVIDER_INFO[provider].settings}.`
          : `${who} refused to finish the sign-in (${r.error}${r.description ? `: ${r.description}` : ''}): nothing was connected. Start again.`,
    );
  }
  if (!r.body.refresh_token) throw new OAuthFlowError(`${who} gave no refresh token, so Kazi could not keep reading this mailbox: nothing was connected. Start again.`);
  const email = emailFromIdToken(p, provider, r.body.id_token);
  return {
    email,
    tokens: { access_token: r.body.access_token, refresh_token: r.body.refresh_token },
    expiresAt: new Date(Date.now() + Math.max(60, Number(r.body.expires_in ?? 3600)) * 1000),
  };
}

/** a Gmail or Outlook account's access token could not be had (the provider did not answer, or the provider is no longer configured) */
export class CredentialsUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CredentialsUnavailable';
  }
}

/** the provider refused the refresh token: the account waits for its member to sign in again */
export class ReconnectNeeded extends CredentialsUnavailable {
  constructor(message: string) {
    super(message);
    this.name = 'ReconnectNeeded';
  }
}

/**
 * An account's servers and credentials for a sync or a send, with an access token good for at
 * least another minute: refreshed first when it is due or when `force` (a server refused it).
 * A refresh token the provider refuses (invalid_grant: access revoked, password changed) marks
 * the account with the reason shown on its page, and throws ReconnectNeeded.
 */
export async function accountCredentials(config: Config, database: Database, tenantId: number, accountId: number, force = false): Promise<AccountSecrets> {
  const s = await withTenant(database, tenantId, (tx) => accountSecrets(tx, config, tenantId, accountId));
  if (!s.oauth) return s;
  const provider = s.account.provider as OAuthProvider;
  if (s.account.reconnect_reason) throw new ReconnectNeeded(s.account.reconnect_reason);
  if (!force && s.oauth.expiresAt - Date.now() > REFRESH_MARGIN_MS) return s;
  const p = providerConfig(config, provider);
  const who = PROVIDER_INFO[provider].company;
  if (!p) throw new CredentialsUnavailable(`Sign-in with ${who} is no longer configured on this Kazi (${PROVIDER_INFO[provider].settings}), so the access token of ${s.account.email} cannot be renewed.`);
  const r = await tokenRequest(p, { grant_type: 'refresh_token', refresh_token: s.oauth.refresh_token });
  if (!r.ok) {
    if (r.error === 'invalid_grant') {
      const reason = `${who} no longer lets Kazi into ${s.account.email} (the access was revoked, expired or the password changed): connect it again with ${who}.`;
      await withTenant(database, tenantId, (tx) =>
        tx.execute(sql`update mailbox_accounts set reconnect_reason = ${reason}, updated_at = now() where tenant_id = ${tenantId} and id = ${accountId}`),
      );
      throw new ReconnectNeeded(reason);
    }
    throw new CredentialsUnavailable(`${who} did not renew the access token of ${s.account.email} (${r.error}${r.description ? `: ${r.description}` : ''}); Kazi tries again later.`);
  }
  const tokens = { access_token: r.body.access_token, refresh_token: r.body.refresh_token ?? s.oauth.refresh_token };
  const expiresAt = new Date(Date.now() + Math.max(60, Number(r.body.expires_in ?? 3600)) * 1000);
  await withTenant(database, tenantId, (tx) =>
    rows(
      tx,
      sql`update mailbox_accounts set oauth_sealed = ${sealTokens(config, tenantId, Number(s.account.user_id), s.account.email, tokens)},
                 token_expires_at = ${expiresAt.toISOString()}, updated_at = now()
           where tenant_id = ${tenantId} and id = ${accountId} returning id`,
    ),
  );
  return {
    ...s,
    oauth: { ...tokens, expiresAt: expiresAt.getTime() },
    imap: { ...s.imap, accessToken: tokens.access_token },
    smtp: { ...s.smtp, accessToken: tokens.access_token },
  };
}

const authRefused = (err: unknown) => {
  const e = err as { authenticationFailed?: boolean; code?: string; responseCode?: number };
  return e.authenticationFailed === true || e.code === 'EAUTH' || e.responseCode === 535 || e.responseCode === 534;
};

/**
 * An IMAP session for an account, connected: with a Gmail or Outlook account a login refused with
 * the stored access token is tried once more with a refreshed one. Errors are sentences.
 */
export async function openImap(config: Config, database: Database, tenantId: number, accountId: number, timeoutMs = 30_000): Promise<{ client: ImapFlow; secrets: AccountSecrets }> {
  let secrets = await accountCredentials(config, database, tenantId, accountId);
  const address = await resolveMailHost(secrets.imap.host, config.mailbox.allowedHosts, 'IMAP');
  for (let attempt = 0; ; attempt++) {
    const client = imapClient(secrets.imap, address, timeoutMs);
    try {
      await client.connect();
      return { client, secrets };
    } catch (err) {
      client.close();
      if (secrets.oauth && attempt === 0 && authRefused(err)) {
        secrets = await accountCredentials(config, database, tenantId, accountId, true);
        continue;
      }
      throw new Error(imapSentence(err, secrets.imap), { cause: err });
    }
  }
}

/** Runs an SMTP step with the account's credentials, once more with a refreshed token when a Gmail or Outlook server refuses the login. */
export async function withSmtpCredentials<T>(config: Config, database: Database, tenantId: number, accountId: number, step: (s: AccountSecrets) => Promise<T>): Promise<T> {
  const secrets = await accountCredentials(config, database, tenantId, accountId);
  try {
    return await step(secrets);
  } catch (err) {
    if (!secrets.oauth || !authRefused(err)) throw err;
    return step(await accountCredentials(config, database, tenantId, accountId, true));
  }
}
