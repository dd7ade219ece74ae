import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_EVENTS, threadChannel, type ChatMessageRow, type ChatThreadData } from '../../../common/answers/chat.js';
import { companyChannel, userChannel } from '../../../common/realtime.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { TestSocket } from '../../testing/realtime.js';
import { addMember } from '../users/test-helpers.js';

/**
 * Chat's live delivery over real sockets (issue 22): only a thread's members may join its channel
 * (another member, another company and a guest are refused), and a message, an edit, a delete,
 * "is typing", a read mark and a status reach the members who listen.
 */
let t: TestApp;
let base: string;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;
let amina: Awaited<ReturnType<typeof addMember>>;
let brian: Awaited<ReturnType<typeof addMember>>;
const clients: Record<'owner' | 'amina' | 'brian' | 'other', TestClient> = {} as never;
const sockets: TestSocket[] = [];
let thread: ChatThreadData;

const socketFor = async (client: TestClient) => {
  const s = new TestSocket(base, t.config.realtime.key, client);
  sockets.push(s);
  await s.signIn();
  return s;
};
const channelAuth = async (client: TestClient, channel_name: string) =>
  (await client.json('POST', '/broadcasting/auth', { socket_id: 'AbCdEfGhIjKlMnOpQrSt', channel_name })).statusCode;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedTenant(t.database, 'Live Alpha');
  b = await seedTenant(t.database, 'Live Beta');
  amina = await addMember(t.database, a.tenantId, 'campaign-manager', 'amina@live-alpha.test', 'Amina');
  brian = await addMember(t.database, a.tenantId, 'accountant', 'brian@live-alpha.test', 'Brian');
  for (const [k, email, password] of [
    ['owner', a.email, a.password],
    ['amina', amina.email, amina.password],
    ['brian', brian.email, brian.password],
    ['other', b.email, b.password],
  ] as const) {
    clients[k] = new TestClient(t.app);
    await clients[k].login(email, password);
  }
  thread = (await clients.owner.json('GET', `/chat/get-contact-thread/${amina.userId}`)).json().data;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // two companies, three members and five sign-ins (scrypt): slow on a loaded machine
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

describe('the thread channel private-thread.{id}', () => {
  it('is signed for the thread’s members only', async () => {
    expect(await channelAuth(clients.owner, threadChannel(thread.id))).toBe(200);
    expect(await channelAuth(clients.amina, threadChannel(thread.id))).toBe(200);
    // a member of the company outside the thread, another company, a thread that does not exist
    expect(await channelAuth(clients.brian, threadChannel(thread.id))).toBe(403);
    expect(await channelAuth(clients.other, threadChannel(thread.id))).toBe(403);
    expect(await channelAuth(clients.owner, threadChannel(99999999))).toBe(403);
    expect(await channelAuth(clients.owner, 'private-thread.abc')).toBe(403);
  });

  it('refuses a non-member’s socket even with a signature borrowed from a member', async () => {
    const owner = await socketFor(clients.owner);
    const signed = (await clients.owner.json('POST', '/broadcasting/auth', { socket_id: owner.socket.id, channel_name: threadChannel(thread.id) })).json();
    const intruder = await socketFor(clients.brian);
    expect(await intruder.subscribeWith(threadChannel(thread.id), signed)).toBe(403);
    await expect(intruder.subscribe(threadChannel(thread.id))).rejects.toThrow('auth answered 403');
  });
});

describe('live delivery', () => {
  it('a message, its edit and its delete reach the other member on the thread’s channel, a notice on their own channel', async () => {
    const listener = await socketFor(clients.amina);
    expect(await listener.subscribe(threadChannel(thread.id))).toBe('subscribed');
    expect(await listener.subscribe(userChannel(amina.userId))).toBe('subscribed');

    const sent = (await clients.owner.json('POST', '/chat/send-message', { thread_id: thread.id, body: 'Live hello' })).json().data as ChatMessageRow;
    const pushed = (await listener.next(CHAT_EVENTS.message, threadChannel(thread.id), (p) => (p as ChatMessageRow).id === sent.id)) as ChatMessageRow;
    expect(pushed).toEqual(sent);
    expect(await listener.next(CHAT_EVENTS.message, userChannel(amina.userId), (p) => (p as { message_id: number }).message_id === sent.id)).toEqual({
      thread_id: thread.id,
      message_id: sent.id,
      sender_id: a.userId,
    });

    await clients.owner.json('PUT', `/chat/messages/update/${sent.id}`, { body: 'Live hello (edited)' });
    const edited = (await listener.next(CHAT_EVENTS.updated, threadChannel(thread.id))) as ChatMessageRow;
    expect(edited).toMatchObject({ id: sent.id, body: 'Live hello (edited)' });
    expect(edited.edited_at).not.toBeNull();

    await clients.owner.json('DELETE', `/chat/messages/delete/${sent.id}`);
    expect(await listener.next(CHAT_EVENTS.deleted, threadChannel(thread.id))).toMatchObject({ id: sent.id, body: '' });
  });

  it('"is typing", a read mark and a status change reach those listening', async () => {
    const listener = await socketFor(clients.amina);
    await listener.subscribe(threadChannel(thread.id));
    await listener.subscribe(companyChannel(a.tenantId));
    expect((await clients.owner.json('POST', `/chat/typing/${thread.id}`, {})).statusCode).toBe(200);
    expect(await listener.next(CHAT_EVENTS.typing, threadChannel(thread.id))).toEqual({ thread_id: thread.id, user_id: a.userId, name: 'Live Alpha Owner' });
    await clients.owner.json('POST', `/chat/mark-as-read/${thread.id}`, {});
    expect(await listener.next(CHAT_EVENTS.read, threadChannel(thread.id))).toMatchObject({ thread_id: thread.id, user_id: a.userId });
    await clients.owner.json('POST', '/chat/update-status', { status: 'away' });
    expect(await listener.next(CHAT_EVENTS.status, companyChannel(a.tenantId))).toEqual({ user_id: a.userId, status: 'away' });
  });
});
