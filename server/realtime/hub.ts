import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import { C2S, CHANNEL_NAME, channelKind, REALTIME_PATH, S2C, STATS_INTERVAL_MS, type PresenceMember } from '../../common/realtime.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { installBroadcaster, NOTIFY_CHANNEL, parseNotified, type Broadcaster, type RealtimeMessage } from './broadcast.js';
import { Signer } from './channels.js';

/** Who a connection signed in as (`/broadcasting/user-auth`). */
export interface SocketUser {
  id: number;
  company_id: number;
  name: string;
}

/** What a connection carries; plain JSON, as the adapter hands it to the other instances (fetchSockets). */
interface SocketData {
  user: SocketUser | null;
  /** the presence channels it is in, with the member it joined as */
  presence: Record<string, PresenceMember>;
}

export interface PresenceEvent {
  companyId: number;
  userId: number;
  channel: string;
  action: 'join' | 'leave';
  /** the page the browser was on when it joined or left (its path) */
  page: string | null;
  at: Date;
}

/** One company's figures on this instance over the last interval. */
export interface CompanyFigures {
  companyId: number;
  connections: number;
  channels: number;
  messages: number;
}

export interface RealtimeHooks {
  /** a user's first connection joined a presence channel, or their last left it (across instances) */
  presence?: (e: PresenceEvent) => Promise<void>;
  /** every STATS_INTERVAL_MS: the figures of each company with connections or messages */
  sample?: (at: Date, figures: CompanyFigures[]) => Promise<void>;
}

const room = (companyId: number | null, channel: string) => `${companyId ?? 0}/${channel}`;
const page = (v: unknown) => (typeof v === 'string' && v.startsWith('/') ? v.slice(0, 500) : null);

/**
 * The Socket.IO server on the app's own HTTP server (docs/decisions/0044-realtime.md).
 * Connections sign in, subscribe with signatures from `/broadcasting/auth`, and receive what
 * `broadcast()` publishes. On PostgreSQL the instances share rooms through
 * `@socket.io/postgres-adapter`; on PGlite (one process) the in-memory adapter serves.
 */
export class RealtimeHub implements Broadcaster {
  readonly signer: Signer;
  io: Server | null = null;
  private readonly hooks: RealtimeHooks[] = [];
  private pool: pg.Pool | null = null;
  private listener: pg.Client | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private uninstall: (() => void) | null = null;
  private closed = false;
  private reconnect: NodeJS.Timeout | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** messages published per company since the last sample */
  private messages = new Map<number, number>();

  constructor(
    private readonly opts: { config: Config; database: Database; log: FastifyBaseLogger },
  ) {
    this.signer = new Signer(opts.config.realtime.key, opts.config.appKey);
  }

  /** Adds what an area does with presence changes and samples (the realtime module records them). */
  use(hooks: RealtimeHooks) {
    this.hooks.push(hooks);
  }

  /** Starts serving websockets on `server` (before it listens) and takes over `broadcast()`. */
  async start(server: HttpServer) {
    const { config, database, log } = this.opts;
    const io = new Server(server, { path: REALTIME_PATH, serveClient: false, pingInterval: 25_000, pingTimeout: 20_000, maxHttpBufferSize: 100_000 });
    this.io = io;
    if (database.kind === 'pg' && config.databaseUrl) {
      // the adapter's own pool: one connection it LISTENs on for good, one it publishes on, so
      // that what one instance publishes goes out in the order it was published (a chat's messages)
      this.pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
      this.pool.on('error', (err) => log.warn({ err }, 'realtime: database connection lost'));
      // The adapter LISTENs on a client of this pool. When the server ends that connection (a
      // PostgreSQL restart) the adapter takes another but neither handles the client's 'error',
      // which would end the process, nor gives the dead one back, which would hold pool.end() (a
      // clean shutdown) for ever: both are done here.
      const out = new Set<pg.PoolClient>();
      this.pool.on('acquire', (client) => out.add(client));
      this.pool.on('release', (_err, client) => out.delete(client));
      this.pool.on('connect', (client) => {
        client.on('error', (err) => log.warn({ err }, 'realtime: database connection lost'));
        client.on('end', () => {
          if (out.has(client)) client.release(new Error('the database ended the connection'));
        });
      });
      io.adapter(createAdapter(this.pool, { errorHandler: (err) => log.warn({ err }, 'realtime adapter') }));
      await this.listenPg();
    } else if (database.pglite) {
      this.unlisten = await database.pglite.listen(NOTIFY_CHANNEL, (text) => this.deliverNotified(text));
    }
    io.use((socket, next) => {
      const key = (socket.handshake.auth as { key?: unknown } | undefined)?.key;
      if (key !== this.signer.key) return next(new Error('Invalid application key.'));
      next();
    });
    io.on('connection', (socket) => this.connected(socket));
    this.uninstall = installBroadcaster(this);
    this.timer = setInterval(() => void this.sample(), STATS_INTERVAL_MS);
    this.timer.unref();
  }

  private async listenPg() {
    const client = new pg.Client({ connectionString: this.opts.config.databaseUrl! });
    try {
      await client.connect();
      client.on('notification', (msg) => {
        if (msg.channel === NOTIFY_CHANNEL && msg.payload) this.deliverNotified(msg.payload);
      });
      client.on('error', () => this.relisten());
      client.on('end', () => this.relisten());
      await client.query(`listen ${NOTIFY_CHANNEL}`);
      this.listener = client;
    } catch (err) {
      this.opts.log.warn({ err }, 'realtime: cannot listen for messages, retrying');
      void client.end().catch(() => undefined);
      this.relisten();
    }
  }

  private relisten() {
    if (this.closed || this.reconnect) return;
    if (this.listener) {
      void this.listener.end().catch(() => undefined);
      this.listener = null;
    }
    this.reconnect = setTimeout(() => {
      this.reconnect = null;
      void this.listenPg();
    }, 2_000);
    this.reconnect.unref();
  }

  /** A message committed by some transaction: every instance delivers it to its own connections. */
  private deliverNotified(text: string) {
    const m = parseNotified(text);
    if (!m || !this.io) return;
    this.count(m.companyId);
    this.io.local.to(room(m.companyId, m.channel)).emit(m.event, m.channel, m.payload);
  }

  publish(m: RealtimeMessage, opts?: { except?: string }) {
    if (!this.io) return;
    this.count(m.companyId);
    const target = this.io.to(room(m.companyId, m.channel));
    (opts?.except ? target.except(opts.except) : target).emit(m.event, m.channel, m.payload);
  }

  private count(companyId: number | null) {
    if (companyId !== null) this.messages.set(companyId, (this.messages.get(companyId) ?? 0) + 1);
  }

  private connected(socket: Socket) {
    const data: SocketData = { user: null, presence: {} };
    socket.data = data;

    socket.on(C2S.signin, (msg: unknown, ack?: unknown) => {
      const m = (msg ?? {}) as { auth?: unknown; user_data?: unknown };
      const reply = typeof ack === 'function' ? (ack as (r: unknown) => void) : () => undefined;
      if (typeof m.user_data !== 'string' || !this.signer.verify(this.signer.userText(socket.id, m.user_data), m.auth)) {
        return reply({ ok: false, status: 403 });
      }
      const u = JSON.parse(m.user_data) as SocketUser;
      // another company than before: its subscriptions were in the old one
      if (data.user && data.user.company_id !== u.company_id) void this.leaveAll(socket, null);
      data.user = { id: u.id, company_id: u.company_id, name: u.name };
      reply({ ok: true });
    });

    socket.on(C2S.subscribe, (msg: unknown) => void this.subscribe(socket, (msg ?? {}) as Record<string, unknown>).catch((err) => this.opts.log.warn({ err }, 'realtime subscribe')));
    socket.on(C2S.unsubscribe, (msg: unknown) => {
      const m = (msg ?? {}) as { channel?: unknown; page?: unknown };
      if (typeof m.channel === 'string') void this.unsubscribe(socket, m.channel, page(m.page));
    });
    socket.on(C2S.clientEvent, (msg: unknown) => {
      const m = (msg ?? {}) as { channel?: unknown; event?: unknown; data?: unknown };
      if (typeof m.channel !== 'string' || typeof m.event !== 'string' || !m.event.startsWith('client-') || m.event.length > 100) return;
      if (channelKind(m.channel) === 'public' || !data.user) return;
      const r = room(data.user.company_id, m.channel);
      if (!socket.rooms.has(r)) return;
      this.count(data.user.company_id);
      socket.to(r).emit(m.event, m.channel, m.data ?? null);
    });
    socket.on('disconnect', () => void this.leaveAll(socket, null));
  }

  private async subscribe(socket: Socket, m: Record<string, unknown>) {
    const data = socket.data as SocketData;
    const channel = m.channel;
    if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) return;
    const refuse = (status: number, message: string) => socket.emit(S2C.subscriptionError, channel, status, message);
    const kind = channelKind(channel);
    const user = data.user;
    if (kind === 'public') {
      await socket.join(room(user?.company_id ?? null, channel));
      socket.emit(S2C.subscribed, channel);
      return;
    }
    if (!user) return refuse(401, 'Sign the connection in first.');
    const channelData = kind === 'presence' ? m.channel_data : undefined;
    if (kind === 'presence' && typeof channelData !== 'string') return refuse(403, 'A presence channel needs channel data.');
    if (!this.signer.verify(this.signer.channelText(socket.id, user.company_id, channel, channelData as string | undefined), m.auth)) {
      return refuse(403, 'Invalid signature.');
    }
    const r = room(user.company_id, channel);
    if (kind === 'private') {
      await socket.join(r);
      socket.emit(S2C.subscribed, channel);
      return;
    }
    const member = JSON.parse(channelData as string) as PresenceMember;
    if (data.presence[channel]) {
      socket.emit(S2C.subscribed, channel);
      return;
    }
    data.presence[channel] = member;
    await socket.join(r);
    const sockets = await this.io!.in(r).fetchSockets();
    const members = new Map<number, PresenceMember>();
    let already = false;
    for (const s of sockets) {
      const other = (s.data as SocketData).presence?.[channel];
      if (!other) continue;
      members.set(other.user_id, other);
      if (s.id !== socket.id && other.user_id === member.user_id) already = true;
    }
    socket.emit(S2C.subscribed, channel);
    socket.emit(S2C.presenceHere, channel, [...members.values()]);
    if (!already) {
      socket.to(r).emit(S2C.presenceJoining, channel, member);
      await this.presence({ companyId: user.company_id, userId: member.user_id, channel, action: 'join', page: page(m.page), at: new Date() });
    }
  }

  private async unsubscribe(socket: Socket, channel: string, from: string | null) {
    const data = socket.data as SocketData;
    const r = room(data.user?.company_id ?? null, channel);
    await socket.leave(r);
    const member = data.presence[channel];
    if (member && data.user) {
      delete data.presence[channel];
      await this.left(data.user.company_id, channel, member, from);
    }
  }

  /** Leaves every channel (disconnect, or signing in to another company). */
  private async leaveAll(socket: Socket, from: string | null) {
    const data = socket.data as SocketData;
    const user = data.user;
    const presence = data.presence;
    data.presence = {};
    for (const r of socket.rooms) if (r !== socket.id) await socket.leave(r);
    if (!user) return;
    for (const [channel, member] of Object.entries(presence)) await this.left(user.company_id, channel, member, from);
  }

  /** A member's connection left: they leave the channel when it was their last one on any instance. */
  private async left(companyId: number, channel: string, member: PresenceMember, from: string | null) {
    if (!this.io || this.closed) return;
    const r = room(companyId, channel);
    const rest = await this.io.in(r).fetchSockets();
    if (rest.some((s) => (s.data as SocketData).presence?.[channel]?.user_id === member.user_id)) return;
    this.io.to(r).emit(S2C.presenceLeaving, channel, member);
    await this.presence({ companyId, userId: member.user_id, channel, action: 'leave', page: from, at: new Date() });
  }

  private async presence(e: PresenceEvent) {
    for (const h of this.hooks) {
      try {
        await h.presence?.(e);
      } catch (err) {
        this.opts.log.warn({ err }, 'realtime: recording presence failed');
      }
    }
  }

  /** This instance's figures since the last call, per company, handed to the hooks (every STATS_INTERVAL_MS). */
  async sample(at = new Date()): Promise<CompanyFigures[]> {
    const figures = new Map<number, CompanyFigures>();
    const of = (companyId: number) => {
      let f = figures.get(companyId);
      if (!f) figures.set(companyId, (f = { companyId, connections: 0, channels: 0, messages: 0 }));
      return f;
    };
    if (this.io) {
      for (const socket of this.io.of('/').sockets.values()) {
        const user = (socket.data as SocketData).user;
        if (user) of(user.company_id).connections++;
      }
      for (const [name, members] of this.io.of('/').adapter.rooms) {
        const slash = name.indexOf('/');
        const companyId = Number(name.slice(0, slash));
        if (slash > 0 && companyId > 0 && members.size > 0) of(companyId).channels++;
      }
    }
    for (const [companyId, n] of this.messages) of(companyId).messages += n;
    this.messages = new Map();
    const list = [...figures.values()];
    for (const h of this.hooks) {
      try {
        await h.sample?.(at, list);
      } catch (err) {
        this.opts.log.warn({ err }, 'realtime: recording figures failed');
      }
    }
    return list;
  }

  /** Disconnects every connection and lets go of the database; the HTTP server is the app's to close. */
  async close() {
    if (this.closed) return;
    this.closed = true;
    this.uninstall?.();
    if (this.reconnect) clearTimeout(this.reconnect);
    if (this.timer) clearInterval(this.timer);
    const io = this.io;
    if (io) {
      io.local.disconnectSockets(true);
      await io.of('/').adapter.close();
      io.engine.close();
    }
    await this.unlisten?.().catch(() => undefined);
    if (this.listener) {
      this.listener.removeAllListeners();
      await this.listener.end().catch(() => undefined);
      this.listener = null;
    }
    await this.pool?.end().catch(() => undefined);
  }
}
