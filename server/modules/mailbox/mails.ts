import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { MailDetail, MailListItem, SaveDraftData, SendMailData } from '../../../common/schemas/mailbox.js';
import type { Paginator } from '../../../common/schemas/list-query.js';
import type { Config } from '../../config.js';
import { rows, type Database, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { notFound, ValidationError } from '../../http/errors.js';
import { EXACT_TOTAL_LIMIT } from '../../http/list-totals.js';
import { paginator } from '../../http/paginator.js';
import { ownedAccount } from './accounts.js';
import { attachmentsOf, dropAttachments, removeAttachmentBytes } from './attachments.js';
import { mediaStorage } from '../media/service.js';
import { CredentialsUnavailable, openImap, withSmtpCredentials } from './oauth.js';
import { hasRemoteImages, sanitizeMailHtml } from './sanitize.js';
import { MailHostRefused, resolveMailHost, smtpTransport } from './transport.js';
import { connectionSentence } from '../../providers/email/smtp.js';

/** The mail list, one mail, marks and sends (docs/decisions/0050-mailbox.md). */
interface ListRow {
  id: number;
  account_id: number;
  folder_id: number;
  subject: string;
  from_name: string;
  from_email: string;
  snippet: string;
  date: string;
  is_read: boolean;
  is_starred: boolean;
  attachments: unknown[];
}

const item = (r: ListRow): MailListItem => ({
  id: Number(r.id),
  mailbox_id: Number(r.account_id),
  folder_id: Number(r.folder_id),
  subject: r.subject,
  from: { name: r.from_name, address: r.from_email },
  snippet: r.snippet,
  date: new Date(r.date).toISOString(),
  is_read: r.is_read,
  is_starred: r.is_starred,
  has_attachments: Array.isArray(r.attachments) && r.attachments.length > 0,
});

/** the member's folder (through its account), or a 404 */
async function ownedFolder(tx: Tx, tenantId: number, userId: number, folderId: number) {
  const [f] = await rows<{ id: number; account_id: number; path: string; role: string | null }>(
    tx,
    sql`select f.id, f.account_id, f.path, f.role from mailbox_folders f
          join mailbox_accounts a on a.tenant_id = f.tenant_id and a.id = f.account_id and a.user_id = ${userId}
         where f.tenant_id = ${tenantId} and f.id = ${folderId}`,
  );
  if (!f) throw notFound('Folder');
  return f;
}

/** A folder's mail newest first, 15 a page (SPEC §7, §9), searched over subject, sender and text. */
export async function mailsPage(
  tx: Tx,
  tenantId: number,
  userId: number,
  folderId: number,
  q: { page: number; perPage: number; search: string },
  path: string,
): Promise<Paginator<MailListItem>> {
  await ownedFolder(tx, tenantId, userId, folderId);
  const search = q.search ? sql`and m.search_text ilike ${`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  const data = await rows<ListRow>(
    tx,
    sql`select m.id, m.account_id, m.folder_id, m.subject, m.from_name, m.from_email, m.snippet, m.date, m.is_read, m.is_starred, m.attachments
          from mailbox_mails m where m.tenant_id = ${tenantId} and m.folder_id = ${folderId} ${search}
         order by m.date desc, m.id desc limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`,
  );
  const [{ n }] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (select 1 from mailbox_mails m where m.tenant_id = ${tenantId} and m.folder_id = ${folderId} ${search} limit ${EXACT_TOTAL_LIMIT + 1}) c`,
  );
  const total = Number(n);
  return paginator(data.map(item), {
    total,
    estimated: total > EXACT_TOTAL_LIMIT,
    page: q.page,
    perPage: q.perPage,
    path,
    query: { perPage: q.perPage, search: q.search || undefined },
  });
}

interface DetailRow extends ListRow {
  uid: number;
  message_id: string | null;
  in_reply_to: string | null;
  references: string | null;
  to_addresses: MailDetail['to'];
  cc_addresses: MailDetail['cc'];
  text_body: string;
  html_body: string | null;
  attachments: unknown[];
}

async function ownedMail(tx: Tx, tenantId: number, userId: number, mailId: number, mailboxId?: number) {
  const [m] = await rows<DetailRow>(
    tx,
    sql`select m.id, m.account_id, m.folder_id, m.uid, m.subject, m.from_name, m.from_email, m.snippet, m.date, m.is_read, m.is_starred, m.attachments,
               m.message_id, m.in_reply_to, m."references", m.to_addresses, m.cc_addresses, m.text_body, m.html_body
          from mailbox_mails m join mailbox_accounts a on a.tenant_id = m.tenant_id and a.id = m.account_id and a.user_id = ${userId}
         where m.tenant_id = ${tenantId} and m.id = ${mailId} ${mailboxId ? sql`and m.account_id = ${mailboxId}` : sql``}`,
  );
  if (!m) throw notFound('Mail');
  return m;
}

/** A draft of the member's to reopen in Compose: it must be in its account's Drafts folder. */
export async function draftToReopen(tx: Tx, tenantId: number, userId: number, mailId: number) {
  const m = await ownedMail(tx, tenantId, userId, mailId);
  const [f] = await rows<{ role: string | null }>(tx, sql`select role from mailbox_folders where tenant_id = ${tenantId} and id = ${m.folder_id}`);
  if (f?.role !== 'DRAFTS') throw notFound('Draft');
  return {
    id: Number(m.id),
    mailbox_id: Number(m.account_id),
    to: m.to_addresses.map((a) => a.address).join(', '),
    cc: m.cc_addresses.map((a) => a.address).join(', '),
    subject: m.subject,
    body: m.text_body.replace(/\n$/, ''),
  };
}

/** One mail (SPEC §7 GET /mailbox/mails/{mailID}); opening it marks it read. */
export async function mailDetail(tx: Tx, tenantId: number, userId: number, mailId: number, mailboxId?: number): Promise<{ mail: MailDetail; markedRead: boolean }> {
  const m = await ownedMail(tx, tenantId, userId, mailId, mailboxId);
  const markedRead = !m.is_read;
  if (markedRead) await tx.execute(sql`update mailbox_mails set is_read = true, updated_at = now() where tenant_id = ${tenantId} and id = ${mailId}`);
  const html = m.html_body;
  return {
    markedRead,
    mail: {
      ...item({ ...m, is_read: true }),
      to: m.to_addresses,
      cc: m.cc_addresses,
      message_id: m.message_id,
      text: m.text_body,
      html: html === null ? null : sanitizeMailHtml(html, false),
      html_with_images: html === null ? null : sanitizeMailHtml(html, true),
      has_remote_images: html !== null && hasRemoteImages(html),
      attachments: await attachmentsOf(tx, tenantId, mailId),
    },
  };
}

export async function setFlags(tx: Tx, tenantId: number, userId: number, mailId: number, flags: { read?: boolean; starred?: boolean }) {
  await ownedMail(tx, tenantId, userId, mailId);
  await tx.execute(
    sql`update mailbox_mails set is_read = coalesce(${flags.read ?? null}::boolean, is_read), is_starred = coalesce(${flags.starred ?? null}::boolean, is_starred), updated_at = now()
         where tenant_id = ${tenantId} and id = ${mailId}`,
  );
}

/**
 * Moves a mail to another folder of its account (`to` a folder id), or deletes it (`to` null):
 * to the trash, or for good when it is in the trash already. The row goes at once; the server
 * follows in a job and the next sync stores the message in its new folder.
 */
export async function moveMail(tx: Tx, tenantId: number, userId: number, mailId: number, to: number | null) {
  const m = await ownedMail(tx, tenantId, userId, mailId);
  const folders = await rows<{ id: number; path: string; role: string | null }>(
    tx,
    sql`select id, path, role from mailbox_folders where tenant_id = ${tenantId} and account_id = ${m.account_id}`,
  );
  const from = folders.find((f) => Number(f.id) === Number(m.folder_id))!;
  let target = to === null ? (folders.find((f) => f.role === 'TRASH') ?? null) : (folders.find((f) => Number(f.id) === to) ?? null);
  if (to !== null && !target) throw new ValidationError({ folder_id: ['The selected folder is invalid.'] });
  if (to !== null && target && Number(target.id) === Number(from.id)) throw new ValidationError({ folder_id: ['The mail is in this folder already.'] });
  if (to === null && target && Number(target.id) === Number(from.id)) target = null;
  // the row goes now with its attachments (the copy the next sync finds in the new folder brings its own)
  const dropped = await dropAttachments(tx, tenantId, sql`m.id = ${mailId}`);
  await tx.execute(sql`delete from mailbox_mails where tenant_id = ${tenantId} and id = ${mailId}`);
  return { move: { accountId: Number(m.account_id), from: from.path, uid: Number(m.uid), to: target?.path ?? null }, dropped };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Sends through the account's own SMTP server (a reply carries In-Reply-To and References of the
 * mail answered) and puts the sent copy in the account's Sent folder with IMAP APPEND. A refusal
 * of the server is a 422 with its sentence; the copy in Sent is best effort (logged).
 */
export async function sendMail(config: Config, database: Database, log: FastifyBaseLogger, tenantId: number, userId: number, input: SendMailData) {
  const { account, answered, sentPath } = await withTenant(database, tenantId, async (tx) => {
    const account = await ownedAccount(tx, tenantId, userId, input.mailbox_id);
    const answered = input.reply_to_id ? await ownedMail(tx, tenantId, userId, input.reply_to_id) : null;
    const [sent] = await rows<{ path: string }>(
      tx,
      sql`select path from mailbox_folders where tenant_id = ${tenantId} and account_id = ${input.mailbox_id} and role = 'SENT'`,
    );
    return { account, answered, sentPath: sent?.path ?? null };
  });
  const references = answered?.message_id ? [...(answered.references?.split(/\s+/).filter(Boolean) ?? []), answered.message_id].join(' ') : undefined;
  const composer = new MailComposer({
    from: { name: account.name, address: account.email },
    to: input.to,
    cc: input.cc.length ? input.cc : undefined,
    subject: input.subject,
    text: input.body,
    html: `<div>${escapeHtml(input.body).replace(/\r?\n/g, '<br>')}</div>`,
    inReplyTo: answered?.message_id ?? undefined,
    references,
    messageId: `<${crypto.randomUUID()}@${account.email.split('@')[1] ?? 'kazi.local'}>`,
    date: new Date(),
  });
  const raw = await composer.compile().build();
  let address: string;
  try {
    address = await resolveMailHost(account.smtp_host, config.mailbox.allowedHosts, 'SMTP');
  } catch (err) {
    if (err instanceof MailHostRefused) throw new ValidationError({ mailbox_id: [err.message] });
    throw err;
  }
  // a Gmail or Outlook account sends with XOAUTH2, its token refreshed when due (or once more when the server refuses it)
  try {
    await withSmtpCredentials(config, database, tenantId, input.mailbox_id, async ({ smtp }) => {
      const transport = smtpTransport(smtp, address, 30_000);
      try {
        await transport.sendMail({ envelope: { from: account.email, to: [...input.to, ...input.cc] }, raw });
      } finally {
        transport.close();
      }
    });
  } catch (err) {
    if (err instanceof CredentialsUnavailable) throw new ValidationError({ mailbox_id: [err.message] });
    if (err instanceof ValidationError) throw err;
    const server = { host: account.smtp_host, port: account.smtp_port, security: account.smtp_security };
    throw new ValidationError({ mailbox_id: [connectionSentence(err as Parameters<typeof connectionSentence>[0], server)] });
  }
  if (sentPath) {
    let client: Awaited<ReturnType<typeof openImap>>['client'] | null = null;
    try {
      client = (await openImap(config, database, tenantId, input.mailbox_id)).client;
      await client.append(sentPath, raw, ['\\Seen']);
      await client.logout();
    } catch (err) {
      client?.close();
      log.warn({ err, tenantId, accountId: input.mailbox_id }, 'sent copy not stored in the Sent folder');
    }
  }
  return { accountId: Number(account.id) };
}

/**
 * Saves what Compose holds as a draft: the message is built as a send would build it and put in
 * the account's Drafts folder with IMAP APPEND and the \\Draft flag (the next sync lists it in
 * DRAFTS). A draft reopened and saved again replaces the old one, which is deleted on the server.
 * No Drafts folder, or a server refusing, is a 422 with its sentence.
 */
export async function saveDraft(config: Config, database: Database, log: FastifyBaseLogger, tenantId: number, userId: number, input: SaveDraftData) {
  const { account, draftsPath, replaced } = await withTenant(database, tenantId, async (tx) => {
    const account = await ownedAccount(tx, tenantId, userId, input.mailbox_id);
    const [drafts] = await rows<{ id: number; path: string }>(
      tx,
      sql`select id, path from mailbox_folders where tenant_id = ${tenantId} and account_id = ${input.mailbox_id} and role = 'DRAFTS'`,
    );
    if (!drafts) throw new ValidationError({ mailbox_id: ['This mailbox has no Drafts folder yet (it appears after the first sync).'] });
    let replaced: { uid: number } | null = null;
    if (input.draft_id) {
      const old = await ownedMail(tx, tenantId, userId, input.draft_id);
      if (Number(old.folder_id) !== Number(drafts.id) || Number(old.account_id) !== input.mailbox_id) throw new ValidationError({ draft_id: ['This mail is not a draft of this mailbox.'] });
      replaced = { uid: Number(old.uid) };
    }
    return { account, draftsPath: drafts.path, replaced };
  });
  const composer = new MailComposer({
    from: { name: account.name, address: account.email },
    to: input.to.length ? input.to : undefined,
    cc: input.cc.length ? input.cc : undefined,
    subject: input.subject,
    text: input.body,
    html: `<div>${escapeHtml(input.body).replace(/\r?\n/g, '<br>')}</div>`,
    messageId: `<${crypto.randomUUID()}@${account.email.split('@')[1] ?? 'kazi.local'}>`,
    date: new Date(),
  });
  const raw = await composer.compile().build();
  let client: Awaited<ReturnType<typeof openImap>>['client'] | null = null;
  try {
    client = (await openImap(config, database, tenantId, input.mailbox_id)).client;
    await client.append(draftsPath, raw, ['\\Draft', '\\Seen']);
    if (replaced) {
      const lock = await client.getMailboxLock(draftsPath);
      try {
        await client.messageDelete(String(replaced.uid), { uid: true });
      } finally {
        lock.release();
      }
    }
    await client.logout();
  } catch (err) {
    client?.close();
    // openImap's failures are sentences already (the guard, the login, a refused token)
    throw new ValidationError({ mailbox_id: [err instanceof Error ? err.message : String(err)] });
  }
  if (input.draft_id) {
    const draftId = input.draft_id;
    const dropped = await withTenant(database, tenantId, async (tx) => {
      const d = await dropAttachments(tx, tenantId, sql`m.id = ${draftId}`);
      await tx.execute(sql`delete from mailbox_mails where tenant_id = ${tenantId} and id = ${draftId}`);
      return d;
    });
    await removeAttachmentBytes(mediaStorage(config), dropped, log);
  }
  return { accountId: Number(account.id) };
}
