import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CHAT_EVENTS, type ChatOverview } from '../../../common/answers/chat.js';
import {
  chatSearchSchema,
  editMessageSchema,
  markAsReadSchema,
  messagesQuerySchema,
  sendMessageSchema,
  storeGroupSchema,
  updateGroupSchema,
  updateStatusSchema,
} from '../../../common/schemas/chat.js';
import { rows } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { signedMediaUrl } from '../media/index.js';
import type { ChatLive } from './live.js';
import {
  contacts,
  createGroup,
  deleteMessage,
  directThread,
  editMessage,
  leaveGroup,
  markAsRead,
  memberIds,
  membershipOf,
  messagesPage,
  searchMessages,
  sendMessage,
  setStatus,
  statusOf,
  threadData,
  threadList,
  unreadTotal,
  updateGroup,
} from './service.js';

const ID = /^[1-9]\d{0,15}$/;
/** A path id, or the 404 of `what` (a word is never a record). */
const pathId = (req: FastifyRequest, what: string, key = 'id') => {
  const v = (req.params as Record<string, string | undefined>)[key];
  if (!v || !ID.test(v)) throw notFound(what);
  return Number(v);
};
const bodyOf = (req: FastifyRequest): Record<string, unknown> =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
const me = (req: FastifyRequest) => req.user!.id;
const company = (req: FastifyRequest) => req.tenant!.id;

/** Chat (SPEC §2 Chat, §7 Chat; docs/decisions/0045-chat.md): the two pages and the JSON endpoints. */
export function chatRoutes(app: FastifyInstance, live: ChatLive) {
  const config = app.ctx.config;

  app.get('/chat', { config: { access: 'chat.view' } }, (_req, reply) => reply.inertia('Chat/Overview', {}));

  app.get('/chat/threads/:id', { config: { access: 'chat.view' } }, async (req, reply) => {
    const id = pathId(req, 'Thread');
    const thread = await req.tenantTx((tx) => threadData(tx, company(req), id, me(req)));
    return reply.inertia('Chat/ShowThread', { thread });
  });

  // ---- SPEC §7 Chat

  app.get('/chat/get-contacts', { config: { access: 'chat.view' } }, async (req) => {
    const { search } = validate(chatSearchSchema, req.query);
    return { data: await req.tenantRead((tx) => contacts(tx, company(req), me(req), search)) };
  });

  // the direct thread with a member, made on first use; the page opens data.id
  app.get('/chat/get-contact-thread/:id', { config: { access: 'chat.view' } }, async (req) => {
    const other = pathId(req, 'User');
    const { data, created } = await req.tenantTx(async (tx) => {
      const t = await directThread(tx, company(req), me(req), other);
      return { data: await threadData(tx, company(req), t.id, me(req)), created: t.created };
    });
    if (created) live.toUsers(company(req), [other], CHAT_EVENTS.thread, { thread_id: data.id });
    return { data };
  });

  app.get('/chat/thread-data/:id', { config: { access: 'chat.view' } }, async (req) => {
    const id = pathId(req, 'Thread');
    return { data: await req.tenantTx((tx) => threadData(tx, company(req), id, me(req))) };
  });

  app.post('/chat/update-status', { config: { access: 'chat.view' } }, async (req) => {
    const { status } = validate(updateStatusSchema, bodyOf(req));
    await req.tenantTx((tx) => setStatus(tx, company(req), me(req), status));
    live.toCompany(company(req), CHAT_EVENTS.status, { user_id: me(req), status });
    return { message: 'Status updated', data: { status } };
  });

  app.post('/chat/send-message', { config: { access: 'chat.create' } }, async (req, reply) => {
    const input = validate(sendMessageSchema, bodyOf(req));
    const { message, members } = await req.tenantTx(async (tx) => {
      const m = await sendMessage(tx, company(req), me(req), input);
      return { message: m, members: await memberIds(tx, company(req), input.thread_id) };
    });
    live.toThread(company(req), input.thread_id, CHAT_EVENTS.message, message);
    live.toUsers(company(req), members, CHAT_EVENTS.message, { thread_id: input.thread_id, message_id: message.id, sender_id: me(req) });
    return reply.code(201).send({ message: 'Send Successfully', data: message });
  });

  app.get('/chat/get-messages/:id', { config: { access: 'chat.view' } }, async (req) => {
    const id = pathId(req, 'Thread');
    const q = validate(messagesQuerySchema, req.query);
    return req.tenantTx(async (tx) => {
      await membershipOf(tx, company(req), id, me(req));
      return messagesPage(tx, company(req), id, q.before_id, q.per_page);
    });
  });

  app.post('/chat/mark-as-read/:id', { config: { access: 'chat.view' } }, async (req) => {
    const id = pathId(req, 'Thread');
    const { message_id } = validate(markAsReadSchema, bodyOf(req));
    const data = await req.tenantTx(async (tx) => {
      const last = await markAsRead(tx, company(req), me(req), id, message_id);
      return { thread_id: id, last_read_message_id: last, unread_total: await unreadTotal(tx, company(req), me(req)) };
    });
    // the member's other tabs and the shell's badge; the thread's others see how far they read
    live.toUsers(company(req), [me(req)], CHAT_EVENTS.read, { ...data, user_id: me(req) });
    live.toThread(company(req), id, CHAT_EVENTS.read, { thread_id: id, user_id: me(req), last_read_message_id: data.last_read_message_id });
    return { message: 'Marked as read', data };
  });

  app.get('/chat/get-contact-with-threads', { config: { access: 'chat.view' } }, async (req) => {
    const { search } = validate(chatSearchSchema, req.query);
    const data = await req.tenantTx(async (tx): Promise<ChatOverview & { hits?: Awaited<ReturnType<typeof searchMessages>> }> => {
      const threads = await threadList(tx, company(req), me(req), { search });
      const overview: ChatOverview = {
        contacts: await contacts(tx, company(req), me(req), search),
        threads: threads.map(({ last_read_message_id: _, ...t }) => t),
        groups: threads.filter((t) => t.type === 'group').map(({ last_read_message_id: _, ...t }) => t),
        unread_total: await unreadTotal(tx, company(req), me(req)),
        status: await statusOf(tx, company(req), me(req)),
      };
      return search ? { ...overview, hits: await searchMessages(tx, company(req), me(req), search) } : overview;
    });
    return { data };
  });

  // ---- beyond SPEC §7: what the pages need for replies, edits, deletes, groups, typing and attachments

  app.get('/chat/unread', { config: { access: 'chat.view', activity: false } }, async (req) => ({
    data: { unread_total: await req.tenantRead((tx) => unreadTotal(tx, company(req), me(req))) },
  }));

  app.put('/chat/messages/update/:id', { config: { access: 'chat.update' } }, async (req) => {
    const id = pathId(req, 'Message');
    const { body } = validate(editMessageSchema, bodyOf(req));
    const data = await req.tenantTx((tx) => editMessage(tx, company(req), me(req), id, body));
    live.toThread(company(req), data.thread_id, CHAT_EVENTS.updated, data);
    return { message: 'Message updated', data };
  });

  app.delete('/chat/messages/delete/:id', { config: { access: 'chat.delete' } }, async (req) => {
    const id = pathId(req, 'Message');
    const { data, members } = await req.tenantTx(async (tx) => {
      const m = await deleteMessage(tx, company(req), me(req), id);
      return { data: m, members: await memberIds(tx, company(req), m.thread_id) };
    });
    live.toThread(company(req), data.thread_id, CHAT_EVENTS.deleted, data);
    live.toUsers(company(req), members, CHAT_EVENTS.deleted, { thread_id: data.thread_id, message_id: id });
    return { message: 'Delete Successfully', data };
  });

  app.post('/chat/groups/store', { config: { access: 'chat.create' } }, async (req, reply) => {
    const input = validate(storeGroupSchema, bodyOf(req));
    const { data, members } = await req.tenantTx(async (tx) => {
      const id = await createGroup(tx, company(req), me(req), input);
      return { data: await threadData(tx, company(req), id, me(req)), members: await memberIds(tx, company(req), id) };
    });
    live.toUsers(company(req), members, CHAT_EVENTS.thread, { thread_id: data.id });
    return reply.code(201).send({ message: 'Group created', data });
  });

  app.put('/chat/groups/update/:id', { config: { access: 'chat.update' } }, async (req) => {
    const id = pathId(req, 'Group');
    const input = validate(updateGroupSchema, bodyOf(req));
    const { data, members, removed } = await req.tenantTx(async (tx) => {
      const r = await updateGroup(tx, company(req), me(req), id, input);
      return { data: await threadData(tx, company(req), id, me(req)), members: await memberIds(tx, company(req), id), removed: r.removed };
    });
    live.toUsers(company(req), [...members, ...removed], CHAT_EVENTS.thread, { thread_id: id });
    live.toThread(company(req), id, CHAT_EVENTS.thread, { thread_id: id });
    return { message: 'Group updated', data };
  });

  app.post('/chat/groups/:id/leave', { config: { access: 'chat.view' } }, async (req) => {
    const id = pathId(req, 'Group');
    const members = await req.tenantTx(async (tx) => {
      await leaveGroup(tx, company(req), me(req), id);
      return memberIds(tx, company(req), id);
    });
    live.toUsers(company(req), [...members, me(req)], CHAT_EVENTS.thread, { thread_id: id });
    live.toThread(company(req), id, CHAT_EVENTS.thread, { thread_id: id });
    return { message: 'You left the group' };
  });

  // "is typing": pushed to the thread's other members; the page repeats it while the member types
  app.post('/chat/typing/:id', { config: { access: 'chat.view', activity: false } }, async (req) => {
    const id = pathId(req, 'Thread');
    await req.tenantRead((tx) => membershipOf(tx, company(req), id, me(req)));
    live.toThread(company(req), id, CHAT_EVENTS.typing, { thread_id: id, user_id: me(req), name: req.user!.name });
    return { message: 'Typing' };
  });

  // an attachment, for the members of the message's thread: a short-lived signed address of the media library's file
  const variants = z.enum(['original', 'thumb']);
  app.get('/chat/attachments/:message/:file/:variant', { config: { access: 'chat.view' } }, async (req, reply) => {
    const messageId = pathId(req, 'File', 'message');
    const fileId = pathId(req, 'File', 'file');
    const variant = variants.safeParse((req.params as { variant: string }).variant);
    if (!variant.success) throw notFound('File');
    await req.tenantTx(async (tx) => {
      const [m] = await rows<{ thread_id: number }>(
        tx,
        sql`select thread_id from chat_messages
             where tenant_id = ${company(req)} and id = ${messageId} and deleted_at is null
               and attachments @> ${JSON.stringify([{ id: fileId }])}::jsonb`,
      );
      if (!m) throw notFound('File');
      await membershipOf(tx, company(req), Number(m.thread_id), me(req)).catch(() => {
        throw notFound('File');
      });
    });
    return reply.header('cache-control', 'private, no-store').redirect(signedMediaUrl(config, company(req), fileId, variant.data, 300), 302);
  });
}
