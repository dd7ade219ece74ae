import { sql, type SQL } from 'drizzle-orm';
import type { ChatContact, ChatMessageRow, ChatParticipant, ChatQuoted, ChatSearchHit, ChatThreadData, ChatThreadRow } from '../../../common/answers/chat.js';
import { CHAT_UNREAD_CAP, type ChatAttachment, type ChatStatus } from '../../../common/schemas/chat.js';
import { rows, type Tx } from '../../db/client.js';
import { fieldError, forbidden, HttpError, notFound } from '../../http/errors.js';
import { findMediaFile } from '../media/index.js';

// The rules of chat (docs/decisions/0045-chat.md). Every function runs inside the company's
// row-level-secured transaction and scopes each statement by tenant_id too. A thread the member
// is not in answers 404, exactly like another company's thread: its existence is not revealed.

const iso = (v: SQL) => sql`to_char(${v} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const avatar = (u: string) => sql.raw(`case when ${u}.avatar is null or ${u}.avatar = '' then null else '/avatars/' || ${u}.avatar end`);
/** LIKE's wildcards taken literally */
export const likePattern = (phrase: string) => `%${phrase.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const directKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

/** The address of an attachment: through chat, which checks the viewer is in the thread (routes.ts). */
export const attachmentUrl = (messageId: number, fileId: number, variant: 'original' | 'thumb' = 'original') =>
  `/chat/attachments/${messageId}/${fileId}/${variant}`;

/** A message's columns (alias m), with its sender and the message it replies to; `extra` columns and joins for a caller's own. */
const messageSelect = (extraColumns: SQL = sql``, extraJoins: SQL = sql``) => sql`
  select m.id, m.thread_id, m.sender_id, su.name as sender_name, m.body,
         case when q.id is null then null else json_build_object(
           'id', q.id, 'sender_id', q.sender_id, 'sender_name', qu.name,
           'body', case when q.deleted_at is null then left(q.body, 200) else '' end,
           'deleted', q.deleted_at is not null) end as reply_to,
         m.attachments, ${iso(sql`m.edited_at`)} as edited_at, ${iso(sql`m.deleted_at`)} as deleted_at, ${iso(sql`m.created_at`)} as created_at
         ${extraColumns}
    from chat_messages m
    left join users su on su.id = m.sender_id
    left join chat_messages q on q.tenant_id = m.tenant_id and q.id = m.reply_to_id
    left join users qu on qu.id = q.sender_id
    ${extraJoins}`;
const MESSAGE_SELECT = messageSelect();

interface MessageRecord extends Omit<ChatMessageRow, 'attachments' | 'reply_to'> {
  attachments: ChatAttachment[];
  reply_to: ChatQuoted | null;
}

export function messageAnswer(r: MessageRecord): ChatMessageRow {
  const id = Number(r.id);
  return {
    id,
    thread_id: Number(r.thread_id),
    sender_id: r.sender_id === null ? null : Number(r.sender_id),
    sender_name: r.sender_name,
    body: r.body,
    reply_to: r.reply_to && { ...r.reply_to, id: Number(r.reply_to.id), sender_id: r.reply_to.sender_id === null ? null : Number(r.reply_to.sender_id) },
    attachments: (r.attachments ?? []).map((a) => ({
      ...a,
      url: attachmentUrl(id, a.id),
      thumb_url: a.kind === 'image' ? attachmentUrl(id, a.id, 'thumb') : null,
    })),
    edited_at: r.edited_at,
    deleted_at: r.deleted_at,
    created_at: r.created_at,
  };
}

export async function messageById(tx: Tx, tenantId: number, id: number): Promise<ChatMessageRow | null> {
  const [r] = await rows<MessageRecord>(tx, sql`${MESSAGE_SELECT} where m.tenant_id = ${tenantId} and m.id = ${id}`);
  return r ? messageAnswer(r) : null;
}

export interface Membership {
  thread_id: number;
  type: 'direct' | 'group';
  is_admin: boolean;
  last_read_message_id: number;
}

/** The member's place in a thread, or the 404 (not in it, or no such thread in this company). */
export async function membershipOf(tx: Tx, tenantId: number, threadId: number, userId: number): Promise<Membership> {
  const [m] = await rows<Membership>(
    tx,
    sql`select p.thread_id, t.type, p.is_admin, p.last_read_message_id
          from chat_participants p join chat_threads t on t.tenant_id = p.tenant_id and t.id = p.thread_id
         where p.tenant_id = ${tenantId} and p.thread_id = ${threadId} and p.user_id = ${userId}`,
  );
  if (!m) throw notFound('Thread');
  return { ...m, thread_id: Number(m.thread_id), last_read_message_id: Number(m.last_read_message_id) };
}

/** The ids of a thread's members (to push to each one's own channel). */
export async function memberIds(tx: Tx, tenantId: number, threadId: number): Promise<number[]> {
  const r = await rows<{ user_id: number }>(tx, sql`select user_id from chat_participants where tenant_id = ${tenantId} and thread_id = ${threadId}`);
  return r.map((x) => Number(x.user_id));
}

/** The active members of the company among `ids` (the others are not anyone to chat with). */
async function activeMembers(tx: Tx, tenantId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const r = await rows<{ user_id: number }>(
    tx,
    sql`select user_id from memberships where tenant_id = ${tenantId} and status = 'active' and user_id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return new Set(r.map((x) => Number(x.user_id)));
}

// ---------------------------------------------------------------------------------------------
// The thread list: names, last line and unread counts in one statement

const unreadOf = (p: string) =>
  sql.raw(`(select count(*)::int from (select 1 from chat_messages um
      where um.tenant_id = ${p}.tenant_id and um.thread_id = ${p}.thread_id and um.id > ${p}.last_read_message_id
        and um.sender_id is distinct from ${p}.user_id and um.deleted_at is null
      limit ${CHAT_UNREAD_CAP}) c)`);

interface ThreadRecord extends ChatThreadRow {
  last_read_message_id: number;
}

function threadAnswer(r: ThreadRecord): ChatThreadRow & { last_read_message_id: number } {
  return {
    ...r,
    id: Number(r.id),
    contact_id: r.contact_id === null ? null : Number(r.contact_id),
    unread_count: Number(r.unread_count),
    last_read_message_id: Number(r.last_read_message_id),
    last_message: r.last_message && {
      ...r.last_message,
      id: Number(r.last_message.id),
      sender_id: r.last_message.sender_id === null ? null : Number(r.last_message.sender_id),
    },
  };
}

/** The most threads the list answers (the newest by activity); older ones are reached through search. */
export const THREAD_LIST_MAX = 200;

/** The member's threads, newest activity first, each with its unread count and last message, in one statement. */
export async function threadList(tx: Tx, tenantId: number, userId: number, opts: { threadId?: number; search?: string } = {}): Promise<ThreadRecord[]> {
  const conditions = [sql`p.tenant_id = ${tenantId}`, sql`p.user_id = ${userId}`];
  if (opts.threadId !== undefined) conditions.push(sql`p.thread_id = ${opts.threadId}`);
  if (opts.search) conditions.push(sql`coalesce(t.name, ou.name, '') ilike ${likePattern(opts.search)}`);
  const r = await rows<ThreadRecord>(
    tx,
    sql`select t.id, t.type, coalesce(t.name, ou.name, 'Former member') as name,
               case when t.type = 'direct' then o.user_id end as contact_id,
               p.is_admin, p.last_read_message_id, ${unreadOf('p')} as unread_count,
               case when lm.id is null then null else json_build_object(
                 'id', lm.id, 'sender_id', lm.sender_id, 'sender_name', lu.name,
                 'body', case when lm.deleted_at is null then left(lm.body, 200) else '' end,
                 'has_attachments', jsonb_array_length(lm.attachments) > 0,
                 'deleted', lm.deleted_at is not null, 'created_at', ${iso(sql`lm.created_at`)}) end as last_message,
               ${iso(sql`t.last_message_at`)} as last_message_at, ${iso(sql`t.created_at`)} as created_at
          from chat_participants p
          join chat_threads t on t.tenant_id = p.tenant_id and t.id = p.thread_id
          left join lateral (select op.user_id from chat_participants op
                              where op.tenant_id = t.tenant_id and op.thread_id = t.id and op.user_id <> p.user_id
                              order by op.id limit 1) o on t.type = 'direct'
          left join users ou on ou.id = o.user_id
          left join chat_messages lm on lm.tenant_id = t.tenant_id and lm.id = t.last_message_id
          left join users lu on lu.id = lm.sender_id
         where ${sql.join(conditions, sql` and `)}
         order by coalesce(t.last_message_at, t.created_at) desc, t.id desc
         limit ${THREAD_LIST_MAX}`,
  );
  return r.map(threadAnswer);
}

/** The member's unread messages across all their threads (each thread counted up to the cap), for the shell's badge. */
export async function unreadTotal(tx: Tx, tenantId: number, userId: number): Promise<number> {
  const [r] = await rows<{ total: number }>(
    tx,
    sql`select coalesce(sum(${unreadOf('p')}), 0)::int as total from chat_participants p where p.tenant_id = ${tenantId} and p.user_id = ${userId}`,
  );
  return Number(r.total);
}

export async function threadData(tx: Tx, tenantId: number, threadId: number, userId: number): Promise<ChatThreadData> {
  const [thread] = await threadList(tx, tenantId, userId, { threadId });
  if (!thread) throw notFound('Thread');
  const participants = await rows<ChatParticipant>(
    tx,
    sql`select u.id, u.name, u.email, ${avatar('u')} as avatar, p.is_admin
          from chat_participants p join users u on u.id = p.user_id
         where p.tenant_id = ${tenantId} and p.thread_id = ${threadId}
         order by p.is_admin desc, lower(u.name), u.id`,
  );
  return { ...thread, participants: participants.map((p) => ({ ...p, id: Number(p.id) })) };
}

// ---------------------------------------------------------------------------------------------
// Contacts and statuses

/** The company's other active members, with their chosen status and their direct thread with the viewer. */
export async function contacts(tx: Tx, tenantId: number, userId: number, search = ''): Promise<ChatContact[]> {
  const match = search ? sql`and (u.name ilike ${likePattern(search)} or u.email ilike ${likePattern(search)})` : sql``;
  const r = await rows<ChatContact>(
    tx,
    sql`select u.id, u.name, u.email, ${avatar('u')} as avatar, s.status, d.id as thread_id
          from memberships mb
          join users u on u.id = mb.user_id
          left join chat_statuses s on s.tenant_id = mb.tenant_id and s.user_id = u.id
          left join chat_threads d on d.tenant_id = mb.tenant_id
                and d.direct_key = least(u.id, ${userId}::bigint)::text || ':' || greatest(u.id, ${userId}::bigint)::text
         where mb.tenant_id = ${tenantId} and mb.status = 'active' and u.id <> ${userId} ${match}
         order by lower(u.name), u.id`,
  );
  return r.map((c) => ({ ...c, id: Number(c.id), thread_id: c.thread_id === null ? null : Number(c.thread_id) }));
}

export async function statusOf(tx: Tx, tenantId: number, userId: number): Promise<ChatStatus | null> {
  const [r] = await rows<{ status: ChatStatus }>(tx, sql`select status from chat_statuses where tenant_id = ${tenantId} and user_id = ${userId}`);
  return r?.status ?? null;
}

export async function setStatus(tx: Tx, tenantId: number, userId: number, status: ChatStatus) {
  await rows(
    tx,
    sql`insert into chat_statuses (tenant_id, user_id, status) values (${tenantId}, ${userId}, ${status})
        on conflict (tenant_id, user_id) do update set status = excluded.status, updated_at = now()`,
  );
}

// ---------------------------------------------------------------------------------------------
// Threads

/** The direct thread between the viewer and another active member, made on first use (one per pair). */
export async function directThread(tx: Tx, tenantId: number, userId: number, otherId: number): Promise<{ id: number; created: boolean }> {
  if (otherId === userId) throw fieldError('id', 'You cannot start a chat with yourself.');
  if (!(await activeMembers(tx, tenantId, [otherId])).has(otherId)) throw notFound('User');
  const key = directKey(userId, otherId);
  const made = await rows<{ id: number }>(
    tx,
    sql`insert into chat_threads (tenant_id, type, direct_key, created_by) values (${tenantId}, 'direct', ${key}, ${userId})
        on conflict (tenant_id, direct_key) where direct_key is not null do nothing returning id`,
  );
  const id = made[0] ? Number(made[0].id) : Number((await rows<{ id: number }>(tx, sql`select id from chat_threads where tenant_id = ${tenantId} and direct_key = ${key}`))[0].id);
  if (made[0]) {
    await rows(
      tx,
      sql`insert into chat_participants (tenant_id, thread_id, user_id) values (${tenantId}, ${id}, ${userId}), (${tenantId}, ${id}, ${otherId})
          on conflict do nothing`,
    );
  }
  return { id, created: Boolean(made[0]) };
}

async function checkMembers(tx: Tx, tenantId: number, ids: number[], field: string) {
  const active = await activeMembers(tx, tenantId, ids);
  const missing = ids.filter((i) => !active.has(i));
  if (missing.length) throw fieldError(field, 'The selected members are invalid.');
}

/** A group thread: the creator is its first admin. */
export async function createGroup(tx: Tx, tenantId: number, userId: number, input: { name: string; member_ids: number[] }): Promise<number> {
  const others = input.member_ids.filter((i) => i !== userId);
  await checkMembers(tx, tenantId, others, 'member_ids');
  const [t] = await rows<{ id: number }>(
    tx,
    sql`insert into chat_threads (tenant_id, type, name, created_by) values (${tenantId}, 'group', ${input.name}, ${userId}) returning id`,
  );
  const id = Number(t.id);
  const values = [sql`(${tenantId}, ${id}, ${userId}, true)`, ...others.map((o) => sql`(${tenantId}, ${id}, ${o}, false)`)];
  await rows(tx, sql`insert into chat_participants (tenant_id, thread_id, user_id, is_admin) values ${sql.join(values, sql`, `)}`);
  return id;
}

/** A group's admin renames it and sets its members and admins; the admin stays in it and stays an admin. */
export async function updateGroup(
  tx: Tx,
  tenantId: number,
  userId: number,
  threadId: number,
  input: { name: string; member_ids: number[]; admin_ids: number[] },
): Promise<{ removed: number[] }> {
  const me = await membershipOf(tx, tenantId, threadId, userId);
  if (me.type !== 'group') throw notFound('Group');
  if (!me.is_admin) throw forbidden('Only the group admins can change the group.');
  const members = [...new Set([userId, ...input.member_ids])];
  const admins = new Set([userId, ...input.admin_ids]);
  if ([...admins].some((a) => !members.includes(a))) throw fieldError('admin_ids', 'The admins must be members of the group.');
  const before = await memberIds(tx, tenantId, threadId);
  // a member already in the group may stay even if no longer active; new ones must be active members
  await checkMembers(tx, tenantId, members.filter((m) => !before.includes(m)), 'member_ids');
  const list = sql.join(members.map((m) => sql`${m}`), sql`, `);
  await rows(tx, sql`update chat_threads set name = ${input.name}, updated_at = now() where tenant_id = ${tenantId} and id = ${threadId}`);
  await rows(tx, sql`delete from chat_participants where tenant_id = ${tenantId} and thread_id = ${threadId} and user_id not in (${list})`);
  const values = members.map((m) => sql`(${tenantId}, ${threadId}, ${m}, ${admins.has(m)})`);
  await rows(
    tx,
    sql`insert into chat_participants (tenant_id, thread_id, user_id, is_admin) values ${sql.join(values, sql`, `)}
        on conflict (tenant_id, thread_id, user_id) do update set is_admin = excluded.is_admin, updated_at = now()`,
  );
  return { removed: before.filter((b) => !members.includes(b)) };
}

/** Leaves a group; the last admin leaving hands the group to its longest-standing member. */
export async function leaveGroup(tx: Tx, tenantId: number, userId: number, threadId: number) {
  const me = await membershipOf(tx, tenantId, threadId, userId);
  if (me.type !== 'group') throw notFound('Group');
  await rows(tx, sql`delete from chat_participants where tenant_id = ${tenantId} and thread_id = ${threadId} and user_id = ${userId}`);
  await rows(
    tx,
    sql`update chat_participants set is_admin = true, updated_at = now()
         where tenant_id = ${tenantId} and id = (select id from chat_participants where tenant_id = ${tenantId} and thread_id = ${threadId} order by id limit 1)
           and not exists (select 1 from chat_participants where tenant_id = ${tenantId} and thread_id = ${threadId} and is_admin)`,
  );
}

// ---------------------------------------------------------------------------------------------
// Messages

/** A page of history before `beforeId` (keyset on (thread_id, id)), answered oldest first. */
export async function messagesPage(tx: Tx, tenantId: number, threadId: number, beforeId: number | undefined, perPage: number) {
  const before = beforeId === undefined ? sql`` : sql`and m.id < ${beforeId}`;
  const r = await rows<MessageRecord>(
    tx,
    sql`${MESSAGE_SELECT} where m.tenant_id = ${tenantId} and m.thread_id = ${threadId} ${before} order by m.id desc limit ${perPage + 1}`,
  );
  const has_more = r.length > perPage;
  return { data: r.slice(0, perPage).reverse().map(messageAnswer), has_more, per_page: perPage };
}

/** The files of the media library a message attaches, as the message keeps them; a file not in the company is a 422. */
async function attachmentsOf(tx: Tx, tenantId: number, ids: number[]): Promise<ChatAttachment[]> {
  const out: ChatAttachment[] = [];
  for (const id of ids) {
    try {
      const f = await findMediaFile(tx, tenantId, id);
      out.push({ id: Number(f.id), name: f.original_name, mime: f.mime, kind: f.kind, size: Number(f.size) });
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) throw fieldError('attachment_ids', 'The selected attachment is invalid.');
      throw err;
    }
  }
  return out;
}

/** Stores a message from a member of the thread, moves the thread's last message and the sender's read mark. */
export async function sendMessage(
  tx: Tx,
  tenantId: number,
  userId: number,
  input: { thread_id: number; body: string; reply_to_id: number | null; attachment_ids: number[] },
): Promise<ChatMessageRow> {
  await membershipOf(tx, tenantId, input.thread_id, userId);
  if (input.reply_to_id !== null) {
    const [q] = await rows(tx, sql`select 1 from chat_messages where tenant_id = ${tenantId} and id = ${input.reply_to_id} and thread_id = ${input.thread_id}`);
    if (!q) throw fieldError('reply_to_id', 'The selected message is invalid.');
  }
  const attachments = await attachmentsOf(tx, tenantId, input.attachment_ids);
  const [m] = await rows<{ id: number; created_at: string }>(
    tx,
    sql`insert into chat_messages (tenant_id, thread_id, sender_id, body, reply_to_id, attachments)
        values (${tenantId}, ${input.thread_id}, ${userId}, ${input.body}, ${input.reply_to_id}, ${JSON.stringify(attachments)}::jsonb)
        returning id, created_at`,
  );
  await rows(
    tx,
    sql`update chat_threads set last_message_id = ${m.id}, last_message_at = ${m.created_at}, updated_at = now()
         where tenant_id = ${tenantId} and id = ${input.thread_id}`,
  );
  await rows(
    tx,
    sql`update chat_participants set last_read_message_id = greatest(last_read_message_id, ${m.id}), updated_at = now()
         where tenant_id = ${tenantId} and thread_id = ${input.thread_id} and user_id = ${userId}`,
  );
  return (await messageById(tx, tenantId, Number(m.id)))!;
}

/** A message the member may change: in a thread they are in (else 404), not deleted. */
async function ownMessage(tx: Tx, tenantId: number, userId: number, id: number, action: 'edit' | 'delete') {
  const [m] = await rows<{ thread_id: number; sender_id: number | null; deleted_at: string | null }>(
    tx,
    sql`select thread_id, sender_id, deleted_at from chat_messages where tenant_id = ${tenantId} and id = ${id}`,
  );
  if (!m) throw notFound('Message');
  const me = await membershipOf(tx, tenantId, Number(m.thread_id), userId).catch(() => {
    throw notFound('Message');
  });
  if (m.deleted_at) throw notFound('Message');
  const mine = Number(m.sender_id) === userId;
  // a group's admins may remove anyone's message; only its author may change its words
  if (!mine && !(action === 'delete' && me.type === 'group' && me.is_admin)) {
    throw forbidden(action === 'edit' ? 'You can only edit your own messages.' : 'You can only delete your own messages.');
  }
  return { threadId: Number(m.thread_id) };
}

export async function editMessage(tx: Tx, tenantId: number, userId: number, id: number, body: string): Promise<ChatMessageRow> {
  await ownMessage(tx, tenantId, userId, id, 'edit');
  await rows(tx, sql`update chat_messages set body = ${body}, edited_at = now(), updated_at = now() where tenant_id = ${tenantId} and id = ${id}`);
  return (await messageById(tx, tenantId, id))!;
}

/** Deletes a message for everyone: its row stays (replies quote "deleted"), its text and files go. */
export async function deleteMessage(tx: Tx, tenantId: number, userId: number, id: number): Promise<ChatMessageRow> {
  await ownMessage(tx, tenantId, userId, id, 'delete');
  await rows(
    tx,
    sql`update chat_messages set body = '', attachments = '[]'::jsonb, deleted_at = now(), updated_at = now() where tenant_id = ${tenantId} and id = ${id}`,
  );
  return (await messageById(tx, tenantId, id))!;
}

/** Moves the member's read mark to `messageId` (or the thread's last message); it never moves back. */
export async function markAsRead(tx: Tx, tenantId: number, userId: number, threadId: number, messageId: number | null): Promise<number> {
  const target = messageId === null ? sql`t.last_message_id` : sql`least(${messageId}::bigint, t.last_message_id)`;
  const r = await rows<{ last_read_message_id: number }>(
    tx,
    sql`update chat_participants p set last_read_message_id = greatest(p.last_read_message_id, coalesce(${target}, 0)), updated_at = now()
          from chat_threads t
         where p.tenant_id = ${tenantId} and p.thread_id = ${threadId} and p.user_id = ${userId}
           and t.tenant_id = p.tenant_id and t.id = p.thread_id
        returning p.last_read_message_id`,
  );
  if (!r[0]) throw notFound('Thread');
  return Number(r[0].last_read_message_id);
}

/** Messages matching a phrase in the member's threads, newest first (the search across threads). */
export async function searchMessages(tx: Tx, tenantId: number, userId: number, phrase: string, limit = 20): Promise<ChatSearchHit[]> {
  const r = await rows<MessageRecord & { thread_name: string }>(
    tx,
    sql`${messageSelect(
      sql`, coalesce(t.name, (select u.name from chat_participants op join users u on u.id = op.user_id
                               where op.tenant_id = t.tenant_id and op.thread_id = t.id and op.user_id <> ${userId} order by op.id limit 1), 'Former member') as thread_name`,
      sql`join chat_participants p on p.tenant_id = m.tenant_id and p.thread_id = m.thread_id and p.user_id = ${userId}
          join chat_threads t on t.tenant_id = m.tenant_id and t.id = m.thread_id`,
    )}
         where m.tenant_id = ${tenantId} and m.deleted_at is null and m.body ilike ${likePattern(phrase)}
         order by m.id desc limit ${limit}`,
  );
  return r.map(({ thread_name, ...m }) => ({ message: messageAnswer(m), thread_id: Number(m.thread_id), thread_name }));
}
