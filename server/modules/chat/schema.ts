import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ChatAttachment, ChatStatus, ChatThreadType } from '../../../common/schemas/chat.js';
import { searchIndexes } from '../../db/search-index.js';
import { tenantTable } from '../../db/tenant-table.js';
import { users } from '../tenancy/schema.js';

/**
 * A conversation between members of one company (docs/decisions/0045-chat.md): `direct` between
 * two members (one per pair, `direct_key` = "<lower id>:<higher id>") or a named `group` with
 * admins. `last_message_id` / `last_message_at` are moved by the statement that stores a message,
 * so the thread list sorts and shows its last line without reading the messages.
 */
export const chatThreads = tenantTable(
  'chat_threads',
  {
    type: text('type').$type<ChatThreadType>().notNull(),
    name: text('name'),
    directKey: text('direct_key'),
    createdBy: bigint('created_by', { mode: 'number' }),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('chat_threads_direct_unique').on(t.tenantId, t.directKey).where(sql`direct_key is not null`),
    index('chat_threads_activity_idx').on(t.tenantId, t.lastMessageAt, t.id),
  ],
);

/**
 * Who is in a thread. `last_read_message_id` is the member's read mark: the unread count is the
 * number of others' messages above it, counted in SQL on the messages' (thread, id) index.
 */
export const chatParticipants = tenantTable(
  'chat_participants',
  {
    threadId: bigint('thread_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.threadId], foreignColumns: [chatThreads.tenantId, chatThreads.id] }).onDelete('cascade'),
    uniqueIndex('chat_participants_member_unique').on(t.tenantId, t.threadId, t.userId),
    index('chat_participants_user_idx').on(t.tenantId, t.userId, t.threadId),
  ],
);

/**
 * A message. History is read by keyset on (thread_id, id), newest first. A message deleted for
 * everyone keeps its row (replies still point at it) with its text and attachments emptied.
 * Attachments are files of the media library, kept as what they were when sent.
 */
export const chatMessages = tenantTable(
  'chat_messages',
  {
    threadId: bigint('thread_id', { mode: 'number' }).notNull(),
    senderId: bigint('sender_id', { mode: 'number' }),
    body: text('body').notNull().default(''),
    replyToId: bigint('reply_to_id', { mode: 'number' }),
    attachments: jsonb('attachments').$type<ChatAttachment[]>().notNull().default([]),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'string' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    foreignKey({ columns: [t.tenantId, t.threadId], foreignColumns: [chatThreads.tenantId, chatThreads.id] }).onDelete('cascade'),
    index('chat_messages_thread_idx').on(t.tenantId, t.threadId, t.id),
    ...searchIndexes('chat_messages', t.body),
  ],
);

/** The status a member shows in chat (online, away, busy), per company. */
export const chatStatuses = tenantTable(
  'chat_statuses',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<ChatStatus>().notNull(),
  },
  (t) => [uniqueIndex('chat_statuses_user_unique').on(t.tenantId, t.userId)],
);
