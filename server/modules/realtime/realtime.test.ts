import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NOTIFICATION_CREATED, ONLINE_USERS, S2C, STATS_CHANNEL, companyChannel, userChannel } from '../../../common/realtime.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { broadcast } from '../../realtime/broadcast.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { TestSocket, until } from '../../testing/realtime.js';
import { notify } from '../notifications/service.js';
import { addMember } from '../users/test-helpers.js';

let t: TestApp;
let base: string;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;
let member: Awaited<ReturnType<typeof addMember>>;
let owner: TestClient;
let colleague: TestClient;
const sockets: TestSocket[] = [];

const socketFor = (client: TestClient | null, key = t.config.realtime.key) => {
  const s = new TestSocket(base, key, client);
  sockets.push(s);
  return s;
};

beforeAll(async () => {
  t = await createTestApp();
  a = await seedTenant(t.database, 'Alpha');
  b = await seedTenant(t.database, 'Beta');
  member = await addMember(t.database, a.tenantId, 'organiser', 'colleague@alpha.test', 'Colleague');
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  colleague = new TestClient(t.app);
  await colleague.login(member.email, member.password);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 180_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const SOCKET = 'AbCdEfGhIjKlMnOpQrSt';
/** Samples the tests take are dated two hours ahead, on a minute: after any the hub's own timer takes meanwhile. */
const AHEAD = Math.floor(Date.now() / 60_000) * 60_000 + 2 * 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

describe('POST /broadcasting/auth and /broadcasting/user-auth', () => {
  it('signs the channels a member may join: their own, their company\'s, online-users', async () => {
    const own = await owner.json('POST', '/broadcasting/auth', { socket_id: SOCKET, channel_name: userChannel(a.userId) });
    expect(own.statusCode).toBe(200);
    expect(own.json().auth).toMatch(new RegExp(`^${t.config.realtime.key}:[0-9a-f]{64}$`));
    expect((await owner.json('POST', '/broadcasting/auth', { socket_id: SOCKET, channel_name: companyChannel(a.tenantId) })).statusCode).toBe(200);
    const presence = await owner.json('POST', '/broadcasting/auth', { socket_id: SOCKET, channel_name: ONLINE_USERS });
    expect(JSON.parse(presence.json().channel_data)).toEqual({ user_id: a.userId, user_info: { name: 'Alpha Owner', avatar_url: null } });
    const user = await owner.json('POST', '/broadcasting/user-auth', { socket_id: SOCKET });
    expect(JSON.parse(user.json().user_data)).toEqual({ id: a.userId, company_id: a.tenantId, name: 'Alpha Owner' });
  });

  it('refuses another company\'s channel, another user\'s channel, unknown channels and missing permissions', async () => {
    const refused = async (client: TestClient, channel_name: string) => (await client.json('POST', '/broadcasting/auth', { socket_id: SOCKET, channel_name })).statusCode;
    expect(await refused(owner, companyChannel(b.tenantId))).toBe(403);
    expect(await refused(owner, userChannel(b.userId))).toBe(403);
    expect(await refused(owner, userChannel(member.userId))).toBe(403);
    expect(await refused(owner, 'private-nobody-knows.1')).toBe(403);
    expect(await refused(owner, 'public-news')).toBe(403);
    // the organiser may not see the admin's figures; the owner may
    expect(await refused(colleague, STATS_CHANNEL)).toBe(403);
    expect(await refused(owner, STATS_CHANNEL)).toBe(200);
    expect(await refused(owner, 'private-user.1:x')).toBe(422);
    expect((await owner.json('POST', '/broadcasting/auth', { socket_id: 'x', channel_name: userChannel(a.userId) })).statusCode).toBe(422);
  });

  it('needs the session and the CSRF header', async () => {
    for (const url of ['/broadcasting/auth', '/broadcasting/user-auth']) {
      const body = { socket_id: SOCKET, channel_name: userChannel(a.userId) };
      expect((await owner.post(url, body, { json: true, xsrf: false })).statusCode).toBe(419);
      const guest = new TestClient(t.app);
      await guest.get('/login');
      expect((await guest.json('POST', url, body)).statusCode).toBe(401);
    }
  });
});

describe('the websocket server', () => {
  it('refuses a connection with another application key', async () => {
    await expect(socketFor(null, 'wrong-key-123').connect()).rejects.toThrow('Invalid application key.');
  });

  it('pushes a notification to its user after the transaction commits, never when it rolls back', async () => {
    const s = socketFor(owner);
    await s.signIn();
    expect(await s.subscribe(userChannel(a.userId))).toBe('subscribed');
    await withTenant(t.database, a.tenantId, async (tx) => {
      await notify(tx, a.tenantId, { userId: a.userId, type: 'test', title: 'Rolled back' });
      throw new Error('roll back');
    }).catch(() => undefined);
    await withTenant(t.database, a.tenantId, (tx) => notify(tx, a.tenantId, { userId: a.userId, type: 'security', title: 'Committed', important: true }));
    const pushed = await s.next(NOTIFICATION_CREATED, userChannel(a.userId));
    expect(pushed).toMatchObject({ title: 'Committed', type: 'security', important: true, body: null });
    // NOTIFY keeps the order of commits: had the rolled-back one been sent, it would have come first
    expect(s.received.filter((r) => r.event === NOTIFICATION_CREATED).map((r) => (r.payload as { title: string }).title)).toEqual(['Committed']);
  });

  it('refuses a signature made for another connection or company, and private channels before signing in', async () => {
    const s = socketFor(owner);
    await s.connect();
    expect(await s.subscribeWith(userChannel(a.userId), { auth: 'x' })).toBe(401);
    await s.signIn();
    const other = await owner.json('POST', '/broadcasting/auth', { socket_id: SOCKET, channel_name: userChannel(a.userId) });
    expect(await s.subscribeWith(userChannel(a.userId), other.json())).toBe(403);
    // a colleague's own channel with the colleague's signature for this socket still names the colleague's company only
    const beta = new TestClient(t.app);
    await beta.login(b.email, b.password);
    const betaSig = await beta.json('POST', '/broadcasting/auth', { socket_id: s.socket.id, channel_name: userChannel(b.userId) });
    expect(await s.subscribeWith(userChannel(b.userId), betaSig.json())).toBe(403);
  });

  it('broadcast() reaches the company\'s subscribers only, public channels included', async () => {
    const mine = socketFor(owner);
    await mine.signIn();
    await mine.subscribe('news');
    await mine.subscribe(companyChannel(a.tenantId));
    broadcast(b.tenantId, 'news', 'story', { n: 0 });
    broadcast(a.tenantId, 'news', 'story', { n: 1 });
    broadcast(a.tenantId, companyChannel(a.tenantId), 'task.updated', { id: 9 });
    expect(await mine.next('task.updated', companyChannel(a.tenantId))).toEqual({ id: 9 });
    await mine.next('story', 'news');
    expect(mine.received.filter((r) => r.channel === 'news').map((r) => r.payload)).toEqual([{ n: 1 }]);
  });

  it('presence: joining and leaving are pushed to the others and recorded with the page', async () => {
    const first = socketFor(owner);
    await first.signIn();
    expect(await first.subscribe(ONLINE_USERS, { page: '/users' })).toBe('subscribed');
    const here = (await first.next(S2C.presenceHere, ONLINE_USERS)) as { user_id: number }[];
    expect(here.map((m) => m.user_id)).toEqual([a.userId]);

    const second = socketFor(colleague);
    await second.signIn();
    await second.subscribe(ONLINE_USERS, { page: '/dashboard' });
    const both = (await second.next(S2C.presenceHere, ONLINE_USERS)) as { user_id: number }[];
    expect(both.map((m) => m.user_id).sort()).toEqual([a.userId, member.userId].sort());
    expect(await first.next(S2C.presenceJoining, ONLINE_USERS)).toEqual({ user_id: member.userId, user_info: { name: 'Colleague', avatar_url: null } });

    // a second tab of the same user is no new member
    const tab = socketFor(colleague);
    await tab.signIn();
    await tab.subscribe(ONLINE_USERS, { page: '/notifications' });
    second.close();
    tab.close();
    expect(await first.next(S2C.presenceLeaving, ONLINE_USERS)).toMatchObject({ user_id: member.userId });
    expect(first.received.filter((r) => r.event === S2C.presenceJoining)).toHaveLength(1);
    expect(first.received.filter((r) => r.event === S2C.presenceLeaving)).toHaveLength(1);

    const log = await until(async () => {
      const r = await withTenant(t.database, a.tenantId, (tx) =>
        rows<{ user_id: number; action: string; page: string | null }>(tx, sql`select user_id, action, page from presence_log where user_id = ${member.userId} order by id`),
      );
      return r.length === 2 ? r : null;
    });
    expect(log).toEqual([
      { user_id: member.userId, action: 'join', page: '/dashboard' },
      { user_id: member.userId, action: 'leave', page: null },
    ]);
  });

  it('samples the figures, keeps them per company and shows them to the admin only', async () => {
    const s = socketFor(owner);
    await s.signIn();
    await s.subscribe(STATS_CHANNEL);
    broadcast(a.tenantId, 'news', 'story', {});
    const figures = await t.app.ctx.realtime.sample(new Date(AHEAD + 30_000));
    const alpha = figures.find((f) => f.companyId === a.tenantId)!;
    expect(alpha.connections).toBeGreaterThanOrEqual(1);
    expect(alpha.channels).toBeGreaterThanOrEqual(2);
    expect(alpha.messages).toBeGreaterThanOrEqual(1);
    await s.next('stats.sampled', STATS_CHANNEL);
    const page = (await owner.get('/realtime/json', { json: true })).json();
    expect(page.data[0]).toEqual({ at: iso(AHEAD), connections: alpha.connections, channels: alpha.channels, messages: alpha.messages });
    expect((await colleague.get('/realtime/json', { json: true })).statusCode).toBe(403);
    expect((await owner.get('/realtime', { inertia: true })).json().component).toBe('Realtime/Index');
  });

  it('keeps at most 50 samples', async () => {
    for (let i = 1; i <= 55; i++) await t.app.ctx.realtime.sample(new Date(AHEAD + i * 60_000));
    const page = (await owner.get('/realtime/json', { json: true })).json();
    expect(page.data).toHaveLength(50);
    expect(page.data[0].at).toBe(iso(AHEAD + 55 * 60_000));
  });
});
