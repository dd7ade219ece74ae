import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_CREATED, ONLINE_USERS, S2C, companyChannel, userChannel } from '../../../common/realtime.js';
import { buildApp } from '../../app.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { TestSocket, until } from '../../testing/realtime.js';
import { notify } from '../notifications/service.js';
import { addMember } from '../users/test-helpers.js';

// Several instances share channels and presence through @socket.io/postgres-adapter, which needs
// PostgreSQL's LISTEN/NOTIFY between processes; PGlite is one process, where no adapter is needed.
const onPostgres = Boolean(inject('dbUrl'));

describe.skipIf(!onPostgres)('two instances of the app on one PostgreSQL (skipped on PGlite: one process, no adapter)', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let baseA: string;
  let baseB: string;
  let a: Awaited<ReturnType<typeof seedTenant>>;
  let member: Awaited<ReturnType<typeof addMember>>;
  const sockets: TestSocket[] = [];

  const address = (app: FastifyInstance) => {
    const at = app.server.address();
    return `http://127.0.0.1:${typeof at === 'object' && at ? at.port : 0}`;
  };

  beforeAll(async () => {
    t = await createTestApp();
    // the second instance: the same configuration and database, its own connections and port
    second = await buildApp(t.config, { migrate: false, logger: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await second.listen({ port: 0, host: '127.0.0.1' });
    baseA = address(t.app);
    baseB = address(second);
    a = await seedTenant(t.database, 'Alpha');
    member = await addMember(t.database, a.tenantId, 'organiser', 'colleague@alpha.test', 'Colleague');
    // each adapter has heard the other's heartbeat: messages flow both ways
    for (const app of [t.app, second]) await until(async () => (await app.ctx.realtime.io!.of('/').adapter.serverCount()) >= 2, 15_000, 'both instances');
  }, 180_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await second?.close();
    await t?.close();
  });

  const connect = async (base: string, email: string, password: string, app: FastifyInstance) => {
    const client = new TestClient(app);
    await client.login(email, password);
    const s = new TestSocket(base, t.config.realtime.key, client);
    sockets.push(s);
    await s.signIn();
    return s;
  };

  it('a message published on one instance reaches a client of the other', async () => {
    const onA = await connect(baseA, a.email, a.password, t.app);
    const onB = await connect(baseB, member.email, member.password, second);
    await onA.subscribe(companyChannel(a.tenantId));
    await onB.subscribe(companyChannel(a.tenantId));
    t.app.ctx.realtime.publish({ companyId: a.tenantId, channel: companyChannel(a.tenantId), event: 'task.updated', payload: { from: 'A' } });
    expect(await onB.next('task.updated', companyChannel(a.tenantId))).toEqual({ from: 'A' });
    expect(await onA.next('task.updated', companyChannel(a.tenantId))).toEqual({ from: 'A' });
  });

  it('presence is shared: each sees the other, and leaving on one instance reaches the other', async () => {
    const onA = await connect(baseA, a.email, a.password, t.app);
    await onA.subscribe(ONLINE_USERS, { page: '/users' });
    const onB = await connect(baseB, member.email, member.password, second);
    await onB.subscribe(ONLINE_USERS, { page: '/dashboard' });
    const here = (await onB.next(S2C.presenceHere, ONLINE_USERS)) as { user_id: number }[];
    expect(here.map((m) => m.user_id).sort()).toEqual([a.userId, member.userId].sort());
    expect(await onA.next(S2C.presenceJoining, ONLINE_USERS)).toMatchObject({ user_id: member.userId });
    onB.close();
    expect(await onA.next(S2C.presenceLeaving, ONLINE_USERS)).toMatchObject({ user_id: member.userId });
  });

  it('a notification committed anywhere is pushed once to the user\'s pages on every instance', async () => {
    const onA = await connect(baseA, member.email, member.password, t.app);
    const onB = await connect(baseB, member.email, member.password, second);
    await onA.subscribe(userChannel(member.userId));
    await onB.subscribe(userChannel(member.userId));
    await withTenant(t.database, a.tenantId, (tx) => notify(tx, a.tenantId, { userId: member.userId, type: 'test', title: 'Across instances' }));
    for (const s of [onA, onB]) expect(await s.next(NOTIFICATION_CREATED, userChannel(member.userId))).toMatchObject({ title: 'Across instances' });
    // a later message on the same channel proves nothing more of the first was coming
    t.app.ctx.realtime.publish({ companyId: a.tenantId, channel: userChannel(member.userId), event: 'marker', payload: null });
    for (const s of [onA, onB]) {
      await s.next('marker', userChannel(member.userId));
      expect(s.received.filter((r) => r.event === NOTIFICATION_CREATED)).toHaveLength(1);
    }
  });
});
