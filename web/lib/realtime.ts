import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  C2S,
  channelKind,
  ONLINE_USERS,
  REALTIME_PATH,
  S2C,
  type ChannelAuth,
  type PresenceMember,
  type UserAuth,
} from '@common/realtime';
import { xsrfToken } from './cookies';
import { useSharedProps } from './page';

/** SPEC §4: the realtime connection's generic states. */
export type RealtimeState = 'connecting' | 'connected' | 'disconnected';

/** What the server shares with signed-in pages: the application key (server/http/shared-props.ts). */
export type RealtimeProps = { realtime?: { key: string } | null };

type Identity = { key: string; userId: number; companyId: number };
type Handler = (event: string, payload: unknown) => void;

const NO_MEMBERS: PresenceMember[] = [];

/**
 * The page's one realtime connection (docs/decisions/0044-realtime.md): Socket.IO to this
 * origin with the application key and the cookies, signed in through `/broadcasting/user-auth`,
 * each channel subscribed through `/broadcasting/auth` with the X-XSRF-TOKEN header, as Laravel
 * Echo does. Socket.IO reconnects by itself; every reconnection signs in and subscribes again
 * (a new connection id needs new signatures).
 */
class Realtime {
  private socket: Socket | null = null;
  private identity: Identity | null = null;
  state: RealtimeState = 'disconnected';
  /** channels someone on the page listens to, with how many */
  private wanted = new Map<string, number>();
  private handlers = new Map<string, Set<Handler>>();
  private members = new Map<string, PresenceMember[]>();
  private watchers = new Set<() => void>();

  watch = (fn: () => void) => {
    this.watchers.add(fn);
    return () => this.watchers.delete(fn);
  };

  private changed() {
    for (const fn of this.watchers) fn();
  }

  private setState(state: RealtimeState) {
    if (this.state === state) return;
    this.state = state;
    this.changed();
  }

  /** The connection's id, for the X-Socket-ID header of a request whose broadcast should skip this page. */
  get socketId(): string | null {
    return this.socket?.connected ? (this.socket.id ?? null) : null;
  }

  start(identity: Identity) {
    const same = this.identity && this.identity.key === identity.key && this.identity.userId === identity.userId && this.identity.companyId === identity.companyId;
    if (same && this.socket) return;
    this.stop();
    this.identity = identity;
    const socket = io({ path: REALTIME_PATH, auth: { key: identity.key }, withCredentials: true, transports: ['websocket', 'polling'] });
    this.socket = socket;
    this.setState('connecting');
    socket.on('connect', () => void this.signIn(socket));
    socket.on('disconnect', () => {
      this.members.clear();
      this.setState('disconnected');
    });
    socket.on('connect_error', () => this.setState('disconnected'));
    socket.io.on('reconnect_attempt', () => this.setState('connecting'));
    socket.onAny((event: string, channel: unknown, payload: unknown) => this.dispatch(event, channel, payload));
  }

  stop() {
    this.socket?.removeAllListeners();
    this.socket?.io.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.identity = null;
    this.members.clear();
    this.setState('disconnected');
  }

  private async signIn(socket: Socket) {
    try {
      const auth = await post<UserAuth>('/broadcasting/user-auth', { socket_id: socket.id });
      const ok = (await socket.timeout(10_000).emitWithAck(C2S.signin, auth)) as { ok: boolean };
      if (!ok.ok || socket !== this.socket) return;
      this.setState('connected');
      for (const channel of this.wanted.keys()) void this.join(channel);
    } catch {
      // the session ended or the server is going away: the next reconnection tries again
      if (socket === this.socket) this.setState('disconnected');
    }
  }

  private async join(channel: string) {
    const socket = this.socket;
    if (!socket?.connected || this.state !== 'connected') return;
    const page = window.location.pathname;
    if (channelKind(channel) === 'public') {
      socket.emit(C2S.subscribe, { channel, page });
      return;
    }
    try {
      const auth = await post<ChannelAuth>('/broadcasting/auth', { socket_id: socket.id, channel_name: channel });
      if (socket === this.socket && this.wanted.has(channel)) socket.emit(C2S.subscribe, { channel, page, ...auth });
    } catch {
      // refused (403) or the session ended: nothing arrives on this channel
    }
  }

  private dispatch(event: string, channel: unknown, payload: unknown) {
    if (typeof channel !== 'string') return;
    if (event === S2C.presenceHere && Array.isArray(payload)) {
      this.members.set(channel, dedupe(payload as PresenceMember[]));
      this.changed();
    } else if (event === S2C.presenceJoining && payload) {
      this.members.set(channel, dedupe([...(this.members.get(channel) ?? []), payload as PresenceMember]));
      this.changed();
    } else if (event === S2C.presenceLeaving && payload) {
      const gone = (payload as PresenceMember).user_id;
      this.members.set(channel, (this.members.get(channel) ?? []).filter((m) => m.user_id !== gone));
      this.changed();
    }
    for (const h of this.handlers.get(channel) ?? []) h(event, payload);
  }

  /** Listens on a channel until the function returned is called (subscribing with its first listener). */
  listen(channel: string, handler: Handler): () => void {
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    const n = this.wanted.get(channel) ?? 0;
    this.wanted.set(channel, n + 1);
    if (n === 0) void this.join(channel);
    return () => {
      set.delete(handler);
      const left = (this.wanted.get(channel) ?? 1) - 1;
      if (left > 0) return this.wanted.set(channel, left);
      this.wanted.delete(channel);
      this.handlers.delete(channel);
      if (this.members.delete(channel)) this.changed();
      this.socket?.emit(C2S.unsubscribe, { channel, page: window.location.pathname });
    };
  }

  membersOf(channel: string): PresenceMember[] {
    return this.members.get(channel) ?? NO_MEMBERS;
  }

  /** Echo's whisper: a `client-` event to the channel's other members (private and presence channels). */
  whisper(channel: string, event: string, data: unknown) {
    this.socket?.emit(C2S.clientEvent, { channel, event: event.startsWith('client-') ? event : `client-${event}`, data });
  }
}

function dedupe(members: PresenceMember[]): PresenceMember[] {
  return [...new Map(members.map((m) => [m.user_id, m])).values()];
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  const token = xsrfToken();
  if (token) headers['X-XSRF-TOKEN'] = token;
  const res = await fetch(url, { method: 'POST', credentials: 'same-origin', headers, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

export const realtime = new Realtime();

/**
 * Keeps the page's connection open while a user is signed in to a company, under their
 * identity; the shell calls it once (web/layouts/AppLayout.tsx). Joins `online-users` (SPEC §1).
 */
export function useRealtimeConnection() {
  const { auth, tenant, realtime: props } = useSharedProps<RealtimeProps>();
  const key = props?.key ?? null;
  const userId = auth?.user?.id ?? null;
  const companyId = tenant?.id ?? null;
  useEffect(() => {
    if (!key || !userId || !companyId) return realtime.stop();
    realtime.start({ key, userId, companyId });
  }, [key, userId, companyId]);
  useEffect(() => () => realtime.stop(), []);
  useChannel(key && userId && companyId ? ONLINE_USERS : null, () => undefined);
}

/** connecting, connected or disconnected (SPEC §4). */
export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(realtime.watch, () => realtime.state, () => 'disconnected');
}

/**
 * Calls `onEvent(event, payload)` for every event on `channel` while mounted (null: none). The
 * latest `onEvent` is used; the subscription follows the channel only.
 */
export function useChannel(channel: string | null, onEvent: Handler) {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    if (!channel) return;
    return realtime.listen(channel, (event, payload) => latest.current(event, payload));
  }, [channel]);
}

/** The members present in a presence channel, kept up to date (subscribing while mounted). */
export function usePresence(channel: string | null): PresenceMember[] {
  useChannel(channel, () => undefined);
  return useSyncExternalStore(
    realtime.watch,
    () => (channel ? realtime.membersOf(channel) : NO_MEMBERS),
    () => NO_MEMBERS,
  );
}

/** The ids of the company's users online now (`online-users`): the users list's dots, chat's contacts. */
export function useOnlineUserIds(): ReadonlySet<number> {
  const members = usePresence(ONLINE_USERS);
  return useMemo(() => new Set(members.map((m) => m.user_id)), [members]);
}
