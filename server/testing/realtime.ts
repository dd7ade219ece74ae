import { io, type Socket } from 'socket.io-client';
import { C2S, REALTIME_PATH, S2C, type ChannelAuth, type UserAuth } from '../../common/realtime.js';
import type { TestClient } from './client.js';

/** What a test socket has received: every event with its channel and payload, in order. */
export interface Received {
  event: string;
  channel: string;
  payload: unknown;
}

/** Polls `check` until it answers something truthy (no fixed sleeps), or fails after `ms`. */
export async function until<T>(check: () => T | Promise<T>, ms = 5_000, what = 'condition'): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A browser's realtime connection in a test: a socket.io client to `base` with the application
 * key, signed in and subscribing through `client`'s session (its cookie and XSRF header), as
 * web/lib/realtime does.
 */
export class TestSocket {
  readonly socket: Socket;
  readonly received: Received[] = [];
  readonly errors: { channel: string; status: number; message: string }[] = [];
  readonly subscribed = new Set<string>();

  constructor(
    base: string,
    key: string,
    private readonly client: TestClient | null,
  ) {
    this.socket = io(base, { path: REALTIME_PATH, auth: { key }, transports: ['websocket'], reconnection: false, forceNew: true });
    this.socket.onAny((event: string, channel: unknown, payload: unknown) => {
      if (event === S2C.subscribed) this.subscribed.add(channel as string);
      else if (event === S2C.subscriptionError) this.errors.push({ channel: channel as string, status: payload as number, message: '' });
      else this.received.push({ event, channel: channel as string, payload });
    });
  }

  /** Connects; rejects with the server's refusal (a wrong application key). */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.socket.connected) return resolve();
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', (err) => reject(err));
    });
  }

  async signIn() {
    await this.connect();
    const res = await this.client!.json('POST', '/broadcasting/user-auth', { socket_id: this.socket.id });
    if (res.statusCode !== 200) throw new Error(`user-auth answered ${res.statusCode}`);
    const ok = await this.socket.emitWithAck(C2S.signin, res.json() as UserAuth);
    if (!(ok as { ok: boolean }).ok) throw new Error('sign-in refused');
  }

  /** Subscribes (asking `/broadcasting/auth` for private and presence channels) and waits for the answer. */
  async subscribe(channel: string, extra: Record<string, unknown> = {}) {
    await this.connect();
    let auth: Partial<ChannelAuth> = {};
    if (/^(private|presence)-/.test(channel)) {
      const res = await this.client!.json('POST', '/broadcasting/auth', { socket_id: this.socket.id, channel_name: channel });
      if (res.statusCode !== 200) throw new Error(`auth answered ${res.statusCode}`);
      auth = res.json() as ChannelAuth;
    }
    return this.subscribeWith(channel, { ...auth, ...extra });
  }

  /** Sends a subscription as it is (a forged or borrowed signature) and waits for success or refusal. */
  async subscribeWith(channel: string, body: Record<string, unknown>): Promise<'subscribed' | number> {
    const errorsBefore = this.errors.length;
    this.socket.emit(C2S.subscribe, { channel, ...body });
    return until(
      () => (this.subscribed.has(channel) ? 'subscribed' : this.errors.slice(errorsBefore).find((e) => e.channel === channel)?.status),
      5_000,
      `the answer to subscribing to ${channel}`,
    );
  }

  /** Waits for an event on a channel and answers its payload. */
  async next(event: string, channel: string, where: (payload: unknown) => boolean = () => true, ms = 5_000) {
    const hit = await until(() => this.received.find((r) => r.event === event && r.channel === channel && where(r.payload)), ms, `${event} on ${channel}`);
    return hit.payload;
  }

  close() {
    this.socket.close();
  }
}
