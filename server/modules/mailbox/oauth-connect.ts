import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MailOAuthSetup } from '../../../common/schemas/mailbox.js';
import type { Config, MailServerSetting } from '../../config.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { insertAccount, sealTokens, type OAuthTokens } from './accounts.js';
import { OAuthFlowError, PROVIDER_INFO, providerConfig, type OAuthProvider } from './oauth.js';
import { requestSync } from './sync.js';
import type { ServerAccount } from './transport.js';

const SECURITY: Record<MailServerSetting['security'], string> = { tls: 'TLS', starttls: 'STARTTLS', none: 'no encryption' };
const server = (s: MailServerSetting) => `${s.host}:${s.port} (${SECURITY[s.security]})`;

/** What the Setup/Gmail and Setup/Outlook pages show: whether the operator configured the provider, and the servers Kazi will use. */
export function oauthSetupProps(config: Config, provider: OAuthProvider): MailOAuthSetup {
  const p = providerConfig(config, provider);
  const info = PROVIDER_INFO[provider];
  return {
    provider,
    configured: p !== null,
    unavailable: `Sign-in with ${info.company} is not set up on this Kazi: the platform operator has to register an OAuth client with ${info.company} and set ${info.settings}. Until then, connect ${info.label} with IMAP and an app password.`,
    imap: p ? server(p.imap) : null,
    smtp: p ? server(p.smtp) : null,
    start_url: p ? `/mailbox/oauth/${provider}/start` : null,
  };
}

/**
 * The last step of a sign-in: the provider's servers take the new access token (XOAUTH2 on IMAP
 * and SMTP) before anything is stored; then the account is created with its tokens sealed, or,
 * for an address this member already connected with the same provider, its tokens are replaced
 * and its reconnection mark cleared.
 */
export async function connectOAuthAccount(
  app: FastifyInstance,
  testServers: (imap: ServerAccount, smtp: ServerAccount) => Promise<Record<string, string[]>>,
  tenantId: number,
  userId: number,
  provider: OAuthProvider,
  granted: { email: string; tokens: OAuthTokens; expiresAt: Date },
): Promise<{ id: number; message: string }> {
  const { config, database, queue } = app.ctx;
  const p = providerConfig(config, provider)!;
  const info = PROVIDER_INFO[provider];
  const { email, tokens, expiresAt } = granted;
  const login = { username: email, password: '', accessToken: tokens.access_token };
  const imap: ServerAccount = { ...p.imap, ...login };
  const smtp: ServerAccount = { ...p.smtp, ...login };
  const errors = await testServers(imap, smtp);
  if (Object.keys(errors).length)
    throw new OAuthFlowError(`${info.company} signed you in as ${email}, but its mail servers did not let Kazi in: ${Object.values(errors).flat().join(' ')} Nothing was connected.`);
  const result = await withTenant(database, tenantId, async (tx) => {
    const [existing] = await rows<{ id: number; provider: string }>(
      tx,
      sql`select id, provider from mailbox_accounts where tenant_id = ${tenantId} and user_id = ${userId} and email = ${email} for update`,
    );
    if (existing && existing.provider !== provider)
      throw new OAuthFlowError(`${email} is already connected to Kazi another way (${existing.provider === 'imap' ? 'IMAP' : PROVIDER_INFO[existing.provider as OAuthProvider].label}): delete it on Mail accounts first.`);
    if (existing) {
      await tx.execute(
        sql`update mailbox_accounts set oauth_sealed = ${sealTokens(config, tenantId, userId, email, tokens)}, token_expires_at = ${expiresAt.toISOString()},
                   reconnect_reason = null, imap_host = ${p.imap.host}, imap_port = ${p.imap.port}, imap_security = ${p.imap.security},
                   smtp_host = ${p.smtp.host}, smtp_port = ${p.smtp.port}, smtp_security = ${p.smtp.security}, updated_at = now()
             where tenant_id = ${tenantId} and id = ${existing.id}`,
      );
      return { id: Number(existing.id), message: `${info.label} reconnected: ${email}.` };
    }
    const id = await insertAccount(
      tx,
      config,
      tenantId,
      userId,
      {
        name: email,
        email,
        imap_host: p.imap.host,
        imap_port: p.imap.port,
        imap_security: p.imap.security,
        smtp_host: p.smtp.host,
        smtp_port: p.smtp.port,
        smtp_security: p.smtp.security,
        username: email,
        password: '',
        make_default: false,
      },
      provider,
      { ...tokens, expiresAt },
    );
    return { id, message: `${info.label} connected: ${email}.` };
  });
  await requestSync(queue, tenantId, result.id);
  return result;
}
