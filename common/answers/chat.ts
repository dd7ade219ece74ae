import type { ChatAttachment, ChatStatus, ChatThreadType } from '../schemas/chat.js';

// What the chat endpoints answer (SPEC §3 chat state, §7 Chat; docs/decisions/0045-chat.md). Times are ISO 8601 UTC.

/** A member of the company as chat shows them (GET /chat/get-contacts). */
export type ChatContact = {
  id: number;
  name: string;
  email: string;
  avatar: string | null;
  /** the status they chose; whether they are connected comes from the presence channel */
  status: ChatStatus | null;
  /** their direct thread with the viewer, once there is one */
  thread_id: number | null;
};

export type ChatParticipant = { id: number; name: string; email: string; avatar: string | null; is_admin: boolean };

/** An attachment as answered: the file's addresses in the media library. */
export type ChatAttachmentRow = ChatAttachment & { url: string; thumb_url: string | null };

/** The message a reply quotes (a short excerpt). */
export type ChatQuoted = { id: number; sender_id: number | null; sender_name: string | null; body: string; deleted: boolean };

export type ChatMessageRow = {
  id: number;
  thread_id: number;
  sender_id: number | null;
  sender_name: string | null;
  /** plain text: the page shows it as text (links made clickable), never as HTML */
  body: string;
  reply_to: ChatQuoted | null;
  attachments: ChatAttachmentRow[];
  edited_at: string | null;
  deleted_at: string | null;
  created_at: string;
};

/** A thread as the thread list shows it: unread count and last line from one SQL statement. */
export type ChatThreadRow = {
  id: number;
  type: ChatThreadType;
  /** the group's name, or the other member's name in a direct thread */
  name: string;
  /** the other member of a direct thread */
  contact_id: number | null;
  /** the viewer is an admin of this group */
  is_admin: boolean;
  unread_count: number;
  last_message: { id: number; sender_id: number | null; sender_name: string | null; body: string; has_attachments: boolean; deleted: boolean; created_at: string } | null;
  last_message_at: string | null;
  created_at: string;
};

/** GET /chat/thread-data/{id}: the thread with its members. */
export type ChatThreadData = ChatThreadRow & { participants: ChatParticipant[]; last_read_message_id: number };

/** GET /chat/get-messages/{id}: newest last; `has_more` when older messages remain before the first. */
export type ChatMessagesPage = { data: ChatMessageRow[]; has_more: boolean; per_page: number };

/** A message found by the search across threads. */
export type ChatSearchHit = { message: ChatMessageRow; thread_id: number; thread_name: string };

/** GET /chat/get-contact-with-threads: the sidebar in one call. */
export type ChatOverview = {
  contacts: ChatContact[];
  threads: ChatThreadRow[];
  /** the group threads among `threads` (SPEC §3 groups) */
  groups: ChatThreadRow[];
  /** the viewer's unread messages across threads (the shell's badge) */
  unread_total: number;
  /** the viewer's own chosen status */
  status: ChatStatus | null;
};

/** Events pushed on a thread's channel (`private-thread.{id}`), the member's own (`private-user.{id}`) and the company's (statuses). */
export const CHAT_EVENTS = {
  message: 'chat.message',
  updated: 'chat.message.updated',
  deleted: 'chat.message.deleted',
  typing: 'chat.typing',
  read: 'chat.read',
  thread: 'chat.thread',
  status: 'chat.status',
} as const;

/** A thread's channel: only its members may join (server/modules/chat/live.ts). */
export const threadChannel = (threadId: number) => `private-thread.${threadId}`;
