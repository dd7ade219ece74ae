import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow, ListResponse } from 'imapflow';
import type { AddressObject, ParsedMail } from 'mailparser';
import { userChannel } from '../../../common/realtime.js';
import { FOLDER_ORDER, MAILBOX_EVENTS, type FolderRole, type MailAddress, type MailboxSyncedPush } from '../../../common/schemas/mailbox.js';
import type { Config } from '../../config.js';
import { rows, type Database, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { JobQueue } from '../../jobs/queue.js';
import { broadcastAfterCommit } from '../../realtime/broadcast.js';
import type { ObjectStorage } from '../../storage/index.js';
import { addUsage, mediaStorage } from '../media/service.js';
import { unreadTotal } from './accounts.js';
import { dropAttachments, keepAttachments, removeAttachmentBytes, type Dropped, type KeptAttachment } from './attachments.js';
import { openImap } from './oauth.js';
import { sanitizeMailHtml } from './sanitize.js';

/**
 * Sync (docs/decisions/0050-mailbox.md): one job per account at a time. Folders are listed and
 * mapped to SPEC §3's roles; per folder, messages above the stored last UID are fetched and
 * stored in batches (one INSERT … SELECT FROM jsonb_to_recordset per batch, the list usable
 * meanwhile, progress counted on the account); a changed UIDVALIDITY starts the folder again;
 * the flags of the messages already stored come back in one FETCH and one UPDATE, and messages
 * gone from the server are deleted. New mail is pushed to the owner after the commit.
 */
export const SYNC_JOB = 'mailbox.sync';
export const FLAGS_JOB = 'mailbox.flags';
export const MOVE_JOB = 'mailbox.move';
/** a message to move on the server (`to` a folder path), or to delete for good (`to` null: it was in the trash) */
export interface MoveJob {
  tenantId: number;
  accountId: number;
  from: string;
  uid: number;
  to: string | null;
}
export interface SyncJob {
  tenantId: number;
  accountId: number;
}
export interface FlagsJob {
  tenantId: number;
  mailId: number;
  read?: boolean;
  starred?: boolean;
}

/** messages fetched and stored per statement */
const BATCH = 200;
/** a sync marked running longer than this is taken to have died with its process */
const STALE_SYNC = '15 minutes';
/** how often an account is looked at again without anyone asking */
export const POLL_SECONDS = 300;

const SPECIAL_USE: Record<string, FolderRole> = {
  '\\Inbox': 'INBOX',
  '\\Sent': 'SENT',
  '\\Drafts': 'DRAFTS',
  '\\Junk': 'SPAM',
  '\\Trash': 'TRASH',
  '\\Flagged': 'STARRED',
  '\\Important': 'IMPORTANT',
};
/** provider-specific names (the last part of the path, lower case): Gmail's `[Gmail]/Sent Mail`, Outlook's `Sent Items`… */
const KNOWN_NAMES: Record<string, FolderRole> = {
  inbox: 'INBOX',
  starred: 'STARRED',
  flagged: 'STARRED',
  sent: 'SENT',
  'sent mail': 'SENT',
  'sent items': 'SENT',
  'sent messages': 'SENT',
  drafts: 'DRAFTS',
  draft: 'DRAFT',
  important: 'IMPORTANT',
  spam: 'SPAM',
  junk: 'SPAM',
  'junk email': 'SPAM',
  'junk e-mail': 'SPAM',
  'bulk mail': 'SPAM',
  trash: 'TRASH',
  bin: 'TRASH',
  'deleted items': 'TRASH',
  'deleted messages': 'TRASH',
};

interface FolderPlan {
  path: string;
  name: string;
  role: FolderRole | null;
}

/** The folders worth syncing, each role given once (a special-use flag first, then a known name). */
export function planFolders(list: Pick<ListResponse, 'path' | 'name' | 'flags' | 'specialUse' | 'delimiter'>[]): FolderPlan[] {
  const selectable = list.filter((f) => !f.flags.has('\\Noselect') && !f.flags.has('\\NonExistent') && f.specialUse !== '\\All');
  const taken = new Set<FolderRole>();
  const roles = new Map<string, FolderRole>();
  for (const f of selectable) {
    const role = f.path.toUpperCase() === 'INBOX' ? 'INBOX' : f.specialUse ? SPECIAL_USE[f.specialUse] : undefined;
    if (role && !taken.has(role)) {
      taken.add(role);
      roles.set(f.path, role);
    }
  }
  for (const f of selectable) {
    if (roles.has(f.path)) continue;
    const last = (f.delimiter ? f.path.split(f.delimiter).pop()! : f.path).toLowerCase();
    const role = KNOWN_NAMES[last];
    if (role && !taken.has(role)) {
      taken.add(role);
      roles.set(f.path, role);
    }
  }
  return selectable.map((f) => ({ path: f.path, name: roles.get(f.path) ?? f.name, role: roles.get(f.path) ?? null }));
}

const clean = (s: string | null | undefined, max = 1_000_000) => (s ?? '').replaceAll('\u0000', '').slice(0, max);
const addressesOf = (a: AddressObject | AddressObject[] | undefined): MailAddress[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value).map((v) => ({ name: clean(v.name, 300), address: clean(v.address, 300).toLowerCase() }));
const referencesOf = (r: string | string[] | undefined) => (Array.isArray(r) ? r.join(' ') : (r ?? ''));

/** A parsed message as the row stored (mail list fields, text, sanitised HTML, attachment names). */
export function mailRow(uid: number, parsed: ParsedMail, flags: Set<string>, internalDate: Date | undefined) {
  const from = addressesOf(parsed.from)[0] ?? { name: '', address: '' };
  const text = clean(parsed.text ?? '');
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : (internalDate ?? new Date());
  return {
    uid,
    message_id: parsed.messageId ? clean(parsed.messageId, 1000) : null,
    in_reply_to: parsed.inReplyTo ? clean(parsed.inReplyTo, 1000) : null,
    references: clean(referencesOf(parsed.references), 10_000) || null,
    subject: clean(parsed.subject, 1000),
    from_name: from.name,
    from_email: from.address,
    to_addresses: addressesOf(parsed.to).slice(0, 200),
    cc_addresses: addressesOf(parsed.cc).slice(0, 200),
    date: date.toISOString(),
    snippet: text.replace(/\s+/g, ' ').trim().slice(0, 200),
    text_body: text,
    html_body: typeof parsed.html === 'string' ? clean(sanitizeMailHtml(parsed.html, true)) : null,
    attachments: parsed.attachments
      .filter((a) => a.contentDisposition !== 'inline' || !a.cid)
      .slice(0, 100)
      .map((a) => ({ name: clean(a.filename ?? 'attachment', 300), mime: clean(a.contentType, 200), size: a.size })),
    is_read: flags.has('\\Seen'),
    is_starred: flags.has('\\Flagged'),
  };
}
export type MailRow = ReturnType<typeof mailRow>;

/** an attachment kept while its message was parsed, named by the message's uid */
export type BatchFile = KeptAttachment & { uid: number };

/**
 * Stores a batch of a folder's messages in one statement, their attachments' rows in the same one
 * (joined on uid), and moves its last UID; returns how many were new. The bytes of attachments
 * whose message was there already (a sync that died after storing them) are removed again.
 */
export async function storeBatch(
  database: Database,
  storage: ObjectStorage,
  log: FastifyBaseLogger,
  tenantId: number,
  accountId: number,
  folderId: number,
  batch: MailRow[],
  files: BatchFile[] = [],
): Promise<number> {
  if (batch.length === 0) return 0;
  const maxUid = Math.max(...batch.map((b) => b.uid));
  const stored = files.filter((f) => f.storage_key !== null);
  let inserted = new Set<number>();
  try {
    const done = await withTenant(database, tenantId, async (tx) => {
      const [r] = await rows<{ n: number; uids: number[] | null; bytes: number }>(
        tx,
        sql`with ins as (
            insert into mailbox_mails (tenant_id, account_id, folder_id, uid, message_id, in_reply_to, "references", subject, from_name, from_email,
                                       to_addresses, cc_addresses, date, snippet, text_body, html_body, attachments, is_read, is_starred)
            select ${tenantId}, ${accountId}, ${folderId}, r.uid, r.message_id, r.in_reply_to, r."references", r.subject, r.from_name, r.from_email,
                   r.to_addresses, r.cc_addresses, r.date, r.snippet, r.text_body, r.html_body, r.attachments, r.is_read, r.is_starred
              from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(uid bigint, message_id text, in_reply_to text, "references" text, subject text,
                   from_name text, from_email text, to_addresses jsonb, cc_addresses jsonb, date timestamptz, snippet text, text_body text, html_body text,
                   attachments jsonb, is_read boolean, is_starred boolean)
            on conflict (tenant_id, folder_id, uid) do nothing
            returning id, uid),
          att as (
            insert into mailbox_attachments (tenant_id, mail_id, position, filename, content_type, size, storage_key, content_id, is_inline)
            select ${tenantId}, ins.id, f.position, f.filename, f.content_type, f.size, f.storage_key, f.content_id, f.is_inline
              from ins join jsonb_to_recordset(${JSON.stringify(files)}::jsonb) as f(uid bigint, position int, filename text, content_type text, size bigint,
                   storage_key text, content_id text, is_inline boolean) on f.uid = ins.uid
            returning size, storage_key)
          select (select count(*)::int from ins) as n, (select array_agg(uid) from ins) as uids,
                 (select coalesce(sum(size) filter (where storage_key is not null), 0)::bigint from att) as bytes`,
      );
      if (Number(r.bytes) > 0) await addUsage(tx, tenantId, Number(r.bytes));
      await tx.execute(
        sql`update mailbox_folders set last_uid = greatest(last_uid, ${maxUid}), updated_at = now() where tenant_id = ${tenantId} and id = ${folderId}`,
      );
      await tx.execute(
        sql`update mailbox_accounts set sync_done = sync_done + ${batch.length}, updated_at = now() where tenant_id = ${tenantId} and id = ${accountId}`,
      );
      return { n: Number(r.n), uids: (r.uids ?? []).map(Number) };
    });
    inserted = new Set(done.uids);
    return done.n;
  } finally {
    // bytes no row names: the message was stored already, or the transaction failed
    const orphans = stored.filter((f) => !inserted.has(f.uid)).map((f) => f.storage_key!);
    if (orphans.length) await removeAttachmentBytes(storage, { keys: orphans, bytes: 0 }, log);
  }
}

interface StoredFolder {
  id: number;
  path: string;
  role: FolderRole | null;
  uid_validity: number | null;
  last_uid: number;
}

/** Claims the account for one sync (none running, or one that died); null when another runs or it is gone. */
async function claim(database: Database, tenantId: number, accountId: number) {
  const [a] = await withTenant(database, tenantId, (tx) =>
    rows<{ id: number; user_id: number }>(
      tx,
      sql`update mailbox_accounts set sync_status = 'syncing', sync_error = null, sync_done = 0, sync_total = 0, updated_at = now()
           where tenant_id = ${tenantId} and id = ${accountId}
             and (sync_status <> 'syncing' or updated_at < now() - ${STALE_SYNC}::interval)
       returning id, user_id`,
    ),
  );
  return a ? { id: Number(a.id), userId: Number(a.user_id) } : null;
}

export async function syncAccount(config: Config, database: Database, log: FastifyBaseLogger, job: SyncJob): Promise<void> {
  const { tenantId, accountId } = job;
  const claimed = await claim(database, tenantId, accountId);
  if (!claimed) return;
  let client: ImapFlow | null = null;
  let newMails = 0;
  const storage = mediaStorage(config);
  try {
    // a Gmail or Outlook account's token is refreshed first when due, and once more if the server refuses it
    client = (await openImap(config, database, tenantId, accountId)).client;
    const plans = planFolders(await client.list());
    const planned = JSON.stringify(plans);
    let dropped: Dropped = { keys: [], bytes: 0 };
    const folders = await withTenant(database, tenantId, async (tx) => {
      const gone = sql`not exists (select 1 from jsonb_to_recordset(${planned}::jsonb) as p(path text) where p.path = f.path)`;
      dropped = await dropAttachments(
        tx,
        tenantId,
        sql`m.folder_id in (select f.id from mailbox_folders f where f.tenant_id = ${tenantId} and f.account_id = ${accountId} and ${gone})`,
      );
      await tx.execute(sql`delete from mailbox_folders f where f.tenant_id = ${tenantId} and f.account_id = ${accountId} and ${gone}`);
      return rows<StoredFolder>(
        tx,
        sql`insert into mailbox_folders (tenant_id, account_id, path, name, role)
            select ${tenantId}, ${accountId}, p.path, p.name, p.role
              from jsonb_to_recordset(${planned}::jsonb) as p(path text, name text, role text)
            on conflict (tenant_id, account_id, path) do update set name = excluded.name, role = excluded.role, updated_at = now()
            returning id, path, role, uid_validity, last_uid`,
      );
    });
    await removeAttachmentBytes(storage, dropped, log);
    // the progress: how many messages are above each folder's last UID
    let total = 0;
    const statuses = new Map<string, { uidNext: number; uidValidity: number; messages: number }>();
    for (const f of folders) {
      const s = await client.status(f.path, { uidNext: true, uidValidity: true, messages: true });
      const st = s ? { uidNext: Number(s.uidNext ?? 0), uidValidity: Number(s.uidValidity ?? 0), messages: s.messages ?? 0 } : { uidNext: 0, uidValidity: 0, messages: 0 };
      statuses.set(f.path, st);
      total += Number(f.uid_validity) === st.uidValidity ? Math.max(0, Math.min(st.messages, st.uidNext - 1 - Number(f.last_uid))) : st.messages;
    }
    await withTenant(database, tenantId, (tx) =>
      tx.execute(sql`update mailbox_accounts set sync_total = ${total}, updated_at = now() where tenant_id = ${tenantId} and id = ${accountId}`),
    );
    // the inbox first: what the member looks at is usable soonest
    const ordered = [...folders].sort((a, b) => rank(a.role) - rank(b.role));
    for (const f of ordered) newMails += await syncFolder(client, database, storage, log, tenantId, accountId, f, statuses.get(f.path)!);
    await client.logout().catch(() => undefined);
    await withTenant(database, tenantId, async (tx) => {
      await tx.execute(
        sql`update mailbox_accounts set sync_status = 'idle', sync_error = null, last_synced_at = now(), updated_at = now() where tenant_id = ${tenantId} and id = ${accountId}`,
      );
      const payload: MailboxSyncedPush = { mailbox_id: accountId, new_mails: newMails, unread_total: await unreadTotal(tx, tenantId, claimed.userId) };
      await broadcastAfterCommit(tx, { companyId: tenantId, channel: userChannel(claimed.userId), event: MAILBOX_EVENTS.synced, payload });
    });
  } catch (err) {
    client?.close();
    const message = err instanceof Error ? err.message : String(err);
    // SPEC §8: a mailbox failure is logged (and shown on the account), never thrown at the member
    log.warn({ err, tenantId, accountId }, 'mailbox sync failed');
    await withTenant(database, tenantId, (tx) =>
      tx.execute(
        sql`update mailbox_accounts set sync_status = 'failed', sync_error = ${message.slice(0, 500)}, updated_at = now() where tenant_id = ${tenantId} and id = ${accountId}`,
      ),
    ).catch(() => undefined);
  }
}

const rank = (role: FolderRole | null) => (role ? FOLDER_ORDER.indexOf(role) : FOLDER_ORDER.length);

async function syncFolder(
  client: ImapFlow,
  database: Database,
  storage: ObjectStorage,
  log: FastifyBaseLogger,
  tenantId: number,
  accountId: number,
  folder: StoredFolder,
  status: { uidNext: number; uidValidity: number; messages: number },
): Promise<number> {
  const { simpleParser } = await import('mailparser');
  let lastUid = Number(folder.last_uid);
  const folderId = Number(folder.id);
  // the folder's mail goes, with its attachments' rows here and their bytes after the commit
  const emptyFolder = async (tx: Tx) => {
    const dropped = await dropAttachments(tx, tenantId, sql`m.folder_id = ${folderId}`);
    await tx.execute(sql`delete from mailbox_mails where tenant_id = ${tenantId} and folder_id = ${folderId}`);
    return dropped;
  };
  if (folder.uid_validity === null || Number(folder.uid_validity) !== status.uidValidity) {
    // a new folder, or the server renumbered it: start it again
    const dropped = await withTenant(database, tenantId, async (tx) => {
      const d = await emptyFolder(tx);
      await tx.execute(
        sql`update mailbox_folders set uid_validity = ${status.uidValidity}, last_uid = 0, updated_at = now() where tenant_id = ${tenantId} and id = ${folderId}`,
      );
      return d;
    });
    await removeAttachmentBytes(storage, dropped, log);
    lastUid = 0;
  }
  if (status.messages === 0) {
    await removeAttachmentBytes(storage, await withTenant(database, tenantId, emptyFolder), log);
    return 0;
  }
  const lock = await client.getMailboxLock(folder.path, { readOnly: true });
  let added = 0;
  try {
    // flags of what is stored, and what left the server
    if (lastUid > 0) {
      const seen: { uid: number; r: boolean; s: boolean }[] = [];
      for await (const m of client.fetch(`1:${lastUid}`, { uid: true, flags: true }, { uid: true })) {
        if (m.uid <= lastUid) seen.push({ uid: m.uid, r: m.flags?.has('\\Seen') ?? false, s: m.flags?.has('\\Flagged') ?? false });
      }
      const dropped = await withTenant(database, tenantId, async (tx) => {
        const list = JSON.stringify(seen);
        await tx.execute(
          sql`update mailbox_mails m set is_read = f.r, is_starred = f.s, updated_at = now()
                from jsonb_to_recordset(${list}::jsonb) as f(uid bigint, r boolean, s boolean)
               where m.tenant_id = ${tenantId} and m.folder_id = ${folderId} and m.uid = f.uid and (m.is_read <> f.r or m.is_starred <> f.s)`,
        );
        const left = sql`m.folder_id = ${folderId} and m.uid <= ${lastUid} and not exists (select 1 from jsonb_to_recordset(${list}::jsonb) as f(uid bigint) where f.uid = m.uid)`;
        const d = await dropAttachments(tx, tenantId, left);
        await tx.execute(sql`delete from mailbox_mails m where m.tenant_id = ${tenantId} and ${left}`);
        return d;
      });
      await removeAttachmentBytes(storage, dropped, log);
    }
    if (status.uidNext > lastUid + 1) {
      let batch: MailRow[] = [];
      let files: BatchFile[] = [];
      for await (const m of client.fetch(`${lastUid + 1}:*`, { uid: true, flags: true, internalDate: true, source: true }, { uid: true })) {
        if (m.uid <= lastUid || !m.source) continue;
        const parsed = await simpleParser(m.source, { skipImageLinks: true, skipTextToHtml: true });
        const internal = m.internalDate instanceof Date ? m.internalDate : m.internalDate ? new Date(m.internalDate) : undefined;
        batch.push(mailRow(m.uid, parsed, m.flags ?? new Set(), internal));
        // the bytes are written now, so a batch holds only the names and keys of its attachments
        if (parsed.attachments.length) {
          try {
            for (const f of await keepAttachments(storage, tenantId, parsed.attachments)) files.push({ ...f, uid: m.uid });
          } catch (err) {
            await removeAttachmentBytes(storage, { keys: files.flatMap((f) => (f.storage_key ? [f.storage_key] : [])), bytes: 0 }, log);
            throw err;
          }
        }
        if (batch.length >= BATCH) {
          added += await storeBatch(database, storage, log, tenantId, accountId, folderId, batch, files);
          batch = [];
          files = [];
        }
      }
      added += await storeBatch(database, storage, log, tenantId, accountId, folderId, batch, files);
    }
  } finally {
    lock.release();
  }
  return added;
}

/** Kazi's read and star marks back to the server (the other way of "flags both ways"). */
export async function pushFlags(config: Config, database: Database, log: FastifyBaseLogger, job: FlagsJob): Promise<void> {
  const [mail] = await withTenant(database, job.tenantId, (tx) =>
    rows<{ uid: number; path: string; account_id: number }>(
      tx,
      sql`select m.uid, f.path, m.account_id from mailbox_mails m join mailbox_folders f on f.tenant_id = m.tenant_id and f.id = m.folder_id
           where m.tenant_id = ${job.tenantId} and m.id = ${job.mailId}`,
    ),
  );
  if (!mail) return;
  let client: ImapFlow | null = null;
  try {
    client = (await openImap(config, database, job.tenantId, Number(mail.account_id))).client;
    const lock = await client.getMailboxLock(mail.path);
    try {
      const uid = String(mail.uid);
      const session = client;
      const change = async (flag: string, on: boolean | undefined) => {
        if (on === true) await session.messageFlagsAdd(uid, [flag], { uid: true });
        if (on === false) await session.messageFlagsRemove(uid, [flag], { uid: true });
      };
      await change('\\Seen', job.read);
      await change('\\Flagged', job.starred);
    } finally {
      lock.release();
    }
    await client.logout();
  } catch (err) {
    client?.close();
    log.warn({ err, tenantId: job.tenantId, mailId: job.mailId }, 'mailbox flags not written back');
  }
}

/** A move or delete made in Kazi, done on the server; the next sync finds the message in its new folder. */
export async function pushMove(config: Config, database: Database, log: FastifyBaseLogger, job: MoveJob): Promise<void> {
  let client: ImapFlow | null = null;
  try {
    client = (await openImap(config, database, job.tenantId, job.accountId)).client;
    const lock = await client.getMailboxLock(job.from);
    try {
      if (job.to) await client.messageMove(String(job.uid), job.to, { uid: true });
      else await client.messageDelete(String(job.uid), { uid: true });
    } finally {
      lock.release();
    }
    await client.logout();
  } catch (err) {
    client?.close();
    log.warn({ err, tenantId: job.tenantId, accountId: job.accountId }, 'mailbox move not done on the server');
  }
}

export function mailboxJobs(queue: JobQueue, config: Config, database: Database, log: FastifyBaseLogger) {
  queue.define<SyncJob>(
    SYNC_JOB,
    async (job) => {
      await syncAccount(config, database, log, job);
      // polling: look again later (a separate key, so a "sync now" is never held back by it)
      const exists = await withTenant(database, job.tenantId, (tx) =>
        rows(tx, sql`select 1 from mailbox_accounts where tenant_id = ${job.tenantId} and id = ${job.accountId}`),
      );
      if (exists.length) await queue.send(SYNC_JOB, job, { singletonKey: `mailbox-poll-${job.tenantId}-${job.accountId}`, startAfter: POLL_SECONDS });
    },
    { batchSize: 1, concurrency: 2 },
  );
  queue.define<FlagsJob>(FLAGS_JOB, (job) => pushFlags(config, database, log, job), { batchSize: 5, concurrency: 1 });
  queue.define<MoveJob>(
    MOVE_JOB,
    async (job) => {
      await pushMove(config, database, log, job);
      await requestSync(queue, job.tenantId, job.accountId);
    },
    { batchSize: 5, concurrency: 1 },
  );
}

/** Asks for a sync now (once: a request already waiting is enough). */
export const requestSync = (queue: JobQueue, tenantId: number, accountId: number) =>
  queue.send<SyncJob>(SYNC_JOB, { tenantId, accountId }, { singletonKey: `mailbox-sync-${tenantId}-${accountId}` });
