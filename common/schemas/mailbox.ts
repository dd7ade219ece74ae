import { z } from 'zod';
import { recordId } from './fields.js';

/**
 * Mailbox (SPEC §2 Mail and Mailbox, §3 mailbox account, §7 Mailbox; docs/decisions/0050-mailbox.md):
 * what the mailbox endpoints accept and answer, shared by the server and the pages.
 */
export const MAILBOX_PROVIDERS = ['imap', 'gmail', 'outlook'] as const;
export type MailboxProvider = (typeof MAILBOX_PROVIDERS)[number];

/** The folders a mailbox shows first, in this order (SPEC §3); any other folder of the account is a tag. */
export const FOLDER_ORDER = ['INBOX', 'STARRED', 'SENT', 'DRAFTS', 'DRAFT', 'IMPORTANT', 'SPAM', 'TRASH'] as const;
export type FolderRole = (typeof FOLDER_ORDER)[number];

/** A page of the mail list (SPEC §9): 15 by default, at most 100. */
export const MAILBOX_PER_PAGE = 15;
export const MAILBOX_PER_PAGE_MAX = 100;

export const MAIL_SECURITY = ['tls', 'starttls', 'none'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

const host = (label: string) =>
  z
    .string({ error: `The ${label} host is required.` })
    .trim()
    .min(1, { error: `The ${label} host is required.` })
    .max(253, { error: `The ${label} host may not be greater than 253 characters.` })
    .regex(/^[A-Za-z0-9.-]+$|^\[?[0-9A-Fa-f:.]+\]?$/, { error: `The ${label} host must be a host name or an IP address.` });
const port = (label: string) =>
  z.coerce
    .number({ error: `The ${label} port must be a number.` })
    .int({ error: `The ${label} port must be a whole number.` })
    .min(1, { error: `The ${label} port must be between 1 and 65535.` })
    .max(65535, { error: `The ${label} port must be between 1 and 65535.` });
const security = (label: string) => z.enum(MAIL_SECURITY, { error: `The ${label} security must be tls, starttls or none.` });

/** Mailbox/Setup/Imap: an IMAP + SMTP account, tested on save. */
export const connectImapSchema = z.object({
  name: z.string({ error: 'The name is required.' }).trim().min(1, { error: 'The name is required.' }).max(100, { error: 'The name may not be greater than 100 characters.' }),
  email: z.string({ error: 'The email is required.' }).trim().toLowerCase().email({ error: 'The email must be a valid email address.' }).max(254),
  imap_host: host('IMAP'),
  imap_port: port('IMAP').default(993),
  imap_security: security('IMAP').default('tls'),
  smtp_host: host('SMTP'),
  smtp_port: port('SMTP').default(465),
  smtp_security: security('SMTP').default('tls'),
  username: z.string({ error: 'The user name is required.' }).trim().min(1, { error: 'The user name is required.' }).max(254),
  password: z.string({ error: 'The password is required.' }).min(1, { error: 'The password is required.' }).max(1000),
  make_default: z.boolean().optional().default(false),
});
export type ConnectImapInput = z.input<typeof connectImapSchema>;
export type ConnectImapData = z.output<typeof connectImapSchema>;

/** GET /mailbox/mails/json/{folderID} */
export const mailListQuerySchema = z.object({
  page: z.coerce.number({ error: 'The page must be a number.' }).int().min(1, { error: 'The page must be at least 1.' }).max(1_000_000).optional().default(1),
  perPage: z.coerce
    .number({ error: 'The per page must be a number.' })
    .int()
    .min(1, { error: 'The per page must be at least 1.' })
    .max(MAILBOX_PER_PAGE_MAX, { error: `The per page may not be greater than ${MAILBOX_PER_PAGE_MAX}.` })
    .optional()
    .default(MAILBOX_PER_PAGE),
  search: z.string().trim().max(200, { error: 'The search may not be greater than 200 characters.' }).optional().default(''),
});

/** GET /mailbox/mails/{mailID} */
export const mailShowQuerySchema = z.object({ mailbox_id: recordId('mailbox') });

/** POST /mailbox/mails/{mailID}/flags */
export const mailFlagsSchema = z
  .object({ read: z.boolean({ error: 'Read must be true or false.' }).optional(), starred: z.boolean({ error: 'Starred must be true or false.' }).optional() })
  .refine((v) => v.read !== undefined || v.starred !== undefined, { path: ['read'], message: 'Say what to mark.' });

/** POST /mailbox/mails/{mailID}/move */
export const mailMoveSchema = z.object({ folder_id: recordId('folder') });

const addresses = (label: string, min: number) =>
  z
    .array(z.string().trim().toLowerCase().email({ error: `Each ${label} address must be a valid email address.` }), { error: `The ${label} addresses must be a list.` })
    .min(min, { error: `Enter at least one ${label} address.` })
    .max(50, { error: `At most 50 ${label} addresses.` });

/** POST /mailbox/send: a new mail, a reply or a forward through the account's SMTP server. */
export const sendMailSchema = z.object({
  mailbox_id: recordId('mailbox'),
  to: addresses('to', 1),
  cc: addresses('cc', 0).optional().default([]),
  subject: z.string({ error: 'The subject is required.' }).trim().min(1, { error: 'The subject is required.' }).max(500, { error: 'The subject may not be greater than 500 characters.' }),
  body: z.string({ error: 'The message is required.' }).trim().min(1, { error: 'The message is required.' }).max(100_000, { error: 'The message is too long.' }),
  /** the mail answered (reply, reply all) or passed on (forward): threading headers come from it */
  reply_to_id: recordId('mail').nullish().transform((v) => v ?? null),
});
export type SendMailInput = z.input<typeof sendMailSchema>;

/** POST /mailbox/drafts: what Compose holds so far, kept in the account's Drafts folder (nothing is required but the mailbox). */
export const saveDraftSchema = z.object({
  mailbox_id: recordId('mailbox'),
  to: addresses('to', 0).optional().default([]),
  cc: addresses('cc', 0).optional().default([]),
  subject: z.string({ error: 'The subject must be text.' }).trim().max(500, { error: 'The subject may not be greater than 500 characters.' }).optional().default(''),
  body: z.string({ error: 'The message must be text.' }).max(100_000, { error: 'The message is too long.' }).optional().default(''),
  /** the draft this one replaces (reopened and saved again): removed from the server once the new one is stored */
  draft_id: recordId('mail').nullish().transform((v) => v ?? null),
});
export type SaveDraftData = z.output<typeof saveDraftSchema>;
export type SendMailData = z.output<typeof sendMailSchema>;

export interface MailboxFolder {
  id: number;
  name: string;
  path: string;
  role: FolderRole | null;
  /** unread mail in the folder, counted up to 1,000 */
  unread: number;
}

/** What the Mailbox/Setup/Gmail and Setup/Outlook pages receive (docs/decisions/0050-mailbox.md). */
export interface MailOAuthSetup {
  provider: 'gmail' | 'outlook';
  /** false: the operator has not set the provider's OAuth client; `unavailable` says so and there is no button */
  configured: boolean;
  unavailable: string;
  imap: string | null;
  smtp: string | null;
  /** the whole-page link that starts the sign-in */
  start_url: string | null;
}

export interface MailboxAccount {
  id: number;
  name: string;
  email: string;
  default: boolean;
  provider: MailboxProvider;
  last_synced_at: string | null;
  sync_status: 'pending' | 'syncing' | 'idle' | 'failed';
  sync_error: string | null;
  /** a Gmail or Outlook mailbox whose provider refused Kazi's access: why, and the member signs in again; null otherwise */
  reconnect_reason: string | null;
  sync_done: number;
  sync_total: number;
  folders: MailboxFolder[];
  tags: MailboxFolder[];
}

export interface MailAddress {
  name: string;
  address: string;
}

export interface MailListItem {
  id: number;
  mailbox_id: number;
  folder_id: number;
  subject: string;
  from: MailAddress;
  snippet: string;
  date: string;
  is_read: boolean;
  is_starred: boolean;
  has_attachments: boolean;
}

export interface MailDetail extends MailListItem {
  to: MailAddress[];
  cc: MailAddress[];
  message_id: string | null;
  text: string;
  /** sanitised; remote images replaced by a placeholder until the reader allows them (`html_with_images`) */
  html: string | null;
  html_with_images: string | null;
  has_remote_images: boolean;
  attachments: MailAttachment[];
}

/** A synced mail's attachment: `url` downloads it; null when it was too large to keep (MAIL_ATTACHMENT_MAX_BYTES). */
export interface MailAttachment {
  id: number;
  name: string;
  mime: string;
  size: number;
  /** an image the HTML shows through cid: (kept and listed; the HTML does not load it) */
  inline: boolean;
  url: string | null;
}

/** the largest attachment a sync keeps; a larger one is listed with its name and size only */
export const MAIL_ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

/** What the realtime push tells a mailbox's owner when mail arrives (on their user channel). */
export const MAILBOX_EVENTS = { synced: 'mailbox.synced' } as const;
export interface MailboxSyncedPush {
  mailbox_id: number;
  new_mails: number;
  unread_total: number;
}

/** Sort folders by the fixed order (SPEC §4): the known ones first, in order, then the rest by name. */
export function sortFolders<F extends { role: FolderRole | null; name: string }>(folders: F[]): F[] {
  const rank = (f: F) => (f.role ? FOLDER_ORDER.indexOf(f.role) : FOLDER_ORDER.length);
  return [...folders].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}
