import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  channelKind,
  CHANNEL_NAME,
  ONLINE_USERS,
  STATS_CHANNEL,
  STATS_SAMPLED,
  STATS_TIMELINE_MAX,
  type ChannelAuth,
  type PresenceMember,
  type StatsSample,
  type UserAuth,
} from '../../../common/realtime.js';
import { rows } from '../../db/client.js';
import { forbidden } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { broadcast } from '../../realtime/broadcast.js';
import { defineChannel, findChannel } from '../../realtime/channels.js';
import type { CompanyFigures, PresenceEvent } from '../../realtime/hub.js';

/** Socket.IO's connection ids: 20 characters of base64url. */
const SOCKET_ID = /^[A-Za-z0-9_-]{16,40}$/;

const channelAuthBody = z.object({
  socket_id: z.string().regex(SOCKET_ID, 'The socket id is not valid.'),
  channel_name: z.string().regex(CHANNEL_NAME, 'The channel name is not valid.'),
});
const userAuthBody = z.object({ socket_id: z.string().regex(SOCKET_ID, 'The socket id is not valid.') });

/** The member a user joins presence channels as, unless a rule says otherwise. */
const memberOf = (req: FastifyRequest): PresenceMember => ({
  user_id: req.user!.id,
  user_info: { name: req.user!.name, avatar_url: req.user!.avatar_url },
});

/**
 * The channels every company has: a member's own channel, the company's channel, the
 * `online-users` presence channel and the admin's figures. Every rule runs for a signed-in
 * member of the session's company only (the route refuses the rest).
 */
function defineCoreChannels() {
  defineChannel('private-user.{id}', (req, p) => Number(p.id) === req.user!.id);
  defineChannel('private-company.{id}', (req, p) => Number(p.id) === req.tenant!.id);
  defineChannel(ONLINE_USERS, (req) => memberOf(req));
  defineChannel(STATS_CHANNEL, (req) => req.permissions.has('realtime.view'));
}

/** An instance's name in the figures table: one per process. */
const INSTANCE = randomBytes(6).toString('hex');

export async function realtimeRoutes(app: FastifyInstance) {
  defineCoreChannels();
  const { realtime, database } = app.ctx;
  const signer = realtime.signer;

  // Laravel Echo's endpoints (SPEC §7): the session's cookie and the X-XSRF-TOKEN header
  // (every POST checks it), a member signed in to a company, and a rule that lets them in.
  app.post('/broadcasting/auth', { config: { access: 'authenticated', activity: false } }, async (req): Promise<ChannelAuth> => {
    const body = validate(channelAuthBody, req.body);
    if (!req.tenant) throw forbidden();
    const kind = channelKind(body.channel_name);
    if (kind === 'public') throw forbidden('A public channel needs no authorization.');
    const rule = findChannel(body.channel_name);
    if (!rule) throw forbidden();
    const answer = await rule.authorize(req, rule.params);
    if (!answer) throw forbidden();
    if (kind === 'private') return { auth: signer.sign(signer.channelText(body.socket_id, req.tenant.id, body.channel_name)) };
    const member = answer === true ? memberOf(req) : { ...answer, user_id: req.user!.id };
    const channelData = JSON.stringify(member);
    return { auth: signer.sign(signer.channelText(body.socket_id, req.tenant.id, body.channel_name, channelData)), channel_data: channelData };
  });

  app.post('/broadcasting/user-auth', { config: { access: 'authenticated', activity: false } }, async (req): Promise<UserAuth> => {
    const body = validate(userAuthBody, req.body);
    if (!req.tenant) throw forbidden();
    const userData = JSON.stringify({ id: req.user!.id, company_id: req.tenant.id, name: req.user!.name });
    return { auth: signer.sign(signer.userText(body.socket_id, userData)), user_data: userData };
  });

  // The admin's view of the realtime server (SPEC §9): a sample every 60 s, the last 50 kept.
  app.get('/realtime', { config: { access: 'realtime.view' } }, (_req, reply) => reply.inertia('Realtime/Index', {}));
  app.get('/realtime/json', { config: { access: 'realtime.view' } }, async (req) => ({ data: await timeline(req) }));

  realtime.use({
    presence: (e) => recordPresence(e),
    sample: async (at, figures) => {
      await recordFigures(at, figures);
      for (const f of figures) broadcast(f.companyId, STATS_CHANNEL, STATS_SAMPLED, { at: at.toISOString() });
    },
  });

  async function recordPresence(e: PresenceEvent) {
    await database.scoped({ tenantId: e.companyId }, (tx) =>
      tx.execute(sql`insert into presence_log (tenant_id, user_id, channel, action, page, created_at, updated_at)
                     values (${e.companyId}, ${e.userId}, ${e.channel}, ${e.action}, ${e.page}, ${e.at.toISOString()}, ${e.at.toISOString()})`),
    );
  }

  /**
   * Each company's row of this minute, in the company's own transaction (row-level security),
   * and its rows older than the timeline dropped: a company keeps at most 50 minutes' rows.
   */
  async function recordFigures(at: Date, figures: CompanyFigures[]) {
    const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();
    for (const f of figures) {
      await database.scoped({ tenantId: f.companyId }, async (tx) => {
        await tx.execute(sql`insert into realtime_stats (tenant_id, instance, at, connections, channels, messages)
                             values (${f.companyId}, ${INSTANCE}, ${minute}, ${f.connections}, ${f.channels}, ${f.messages})`);
        await tx.execute(sql`delete from realtime_stats where tenant_id = ${f.companyId}
                                and at <= ${minute}::timestamptz - make_interval(mins => ${STATS_TIMELINE_MAX})`);
      });
    }
  }

  async function timeline(req: FastifyRequest): Promise<StatsSample[]> {
    return req.tenantRead((tx) =>
      rows<StatsSample>(
        tx,
        sql`select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at, sum(connections)::int as connections,
                   sum(channels)::int as channels, sum(messages)::int as messages
              from realtime_stats where tenant_id = ${req.tenant!.id}
             group by at order by at desc limit ${STATS_TIMELINE_MAX}`,
      ),
    );
  }

}
