import { sql } from 'drizzle-orm';
import type { ConnectImapData, FolderRole, MailboxAccount, MailboxFolder, MailboxProvider, MailSecurity } from '../../../common/schemas/mailbox.js';
import { sortFolders } from '../../../common/schemas/mailbox.js';
import type { Config } from '../../config.js';
import { seal, SealedSecretUnreadable, unseal } from '../../crypto/sealed.js';
import { rows, type Tx } from '../../db/client.js';
import { notFound, ValidationError } from '../../http/errors.js';
import { dropAttachments } from './attachments.js';
import type { ServerAccount } from './transport.js';

/**
 * A member's mail accounts (docs/decisions/0050-mailbox.md). Every query names the member: another
 * member's account, like another company's, is a 404.
 */
interface AccountRow {
  id: number;
  user_id: number;
  name: string;
  email: string;
  provider: MailboxProvider;
  is_default: boolean;
  imap_host: string;
  imap_port: number;
  imap_security: MailSecurity;
  smtp_host: string;
  smtp_port: number;
  smtp_security: MailSecurity;
  username: string;
  password_sealed: string | null;
  oauth_sealed: string | null;
  token_expires_at: string | null;
  reconnect_reason: string | null;
  last_synced_at: string | null;
  sync_status: MailboxAccount['sync_status'];
  sync_error: string | null;
  sync_done: number;
  sync_total: number;
}

const place = (tenantId: number, userId: number, email: string) => `mailbox_accounts:${tenantId}:${userId}:${email}`;
/** where a Gmail or Outlook account's tokens are sealed: its own row, apart from any password */
export const tokenPlace = (tenantId: number, userId: number, email: string) => `${place(tenantId, userId, email)}:oauth`;

/** a Gmail or Outlook account's tokens, as sealed in `oauth_sealed` */
export interface OAuthTokens {
  access_token: string;
  refresh_token: string;
}
/** unread counts stop here (the badge shows "999+"): a count never reads more rows than this */
export const UNREAD_CAP = 1000;

const COLUMNS = sql.raw(
  `id, user_id, name, email, provider, is_default, imap_host, imap_port, imap_security, smtp_host, smtp_port, smtp_security, username, password_sealed,
   oauth_sealed, token_expires_at, reconnect_reason, last_synced_at, sync_status, sync_error, sync_done, sync_total`,
);

/** the member's account, or the 404 a stranger's and another company's get */
export async function ownedAccount(tx: Tx, tenantId: number, userId: number, id: number): Promise<AccountRow> {
  const [a] = await rows<AccountRow>(tx, sql`select ${COLUMNS} from mailbox_accounts where tenant_id = ${tenantId} and id = ${id} and user_id = ${userId}`);
  if (!a) throw notFound('Mailbox');
  return a;
}

/**
 * The servers and credentials of an account, for a sync or a send: the password, or a Gmail or
 * Outlook account's tokens (`oauth`; use server/modules/mailbox/oauth.ts accountCredentials, which
 * refreshes the access token when it is due).
 */
export async function accountSecrets(tx: Tx, config: Config, tenantId: number, id: number) {
  const [a] = await rows<AccountRow>(tx, sql`select ${COLUMNS} from mailbox_accounts where tenant_id = ${tenantId} and id = ${id}`);
  if (!a) throw notFound('Mailbox');
  let password = '';
  let oauth: (OAuthTokens & { expiresAt: number }) | null = null;
  try {
    if (a.oauth_sealed) {
      const tokens = JSON.parse(unseal(config.appKey, tokenPlace(tenantId, Number(a.user_id), a.email), a.oauth_sealed)) as OAuthTokens;
      oauth = { ...tokens, expiresAt: a.token_expires_at ? Date.parse(a.token_expires_at) : 0 };
    } else password = unseal(config.appKey, place(tenantId, Number(a.user_id), a.email), a.password_sealed ?? '');
  } catch (err) {
    if (err instanceof SealedSecretUnreadable) throw new ValidationError({ password: [err.message] });
    throw err;
  }
  const accessToken = oauth?.access_token;
  const imap: ServerAccount = { host: a.imap_host, port: a.imap_port, security: a.imap_security, username: a.username, password, accessToken };
  const smtp: ServerAccount = { host: a.smtp_host, port: a.smtp_port, security: a.smtp_security, username: a.username, password, accessToken };
  return { account: a, imap, smtp, oauth };
}
export type AccountSecrets = Awaited<ReturnType<typeof accountSecrets>>;

/**
 * Stores a tested account (the first one, or one asked to be, becomes the default); its id. A
 * Gmail or Outlook account comes with its tokens instead of a password.
 */
export async function insertAccount(
  tx: Tx,
  config: Config,
  tenantId: number,
  userId: number,
  input: ConnectImapData,
  provider: MailboxProvider = 'imap',
  tokens?: OAuthTokens & { expiresAt: Date },
) {
  const [dup] = await rows(tx, sql`select 1 from mailbox_accounts where tenant_id = ${tenantId} and user_id = ${userId} and email = ${input.email}`);
  if (dup) throw new ValidationError({ email: ['This mailbox is already connected.'] });
  const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from mailbox_accounts where tenant_id = ${tenantId} and user_id = ${userId}`);
  const makeDefault = input.make_default || Number(n) === 0;
  if (makeDefault) await tx.execute(sql`update mailbox_accounts set is_default = false where tenant_id = ${tenantId} and user_id = ${userId} and is_default`);
  const [a] = await rows<{ id: number }>(
    tx,
    sql`insert into mailbox_accounts (tenant_id, user_id, name, email, provider, is_default, imap_host, imap_port, imap_security, smtp_host, smtp_port, smtp_security, username,
                                      password_sealed, oauth_sealed, token_expires_at)
        values (${tenantId}, ${userId}, ${input.name}, ${input.email}, ${provider}, ${makeDefault}, ${input.imap_host}, ${input.imap_port}, ${input.imap_security},
                ${input.smtp_host}, ${input.smtp_port}, ${input.smtp_security}, ${input.username},
                ${tokens ? null : seal(config.appKey, place(tenantId, userId, input.email), input.password)},
                ${tokens ? sealTokens(config, tenantId, userId, input.email, tokens) : null}, ${tokens ? tokens.expiresAt.toISOString() : null})
        returning id`,
  );
  return Number(a.id);
}

export const sealTokens = (config: Config, tenantId: number, userId: number, email: string, t: OAuthTokens) =>
  seal(config.appKey, tokenPlace(tenantId, userId, email), JSON.stringify({ access_token: t.access_token, refresh_token: t.refresh_token } satisfies OAuthTokens));

export async function setDefault(tx: Tx, tenantId: number, userId: number, id: number) {
  await ownedAccount(tx, tenantId, userId, id);
  await tx.execute(sql`update mailbox_accounts set is_default = false where tenant_id = ${tenantId} and user_id = ${userId} and is_default and id <> ${id}`);
  await tx.execute(sql`update mailbox_accounts set is_default = true, updated_at = now() where tenant_id = ${tenantId} and id = ${id}`);
}

/**
 * Removes the account and, by the foreign keys, its folders and synced mail; the next one becomes the default.
 * The attachments' bytes (`dropped`) are the caller's to remove once this has committed.
 */
export async function deleteAccount(tx: Tx, tenantId: number, userId: number, id: number) {
  const a = await ownedAccount(tx, tenantId, userId, id);
  // the attachments' rows would go by the foreign keys too; taken first for their storage keys
  const dropped = await dropAttachments(tx, tenantId, sql`m.account_id = ${id}`);
  await tx.execute(sql`delete from mailbox_accounts where tenant_id = ${tenantId} and id = ${id}`);
  if (a.is_default)
    await tx.execute(
      sql`update mailbox_accounts set is_default = true where tenant_id = ${tenantId} and id = (select id from mailbox_accounts where tenant_id = ${tenantId} and user_id = ${userId} order by id limit 1)`,
    );
  return { ...a, dropped };
}

/** Unread mail in the member's inboxes, capped. */
export async function unreadTotal(tx: Tx, tenantId: number, userId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (
          select 1 from mailbox_mails m
            join mailbox_folders f on f.tenant_id = m.tenant_id and f.id = m.folder_id and f.role = 'INBOX'
            join mailbox_accounts a on a.tenant_id = m.tenant_id and a.id = m.account_id and a.user_id = ${userId}
           where m.tenant_id = ${tenantId} and not m.is_read
           limit ${UNREAD_CAP}) u`,
  );
  return Number(r.n);
}

/** The accounts as SPEC §3 shows them: id, name, email, default, provider, last_synced_at, folders in the fixed order, tags (the other folders). */
export async function accountViews(tx: Tx, tenantId: number, userId: number, only?: { id?: number; defaultOnly?: boolean }): Promise<MailboxAccount[]> {
  const accounts = await rows<AccountRow>(
    tx,
    sql`select ${COLUMNS} from mailbox_accounts where tenant_id = ${tenantId} and user_id = ${userId}
        ${only?.id ? sql`and id = ${only.id}` : sql``} ${only?.defaultOnly ? sql`and is_default` : sql``}
        order by is_default desc, name, id`,
  );
  if (accounts.length === 0) return [];
  const ids = sql.raw(`'{${accounts.map((a) => Number(a.id)).join(',')}}'::bigint[]`);
  const folders = await rows<{ id: number; account_id: number; name: string; path: string; role: FolderRole | null; unread: number }>(
    tx,
    sql`select f.id, f.account_id, f.name, f.path, f.role,
               (select count(*)::int from (select 1 from mailbox_mails m where m.tenant_id = f.tenant_id and m.folder_id = f.id and not m.is_read limit ${UNREAD_CAP}) u) as unread
          from mailbox_folders f where f.tenant_id = ${tenantId} and f.account_id = any(${ids})`,
  );
  return accounts.map((a) => {
    const mine: (MailboxFolder & { role: FolderRole | null })[] = sortFolders(
      folders
        .filter((f) => Number(f.account_id) === Number(a.id))
        .map((f) => ({ id: Number(f.id), name: f.name, path: f.path, role: f.role, unread: Number(f.unread) })),
    );
    return {
      id: Number(a.id),
      name: a.name,
      email: a.email,
      default: a.is_default,
      provider: a.provider,
      last_synced_at: a.last_synced_at,
      sync_status: a.sync_status,
      sync_error: a.sync_error,
      reconnect_reason: a.reconnect_reason,
      sync_done: Number(a.sync_done),
      sync_total: Number(a.sync_total),
      folders: mine.filter((f) => f.role !== null),
      tags: mine.filter((f) => f.role === null),
    };
  });
}
