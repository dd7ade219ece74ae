import { z } from 'zod';
import { recordId } from './fields.js';

/**
 * Chat (SPEC §2 Chat, §3 chat state, §7 Chat; docs/decisions/0045-chat.md): what the chat
 * endpoints accept, shared by the server and the pages.
 */
export const CHAT_THREAD_TYPES = ['direct', 'group'] as const;
export type ChatThreadType = (typeof CHAT_THREAD_TYPES)[number];

/** What a member chooses to show (POST /chat/update-status); "offline" is anyone not connected. */
export const CHAT_STATUSES = ['online', 'away', 'busy'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

export const CHAT_MESSAGE_MAX = 5000;
export const CHAT_ATTACHMENTS_MAX = 10;
export const CHAT_GROUP_NAME_MAX = 100;
export const CHAT_GROUP_MEMBERS_MAX = 200;
/** A page of history (GET /chat/get-messages/{id}): the default and the most a call may ask for. */
export const CHAT_PAGE_SIZE = 30;
export const CHAT_PAGE_MAX = 100;
/** Unread counts stop counting here (the badge shows "99+"): a count never reads more rows than this. */
export const CHAT_UNREAD_CAP = 100;
/** How long a typing notice holds without another (the sender repeats it every few seconds while typing). */
export const CHAT_TYPING_MS = 5000;

/** A file of the media library as a message keeps it. */
export interface ChatAttachment {
  id: number;
  name: string;
  mime: string;
  kind: string;
  size: number;
}

const ids = (label: string, max: number) =>
  z
    .array(recordId(label), { error: `The ${label}s must be a list.` })
    .max(max, { error: `At most ${max} ${label}s.` })
    .transform((v) => [...new Set(v)]);

export const sendMessageSchema = z
  .object({
    thread_id: recordId('thread'),
    body: z
      .string({ error: 'The message must be text.' })
      .max(CHAT_MESSAGE_MAX, { error: `The message may not be greater than ${CHAT_MESSAGE_MAX} characters.` })
      .optional()
      .default('')
      .transform((v) => v.trim()),
    reply_to_id: recordId('message').nullish().transform((v) => v ?? null),
    attachment_ids: ids('attachment', CHAT_ATTACHMENTS_MAX).optional().default([]),
  })
  .refine((v) => v.body.length > 0 || v.attachment_ids.length > 0, { path: ['body'], message: 'Write a message or attach a file.' });
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const editMessageSchema = z.object({
  body: z
    .string({ error: 'The message must be text.' })
    .trim()
    .min(1, { error: 'The message field is required.' })
    .max(CHAT_MESSAGE_MAX, { error: `The message may not be greater than ${CHAT_MESSAGE_MAX} characters.` }),
});

export const updateStatusSchema = z.object({
  status: z.enum(CHAT_STATUSES, { error: 'The status must be online, away or busy.' }),
});

export const markAsReadSchema = z.object({
  /** read up to this message (default: the thread's last) */
  message_id: recordId('message').nullish().transform((v) => v ?? null),
});

const groupName = z
  .string({ error: 'The name field is required.' })
  .trim()
  .min(1, { error: 'The name field is required.' })
  .max(CHAT_GROUP_NAME_MAX, { error: `The name may not be greater than ${CHAT_GROUP_NAME_MAX} characters.` });

export const storeGroupSchema = z.object({
  name: groupName,
  member_ids: ids('member', CHAT_GROUP_MEMBERS_MAX).refine((v) => v.length > 0, { message: 'Choose at least one member.' }),
});
export type StoreGroupInput = z.input<typeof storeGroupSchema>;

/** A group admin renames the group and sets its members and admins (the admins among the members). */
export const updateGroupSchema = z.object({
  name: groupName,
  member_ids: ids('member', CHAT_GROUP_MEMBERS_MAX),
  admin_ids: ids('admin', CHAT_GROUP_MEMBERS_MAX).optional().default([]),
});
export type UpdateGroupInput = z.input<typeof updateGroupSchema>;

export const messagesQuerySchema = z.object({
  /** the oldest message id already shown: the page is the messages before it (infinite scroll up) */
  before_id: recordId('message').optional(),
  per_page: z.coerce
    .number({ error: 'The per page must be a number.' })
    .int({ error: 'The per page must be a number.' })
    .min(1, { error: 'The per page must be at least 1.' })
    .max(CHAT_PAGE_MAX, { error: `The per page may not be greater than ${CHAT_PAGE_MAX}.` })
    .default(CHAT_PAGE_SIZE),
});

export const chatSearchSchema = z.object({
  search: z.string().trim().max(200, { error: 'The search may not be greater than 200 characters.' }).optional().default(''),
});
