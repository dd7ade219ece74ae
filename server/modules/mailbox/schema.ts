import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FolderRole, MailAddress, MailboxProvider, MailSecurity } from '../../../common/schemas/mailbox.js';
import { searchIndexes, searchText } from '../../db/search-index.js';
import { tenantTable } from '../../db/tenant-table.js';
import { users } from '../tenancy/schema.js';

/**
 * A member's connected mail account (docs/decisions/0050-mailbox.md): IMAP to read, SMTP to send,
 * the password sealed under APP_KEY with the place "mailbox_accounts:<tenant>:<user>:<email>"
 * (server/crypto/sealed.ts), so it opens only on its own row. One default per member. `sync_*` is the state of the last sync job, shown as its progress.
 */
export const mailboxAccounts = tenantTable(
  'mailbox_accounts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    provider: text('provider').$type<MailboxProvider>().notNull().default('imap'),
    isDefault: boolean('is_default').notNull().default(false),
    imapHost: text('imap_host').notNull(),
    imapPort: integer('imap_port').notNull(),
    imapSecurity: text('imap_security').$type<MailSecurity>().notNull(),
    smtpHost: text('smtp_host').notNull(),
    smtpPort: integer('smtp_port').notNull(),
    smtpSecurity: text('smtp_security').$type<MailSecurity>().notNull(),
    username: text('username').notNull(),
    /** an IMAP account's password (sealed); null for one signed in with Google or Microsoft */
    passwordSealed: text('password_sealed'),
    /** a Gmail or Outlook account's tokens, sealed together as JSON {access_token, refresh_token}; never answered */
    oauthSealed: text('oauth_sealed'),
    /** when the access token stops working; it is refreshed a minute before */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true, mode: 'string' }),
    /** set when the provider refused the refresh token (revoked access, changed password): the member signs in again */
    reconnectReason: text('reconnect_reason'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true, mode: 'string' }),
    syncStatus: text('sync_status').notNull().default('pending'),
    syncError: text('sync_error'),
    syncDone: integer('sync_done').notNull().default(0),
    syncTotal: integer('sync_total').notNull().default(0),
  },
  (t) => [
    uniqueIndex('mailbox_accounts_email_unique').on(t.tenantId, t.userId, t.email),
    uniqueIndex('mailbox_accounts_default_unique').on(t.tenantId, t.userId).where(sql`is_default`),
  ],
);

/**
 * A folder of an account as IMAP names it (`path`), with the role of SPEC §3's fixed order when it
 * has one (INBOX, SENT, … mapped from special-use flags or known provider names such as
 * `[Gmail]/Sent Mail`). `uid_validity` / `last_uid` make the next sync incremental.
 */
export const mailboxFolders = tenantTable(
  'mailbox_folders',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    path: text('path').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<FolderRole>(),
    uidValidity: bigint('uid_validity', { mode: 'number' }),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.accountId], foreignColumns: [mailboxAccounts.tenantId, mailboxAccounts.id] }).onDelete('cascade'),
    uniqueIndex('mailbox_folders_path_unique').on(t.tenantId, t.accountId, t.path),
  ],
);

/**
 * A synced message: its IMAP uid in its folder, the headers the list shows, the text and the HTML
 * (already sanitised, remote images kept for the reader to allow), flags. The list reads a
 * folder newest first on (folder_id, date, id); search is one trigram index over subject, sender
 * and text.
 */
export const mailboxMails = tenantTable(
  'mailbox_mails',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    folderId: bigint('folder_id', { mode: 'number' }).notNull(),
    uid: bigint('uid', { mode: 'number' }).notNull(),
    messageId: text('message_id'),
    inReplyTo: text('in_reply_to'),
    references: text('references'),
    subject: text('subject').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    fromEmail: text('from_email').notNull().default(''),
    toAddresses: jsonb('to_addresses').$type<MailAddress[]>().notNull().default([]),
    ccAddresses: jsonb('cc_addresses').$type<MailAddress[]>().notNull().default([]),
    date: timestamp('date', { withTimezone: true, mode: 'string' }).notNull(),
    snippet: text('snippet').notNull().default(''),
    textBody: text('text_body').notNull().default(''),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<{ name: string; mime: string; size: number }[]>().notNull().default([]),
    isRead: boolean('is_read').notNull().default(false),
    isStarred: boolean('is_starred').notNull().default(false),
    searchText: searchText('subject', 'from_name', 'from_email', 'text_body'),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.folderId], foreignColumns: [mailboxFolders.tenantId, mailboxFolders.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.accountId], foreignColumns: [mailboxAccounts.tenantId, mailboxAccounts.id] }).onDelete('cascade'),
    uniqueIndex('mailbox_mails_uid_unique').on(t.tenantId, t.folderId, t.uid),
    index('mailbox_mails_folder_date_idx').on(t.tenantId, t.folderId, t.date.desc(), t.id.desc()),
    index('mailbox_mails_account_idx').on(t.tenantId, t.accountId, t.id),
    // the unread counts of folders and of the shell's badge read only unread rows
    index('mailbox_mails_unread_idx').on(t.tenantId, t.folderId).where(sql`not is_read`),
    ...searchIndexes('mailbox_mails', t.searchText),
  ],
);

/**
 * A synced mail's attachment (docs/decisions/0050-mailbox.md): its name, type and size as the
 * message gives them, the `content_id` of an inline image (cid:), and where its bytes are in the
 * app's storage (the media library's, local disk or S3). `storage_key` is null when the file was
 * larger than the cap (MAIL_ATTACHMENT_MAX_BYTES): recorded, not kept. The bytes go when the row
 * goes (mailbox/attachments.ts), counted in the company's media usage meanwhile.
 */
export const mailboxAttachments = tenantTable(
  'mailbox_attachments',
  {
    mailId: bigint('mail_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key'),
    contentId: text('content_id'),
    isInline: boolean('is_inline').notNull().default(false),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.mailId], foreignColumns: [mailboxMails.tenantId, mailboxMails.id] }).onDelete('cascade'),
    uniqueIndex('mailbox_attachments_mail_unique').on(t.tenantId, t.mailId, t.position),
  ],
);
