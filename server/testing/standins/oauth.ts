import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Arrivals, escapeHtml, html, json, listen, redirect, type Received } from './http.js';

/**
 * A local OAuth 2 authorization server for mailbox sign-in (docs/decisions/0050-mailbox.md), as
 * Google and the Microsoft identity platform document the authorization-code flow with PKCE:
 *
 * - `GET /authorize`: response_type=code, a known client_id, a registered redirect_uri, a
 *   code_challenge with code_challenge_method=S256 (plain is refused, as a public-client flow
 *   should), the scope and state; answers a consent page whose Allow / Deny buttons POST
 *   `/authorize/decide`, which redirects to the redirect_uri with `code` and `state`, or with
 *   `error=access_denied`.
 * - `POST /token` (form): `authorization_code` (client id and secret in the body or HTTP Basic,
 *   the same redirect_uri, a one-time code of at most 10 minutes, the code_verifier whose SHA-256
 *   is the challenge) and `refresh_token` grants; access tokens with `expires_in`, a refresh
 *   token, and an RS256 id_token JWT carrying iss, aud, sub, email and email_verified. Refusals
 *   are the documented `{error, error_description}` with 400 (401 for a bad client).
 * - `POST /introspect` (RFC 7662, token=…): `{active, email, scope, exp}`, what Dovecot's oauth2
 *   passdb asks to take an XOAUTH2 login; `GET /userinfo` with the bearer token.
 *
 * Tests revoke refresh or access tokens, expire access tokens, and read what was asked.
 */
export interface OAuthStandInOptions {
  clientId?: string;
  clientSecret?: string;
  /** redirect URIs the client registered; any other is refused at /authorize and /token */
  redirectUris: string[];
  /** the address the consent page proposes */
  email?: string;
  /** seconds an access token lives */
  expiresIn?: number;
  /** Microsoft hands out a new refresh token on each refresh; Google keeps the first */
  rotateRefreshTokens?: boolean;
  port?: number;
  host?: string;
}

export interface TokenRequest {
  grant_type: string;
  form: Record<string, string>;
  status: number;
  error?: string;
}

interface Grant {
  email: string;
  scope: string;
  clientId: string;
  redirectUri: string;
  challenge: string;
  expires: number;
  used: boolean;
  issued: string[];
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
export const pkceChallenge = (verifier: string) => b64url(createHash('sha256').update(verifier).digest());
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** the client the stand-in knows unless told another */
export const STANDIN_OAUTH_CLIENT = { id: 'standin-client.apps.test', secret: 'standin-client-secret' };

export async function startOAuthStandIn(options: OAuthStandInOptions) {
  const clientId = options.clientId ?? STANDIN_OAUTH_CLIENT.id;
  const clientSecret = options.clientSecret ?? STANDIN_OAUTH_CLIENT.secret;
  const expiresIn = options.expiresIn ?? 3599;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const codes = new Map<string, Grant>();
  const access = new Map<string, { email: string; scope: string; exp: number; revoked: boolean }>();
  const refresh = new Map<string, { email: string; scope: string; revoked: boolean }>();
  const tokenRequests = new Arrivals<TokenRequest>();
  const introspections = new Arrivals<{ token: string; active: boolean }>();
  let url = '';
  const now = () => Math.floor(Date.now() / 1000);

  const idToken = (email: string) => {
    const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'standin' }));
    const t = now();
    const claims = b64url(JSON.stringify({ iss: url, aud: clientId, sub: createHash('sha256').update(email).digest('hex').slice(0, 21), email, email_verified: true, iat: t, exp: t + 3600 }));
    return `${header}.${claims}.${b64url(sign('sha256', Buffer.from(`${header}.${claims}`), privateKey))}`;
  };
  const issue = (email: string, scope: string, refreshToken?: string) => {
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    access.set(token, { email, scope, exp: now() + expiresIn, revoked: false });
    let rt = refreshToken;
    if (!rt) {
      rt = `1//${randomBytes(24).toString('base64url')}`;
      refresh.set(rt, { email, scope, revoked: false });
    }
    return { access_token: token, expires_in: expiresIn, token_type: 'Bearer', scope, refresh_token: rt, id_token: idToken(email) };
  };

  const authorizeError = (res: ServerResponse, message: string) => html(res, 400, `<!doctype html><title>Error</title><h1>Error 400</h1><p id="error">${escapeHtml(message)}</p>`);

  const handler = (req: Received, res: ServerResponse) => {
    const u = new URL(req.path, url);
    if (req.method === 'GET' && u.pathname === '/authorize') {
      const p = Object.fromEntries(u.searchParams);
      if (p.client_id !== clientId) return authorizeError(res, 'invalid_client: The OAuth client was not found.');
      if (!options.redirectUris.includes(p.redirect_uri ?? '')) return authorizeError(res, `redirect_uri_mismatch: ${p.redirect_uri ?? ''} is not registered.`);
      if (p.response_type !== 'code') return authorizeError(res, 'unsupported_response_type');
      if (p.code_challenge_method !== 'S256' || !CHALLENGE.test(p.code_challenge ?? '')) return authorizeError(res, 'invalid_request: code_challenge with code_challenge_method=S256 is required.');
      if (!p.scope || !p.scope.split(' ').includes('openid')) return authorizeError(res, 'invalid_scope: openid is required.');
      const hidden = Object.entries(p)
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('');
      return html(
        res,
        200,
        `<!doctype html><html><head><title>Sign in - OAuth stand-in</title></head><body>
<h1>Sign in to continue to Kazi</h1><p>Kazi asks for: <code id="scope">${escapeHtml(p.scope)}</code></p>
<form method="post" action="/authorize/decide">${hidden}
<label>Email <input name="email" type="email" value="${escapeHtml(options.email ?? 'alice@mail.test')}"></label>
<button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Deny</button></form></body></html>`,
      );
    }
    if (req.method === 'POST' && u.pathname === '/authorize/decide') {
      const p = Object.fromEntries(new URLSearchParams(req.body));
      if (p.client_id !== clientId || !options.redirectUris.includes(p.redirect_uri ?? '') || !CHALLENGE.test(p.code_challenge ?? ''))
        return authorizeError(res, 'invalid_request');
      const back = new URL(p.redirect_uri);
      if (p.state) back.searchParams.set('state', p.state);
      if (p.decision !== 'allow') {
        back.searchParams.set('error', 'access_denied');
        return redirect(res, back.toString());
      }
      const code = `4/${randomBytes(24).toString('base64url')}`;
      codes.set(code, { email: p.email, scope: p.scope, clientId: p.client_id, redirectUri: p.redirect_uri, challenge: p.code_challenge, expires: now() + 600, used: false, issued: [] });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', p.scope);
      return redirect(res, back.toString());
    }
    if (req.method === 'POST' && u.pathname === '/token') return token(req, res);
    if (req.method === 'POST' && u.pathname === '/introspect') {
      const t = new URLSearchParams(req.body).get('token') ?? '';
      const a = access.get(t);
      const active = !!a && !a.revoked && a.exp > now();
      introspections.push({ token: t, active });
      return json(res, 200, active ? { active: true, email: a.email, scope: a.scope, exp: a.exp, client_id: clientId } : { active: false });
    }
    if (req.method === 'GET' && u.pathname === '/userinfo') {
      const a = access.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!a || a.revoked || a.exp <= now()) return json(res, 401, { error: 'invalid_token' });
      return json(res, 200, { email: a.email, email_verified: true });
    }
    return json(res, 404, { error: 'not_found' });
  };

  const token = (req: Received, res: ServerResponse) => {
    const form = Object.fromEntries(new URLSearchParams(req.body));
    const answer = (status: number, body: Record<string, unknown>) => {
      tokenRequests.push({ grant_type: form.grant_type ?? '', form, status, error: typeof body.error === 'string' ? body.error : undefined });
      return json(res, status, body, { 'Cache-Control': 'no-store' });
    };
    if (!/^application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) return answer(400, { error: 'invalid_request', error_description: 'The body must be form-encoded.' });
    let id = form.client_id;
    let secret = form.client_secret;
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic) [id, secret] = Buffer.from(basic[1], 'base64').toString().split(':').map(decodeURIComponent);
    if (id !== clientId || secret !== clientSecret) return answer(401, { error: 'invalid_client', error_description: 'Unauthorized' });
    if (form.grant_type === 'authorization_code') {
      const g = codes.get(form.code ?? '');
      if (!g || g.expires < now() || g.clientId !== id) return answer(400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
      if (g.used) {
        // a code presented twice: refuse, and revoke what the first use gave (RFC 6749 §4.1.2)
        for (const t of g.issued) {
          const a = access.get(t);
          if (a) a.revoked = true;
          const r = refresh.get(t);
          if (r) r.revoked = true;
        }
        return answer(400, { error: 'invalid_grant', error_description: 'Code was already redeemed.' });
      }
      g.used = true;
      if (form.redirect_uri !== g.redirectUri) return answer(400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
      if (!VERIFIER.test(form.code_verifier ?? '') || pkceChallenge(form.code_verifier) !== g.challenge)
        return answer(400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
      const t = issue(g.email, g.scope);
      g.issued.push(t.access_token, t.refresh_token);
      return answer(200, t);
    }
    if (form.grant_type === 'refresh_token') {
      const r = refresh.get(form.refresh_token ?? '');
      if (!r || r.revoked) return answer(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      if (options.rotateRefreshTokens) {
        r.revoked = true;
        return answer(200, issue(r.email, r.scope));
      }
      const { refresh_token: _kept, ...t } = issue(r.email, r.scope, form.refresh_token);
      return answer(200, t);
    }
    return answer(400, { error: 'unsupported_grant_type', error_description: `${form.grant_type ?? ''} is not supported.` });
  };

  const server = await listen(handler, options.port ?? 0, options.host ?? '127.0.0.1');
  url = server.url;
  return {
    url,
    clientId,
    clientSecret,
    authUrl: `${url}/authorize`,
    tokenUrl: `${url}/token`,
    introspectionUrl: `${url}/introspect`,
    tokenRequests,
    introspections,
    /** the refresh tokens handed out, newest last */
    refreshTokens: () => [...refresh.keys()],
    /** the user revoked Kazi's access: every refresh and access token of that address stops working */
    revoke(email: string) {
      for (const r of refresh.values()) if (r.email === email) r.revoked = true;
      for (const a of access.values()) if (a.email === email) a.revoked = true;
    },
    /** the access tokens of that address stop working before their time (the refresh token still works) */
    revokeAccessTokens(email: string) {
      for (const a of access.values()) if (a.email === email) a.revoked = true;
    },
    /** the address a live access token was issued for, or null (unknown, revoked or expired) */
    tokenEmail: (accessToken: string) => {
      const a = access.get(accessToken);
      return a && !a.revoked && a.exp > now() ? a.email : null;
    },
    /**
     * What a browser does on the consent page, over HTTP: loads it (it must be served), presses
     * Allow (or Deny) with `email`, and returns the redirect back to the client.
     */
    async consent(authorizationUrl: string, opts: { email?: string; deny?: boolean } = {}) {
      const page = await fetch(authorizationUrl);
      const body = await page.text();
      if (page.status !== 200) throw new Error(`the consent page answered ${page.status}: ${body}`);
      const form = new URLSearchParams();
      for (const m of body.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) form.set(unescape(m[1]), unescape(m[2]));
      form.set('email', opts.email ?? options.email ?? 'alice@mail.test');
      form.set('decision', opts.deny ? 'deny' : 'allow');
      const back = await fetch(`${url}/authorize/decide`, { method: 'POST', body: form, redirect: 'manual' });
      const location = back.headers.get('location');
      if (back.status !== 303 || !location) throw new Error(`the consent form answered ${back.status}`);
      return location;
    },
    close: server.close,
  };
}

const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

export type OAuthStandIn = Awaited<ReturnType<typeof startOAuthStandIn>>;
