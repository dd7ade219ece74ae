import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatContact, ChatMessageRow, ChatMessagesPage, ChatOverview, ChatSearchHit, ChatThreadData } from '../../../common/answers/chat.js';
import { CHAT_MESSAGE_MAX } from '../../../common/schemas/chat.js';
import { multipartFile } from '../../http/import/testing.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';

/**
 * Chat over HTTP (issue 22): every endpoint of SPEC §7 Chat and the pages' own (edits, deletes,
 * groups, typing, attachments), with their 422s; a member outside a thread and another company's
 * ids answer 404 everywhere; unread counts and the keyset history.
 */
let t: TestApp;
let owner: TestClient;
let amina: TestClient;
let brian: TestClient;
let viewer: TestClient;
let other: TestClient;
let ids: { owner: number; amina: number; brian: number; viewer: number; other: number };

const ok = async (c: TestClient, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, status = 200) => {
  const r = await c.json(method, url, body);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(status);
  return r.json();
};
const status = async (c: TestClient, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => (await c.json(method, url, body)).statusCode;
const send = async (c: TestClient, thread_id: number, body: string, extra: Record<string, unknown> = {}) =>
  (await ok(c, 'POST', '/chat/send-message', { thread_id, body, ...extra }, 201)).data as ChatMessageRow;
const overview = async (c: TestClient, search = '') =>
  (await ok(c, 'GET', `/chat/get-contact-with-threads${search ? `?search=${encodeURIComponent(search)}` : ''}`)).data as ChatOverview & { hits?: ChatSearchHit[] };
const directWith = async (c: TestClient, userId: number) => (await ok(c, 'GET', `/chat/get-contact-thread/${userId}`)).data as ChatThreadData;

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Chat Alpha');
  const b = await seedTenant(t.database, 'Chat Beta');
  const am = await addMember(t.database, a.tenantId, 'campaign-manager', 'amina@chat-alpha.test', 'Amina Njeri');
  const br = await addMember(t.database, a.tenantId, 'accountant', 'brian@chat-alpha.test', 'Brian Otieno');
  const vi = await addMember(t.database, a.tenantId, 'viewer', 'viewer@chat-alpha.test', 'Vera Viewer');
  ids = { owner: a.userId, amina: am.userId, brian: br.userId, viewer: vi.userId, other: b.userId };
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  amina = new TestClient(t.app);
  await amina.login(am.email, am.password);
  brian = new TestClient(t.app);
  await brian.login(br.email, br.password);
  viewer = new TestClient(t.app);
  await viewer.login(vi.email, vi.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  // two companies, three members and five sign-ins (scrypt): slow on a loaded machine
}, 120_000);
afterAll(async () => t?.close());

describe('pages', () => {
  it('Chat/Overview and Chat/ShowThread render for a member; another company’s or a stranger’s thread is a 404', async () => {
    const r = await owner.get('/chat', { inertia: true });
    expect(r.statusCode).toBe(200);
    expect(r.json().component).toBe('Chat/Overview');
    const thread = await directWith(owner, ids.amina);
    const s = await owner.get(`/chat/threads/${thread.id}`, { inertia: true });
    expect(s.json()).toMatchObject({ component: 'Chat/ShowThread', props: { thread: { id: thread.id, name: 'Amina Njeri' } } });
    expect((await brian.get(`/chat/threads/${thread.id}`, { inertia: true })).statusCode).toBe(404);
    expect((await other.get(`/chat/threads/${thread.id}`, { inertia: true })).statusCode).toBe(404);
    expect((await owner.get('/chat/threads/abc', { inertia: true })).statusCode).toBe(404);
  });
});

describe('GET /chat/get-contacts', () => {
  it('lists the company’s other active members, never the viewer or another company’s', async () => {
    const { data } = (await ok(owner, 'GET', '/chat/get-contacts')) as { data: ChatContact[] };
    expect(data.map((c) => c.name)).toEqual(['Amina Njeri', 'Brian Otieno', 'Vera Viewer']);
    expect(data.map((c) => c.id)).not.toContain(ids.owner);
    expect(data.map((c) => c.id)).not.toContain(ids.other);
    const { data: found } = (await ok(owner, 'GET', '/chat/get-contacts?search=bri')) as { data: ChatContact[] };
    expect(found.map((c) => c.name)).toEqual(['Brian Otieno']);
    expect(await status(owner, 'GET', `/chat/get-contacts?search=${'x'.repeat(201)}`)).toBe(422);
  });

  it('needs chat.view and a session', async () => {
    expect((await new TestClient(t.app).json('GET', '/chat/get-contacts')).statusCode).toBe(401);
  });
});

describe('GET /chat/get-contact-thread/{id}', () => {
  it('answers the one direct thread of a pair (data.id), the same from either side', async () => {
    const a = await directWith(owner, ids.brian);
    const b = await directWith(owner, ids.brian);
    const c = await directWith(brian, ids.owner);
    expect(a.id).toBeGreaterThan(0);
    expect(b.id).toBe(a.id);
    expect(c.id).toBe(a.id);
    expect(a).toMatchObject({ type: 'direct', name: 'Brian Otieno', contact_id: ids.brian, unread_count: 0 });
    expect(c.name).toBe('Chat Alpha Owner');
    const { data } = (await ok(owner, 'GET', '/chat/get-contacts')) as { data: ChatContact[] };
    expect(data.find((x) => x.id === ids.brian)!.thread_id).toBe(a.id);
  });

  it('refuses another company’s user (404), oneself (422) and a word (404)', async () => {
    expect(await status(owner, 'GET', `/chat/get-contact-thread/${ids.other}`)).toBe(404);
    const self = await owner.json('GET', `/chat/get-contact-thread/${ids.owner}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.id).toEqual(['You cannot start a chat with yourself.']);
    expect(await status(owner, 'GET', '/chat/get-contact-thread/abc')).toBe(404);
    expect(await status(owner, 'GET', '/chat/get-contact-thread/99999999')).toBe(404);
  });
});

describe('POST /chat/send-message, GET /chat/get-messages/{id}', () => {
  it('stores a message for the thread’s members and pages history by keyset, oldest first within a page', async () => {
    const thread = await directWith(amina, ids.brian);
    const sent: ChatMessageRow[] = [];
    for (let i = 1; i <= 7; i++) sent.push(await send(amina, thread.id, `message ${i}`));
    expect(sent[0]).toMatchObject({ thread_id: thread.id, sender_id: ids.amina, sender_name: 'Amina Njeri', body: 'message 1', edited_at: null, deleted_at: null });
    const first = (await ok(brian, 'GET', `/chat/get-messages/${thread.id}?per_page=3`)) as ChatMessagesPage;
    expect(first.data.map((m) => m.body)).toEqual(['message 5', 'message 6', 'message 7']);
    expect(first.has_more).toBe(true);
    const second = (await ok(brian, 'GET', `/chat/get-messages/${thread.id}?per_page=3&before_id=${first.data[0].id}`)) as ChatMessagesPage;
    expect(second.data.map((m) => m.body)).toEqual(['message 2', 'message 3', 'message 4']);
    const last = (await ok(brian, 'GET', `/chat/get-messages/${thread.id}?per_page=3&before_id=${second.data[0].id}`)) as ChatMessagesPage;
    expect(last.data.map((m) => m.body)).toEqual(['message 1']);
    expect(last.has_more).toBe(false);
  });

  it('keeps text as text: HTML is stored and answered as the characters written', async () => {
    const thread = await directWith(owner, ids.amina);
    const m = await send(owner, thread.id, '<img src=x onerror=alert(1)> see https://example.com');
    expect(m.body).toBe('<img src=x onerror=alert(1)> see https://example.com');
  });

  it('refuses bad input with a 422 and stores nothing', async () => {
    const thread = await directWith(owner, ids.amina);
    const before = ((await ok(owner, 'GET', `/chat/get-messages/${thread.id}?per_page=100`)) as ChatMessagesPage).data.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ thread_id: thread.id, body: '   ' }, 'body'],
      [{ thread_id: thread.id, body: 'x'.repeat(CHAT_MESSAGE_MAX + 1) }, 'body'],
      [{ thread_id: 'abc', body: 'hi' }, 'thread_id'],
      [{ body: 'hi' }, 'thread_id'],
      [{ thread_id: thread.id, body: 'hi', attachment_ids: 'x' }, 'attachment_ids'],
      [{ thread_id: thread.id, body: 'hi', reply_to_id: 'x' }, 'reply_to_id'],
    ];
    for (const [body, field] of cases) {
      const r = await owner.json('POST', '/chat/send-message', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(r.json().errors), JSON.stringify(body)).toContain(field);
    }
    const after = ((await ok(owner, 'GET', `/chat/get-messages/${thread.id}?per_page=100`)) as ChatMessagesPage).data.length;
    expect(after).toBe(before);
    expect(await status(owner, 'GET', `/chat/get-messages/${thread.id}?per_page=101`)).toBe(422);
    expect(await status(owner, 'GET', `/chat/get-messages/${thread.id}?before_id=x`)).toBe(422);
  });

  it('a reply quotes a message of the same thread only', async () => {
    const thread = await directWith(owner, ids.amina);
    const q = await send(amina, thread.id, 'Can you check the budget?');
    const reply = await send(owner, thread.id, 'Yes, on it.', { reply_to_id: q.id });
    expect(reply.reply_to).toEqual({ id: q.id, sender_id: ids.amina, sender_name: 'Amina Njeri', body: 'Can you check the budget?', deleted: false });
    const elsewhere = await directWith(owner, ids.brian);
    const r = await owner.json('POST', '/chat/send-message', { thread_id: elsewhere.id, body: 'x', reply_to_id: q.id });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.reply_to_id).toEqual(['The selected message is invalid.']);
  });

  it('a member outside the thread cannot read, send to or mark it; another company neither (404)', async () => {
    const thread = await directWith(owner, ids.amina);
    for (const c of [brian, other]) {
      expect(await status(c, 'GET', `/chat/thread-data/${thread.id}`)).toBe(404);
      expect(await status(c, 'GET', `/chat/get-messages/${thread.id}`)).toBe(404);
      expect(await status(c, 'POST', '/chat/send-message', { thread_id: thread.id, body: 'let me in' })).toBe(404);
      expect(await status(c, 'POST', `/chat/mark-as-read/${thread.id}`, {})).toBe(404);
      expect(await status(c, 'POST', `/chat/typing/${thread.id}`, {})).toBe(404);
    }
    const msgs = ((await ok(owner, 'GET', `/chat/get-messages/${thread.id}`)) as ChatMessagesPage).data;
    expect(msgs.some((m) => m.body === 'let me in')).toBe(false);
  });

  it('a viewer (chat.view only) reads but may not send', async () => {
    const thread = await directWith(viewer, ids.owner);
    expect(await status(viewer, 'POST', '/chat/send-message', { thread_id: thread.id, body: 'hello' })).toBe(403);
    await send(owner, thread.id, 'Hello Vera');
    const page = (await ok(viewer, 'GET', `/chat/get-messages/${thread.id}`)) as ChatMessagesPage;
    expect(page.data.map((m) => m.body)).toEqual(['Hello Vera']);
  });

  it('attaches files of the company’s media library, served to the thread’s members only', async () => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#4669fa' } }).png().toBuffer();
    const upload = async (c: TestClient) => {
      const m = multipartFile('plan.png', png);
      const r = await c.request('POST', '/media/upload', { body: m.body, headers: { 'content-type': m.type }, json: true });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().data.id as number;
    };
    const mine = await upload(owner);
    const theirs = await upload(other);
    const thread = await directWith(owner, ids.amina);
    const bad = await owner.json('POST', '/chat/send-message', { thread_id: thread.id, body: '', attachment_ids: [theirs] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.attachment_ids).toEqual(['The selected attachment is invalid.']);
    const m = await send(owner, thread.id, '', { attachment_ids: [mine] });
    expect(m.attachments).toEqual([
      { id: mine, name: 'plan.png', mime: 'image/png', kind: 'image', size: png.length, url: `/chat/attachments/${m.id}/${mine}/original`, thumb_url: `/chat/attachments/${m.id}/${mine}/thumb` },
    ]);
    // amina (a member of the thread, no need of media.view) follows the address to the file's bytes
    const r = await amina.get(m.attachments[0].url);
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toMatch(new RegExp(`^http://kazi\\.test/media/public/\\d+/${mine}/original\\?expires=\\d+&signature=`));
    const file = await amina.get(String(r.headers.location).replace('http://kazi.test', ''));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    expect((await brian.get(m.attachments[0].url)).statusCode).toBe(404);
    expect((await other.get(m.attachments[0].url)).statusCode).toBe(404);
    expect((await amina.get(`/chat/attachments/${m.id}/${theirs}/original`)).statusCode).toBe(404);
  });
});

describe('unread counts, POST /chat/mark-as-read/{id}', () => {
  it('counts others’ unread messages per thread and in all, in SQL, and marking read clears them', async () => {
    const group = (await ok(owner, 'POST', '/chat/groups/store', { name: 'Unread check', member_ids: [ids.brian] }, 201)).data as ChatThreadData;
    const start = (await overview(owner)).unread_total;
    await send(brian, group.id, 'one');
    await send(brian, group.id, 'two');
    const three = await send(brian, group.id, 'three');
    await send(owner, group.id, 'my own messages never count');
    let o = await overview(owner);
    // the owner's own message moved their read mark past brian's
    expect(o.threads.find((x) => x.id === group.id)!.unread_count).toBe(0);
    expect(o.unread_total).toBe(start);
    await send(brian, group.id, 'four');
    await send(brian, group.id, 'five');
    o = await overview(owner);
    const row = o.threads.find((x) => x.id === group.id)!;
    expect(row.unread_count).toBe(2);
    expect(row.last_message).toMatchObject({ body: 'five', sender_name: 'Brian Otieno', deleted: false });
    expect(o.unread_total).toBe(start + 2);
    expect(o.groups.map((g) => g.id)).toContain(group.id);
    expect((await ok(owner, 'GET', '/chat/unread')).data.unread_total).toBe(start + 2);
    // the thread list is ordered by activity: this one is first
    expect(o.threads[0].id).toBe(group.id);

    // a mark never moves back
    const back = (await ok(owner, 'POST', `/chat/mark-as-read/${group.id}`, { message_id: three.id })).data;
    expect(back.unread_total).toBe(start + 2);
    const done = (await ok(owner, 'POST', `/chat/mark-as-read/${group.id}`, {})).data;
    expect(done).toMatchObject({ thread_id: group.id, unread_total: start });
    expect((await overview(owner)).threads.find((x) => x.id === group.id)!.unread_count).toBe(0);
    expect(await status(owner, 'POST', `/chat/mark-as-read/${group.id}`, { message_id: 'x' })).toBe(422);
    expect(await status(owner, 'POST', '/chat/mark-as-read/abc', {})).toBe(404);
  });
});

describe('PUT /chat/messages/update/{id}, DELETE /chat/messages/delete/{id}', () => {
  it('the author edits (edited mark) and deletes for everyone; others may not', async () => {
    const thread = await directWith(owner, ids.amina);
    const m = await send(owner, thread.id, 'Meeting at 10');
    const reply = await send(amina, thread.id, 'OK', { reply_to_id: m.id });
    expect(await status(amina, 'PUT', `/chat/messages/update/${m.id}`, { body: 'Meeting at 9' })).toBe(403);
    expect(await status(brian, 'PUT', `/chat/messages/update/${m.id}`, { body: 'x' })).toBe(404);
    expect(await status(other, 'PUT', `/chat/messages/update/${m.id}`, { body: 'x' })).toBe(404);
    expect(await status(owner, 'PUT', `/chat/messages/update/${m.id}`, { body: '  ' })).toBe(422);
    const edited = (await ok(owner, 'PUT', `/chat/messages/update/${m.id}`, { body: 'Meeting at 11' })).data as ChatMessageRow;
    expect(edited.body).toBe('Meeting at 11');
    expect(edited.edited_at).not.toBeNull();

    expect(await status(amina, 'DELETE', `/chat/messages/delete/${m.id}`)).toBe(403);
    expect(await status(other, 'DELETE', `/chat/messages/delete/${m.id}`)).toBe(404);
    const gone = (await ok(owner, 'DELETE', `/chat/messages/delete/${m.id}`)).data as ChatMessageRow;
    expect(gone).toMatchObject({ body: '', attachments: [] });
    expect(gone.deleted_at).not.toBeNull();
    const page = ((await ok(amina, 'GET', `/chat/get-messages/${thread.id}?per_page=100`)) as ChatMessagesPage).data;
    expect(page.find((x) => x.id === m.id)).toMatchObject({ body: '', deleted_at: gone.deleted_at });
    expect(page.find((x) => x.id === reply.id)!.reply_to).toMatchObject({ id: m.id, body: '', deleted: true });
    // a deleted message is not edited or deleted again
    expect(await status(owner, 'PUT', `/chat/messages/update/${m.id}`, { body: 'back' })).toBe(404);
    expect(await status(owner, 'DELETE', `/chat/messages/delete/${m.id}`)).toBe(404);
  });
});

describe('groups', () => {
  it('a group has a name, members and admins; only admins change it; a removed member loses it', async () => {
    const bad = await owner.json('POST', '/chat/groups/store', { name: 'Mixed', member_ids: [ids.amina, ids.other] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.member_ids).toEqual(['The selected members are invalid.']);
    expect(await status(owner, 'POST', '/chat/groups/store', { name: '', member_ids: [ids.amina] })).toBe(422);
    expect(await status(owner, 'POST', '/chat/groups/store', { name: 'Empty', member_ids: [] })).toBe(422);
    const g = (await ok(owner, 'POST', '/chat/groups/store', { name: 'Field team', member_ids: [ids.amina, ids.brian] }, 201)).data as ChatThreadData;
    expect(g).toMatchObject({ type: 'group', name: 'Field team', is_admin: true });
    // admins first, then by name
    expect(g.participants.map((p) => [p.name, p.is_admin])).toEqual([
      ['Chat Alpha Owner', true],
      ['Amina Njeri', false],
      ['Brian Otieno', false],
    ]);
    expect(await status(amina, 'PUT', `/chat/groups/update/${g.id}`, { name: 'Mine now', member_ids: [ids.amina] })).toBe(403);
    expect(await status(other, 'PUT', `/chat/groups/update/${g.id}`, { name: 'x', member_ids: [] })).toBe(404);
    const bad2 = await owner.json('PUT', `/chat/groups/update/${g.id}`, { name: 'Field team', member_ids: [ids.amina], admin_ids: [ids.brian] });
    expect(bad2.statusCode).toBe(422);
    const updated = (await ok(owner, 'PUT', `/chat/groups/update/${g.id}`, { name: 'Field crew', member_ids: [ids.amina], admin_ids: [ids.amina] })).data as ChatThreadData;
    expect(updated.name).toBe('Field crew');
    expect(updated.participants.map((p) => p.id).sort()).toEqual([ids.owner, ids.amina].sort());
    expect(updated.participants.every((p) => p.is_admin)).toBe(true);
    expect(await status(brian, 'GET', `/chat/thread-data/${g.id}`)).toBe(404);
    // a direct thread is not a group
    const direct = await directWith(owner, ids.amina);
    expect(await status(owner, 'PUT', `/chat/groups/update/${direct.id}`, { name: 'x', member_ids: [ids.amina] })).toBe(404);
    // leaving: the member is out; the others stay
    await ok(owner, 'POST', `/chat/groups/${g.id}/leave`, {});
    expect(await status(owner, 'GET', `/chat/thread-data/${g.id}`)).toBe(404);
    expect(((await ok(amina, 'GET', `/chat/thread-data/${g.id}`)).data as ChatThreadData).participants.map((p) => p.id)).toEqual([ids.amina]);
  });
});

describe('POST /chat/update-status', () => {
  it('stores online, away or busy; other members see it; anything else is a 422', async () => {
    expect((await ok(amina, 'POST', '/chat/update-status', { status: 'busy' })).data).toEqual({ status: 'busy' });
    const { data } = (await ok(owner, 'GET', '/chat/get-contacts')) as { data: ChatContact[] };
    expect(data.find((c) => c.id === ids.amina)!.status).toBe('busy');
    expect((await overview(amina)).status).toBe('busy');
    const r = await amina.json('POST', '/chat/update-status', { status: 'invisible' });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.status).toEqual(['The status must be online, away or busy.']);
    expect((await overview(amina)).status).toBe('busy');
  });
});

describe('search across threads (GET /chat/get-contact-with-threads?search=)', () => {
  it('finds messages in the member’s own threads only, and threads and contacts by name', async () => {
    const mine = await directWith(owner, ids.amina);
    await send(owner, mine.id, 'The borehole survey is ready');
    const theirs = await directWith(amina, ids.brian);
    await send(amina, theirs.id, 'Borehole invoice for Brian');
    const o = await overview(owner, 'borehole');
    expect(o.hits!.map((h) => h.message.body)).toEqual(['The borehole survey is ready']);
    expect(o.hits![0]).toMatchObject({ thread_id: mine.id, thread_name: 'Amina Njeri' });
    const b = await overview(brian, 'BOREHOLE');
    expect(b.hits!.map((h) => h.message.body)).toEqual(['Borehole invoice for Brian']);
    const byName = await overview(owner, 'amina');
    expect(byName.threads.map((x) => x.name)).toEqual(['Amina Njeri']);
    expect(byName.contacts.map((x) => x.name)).toEqual(['Amina Njeri']);
    // wildcards are literal
    expect((await overview(owner, '%')).hits).toEqual([]);
  });
});
