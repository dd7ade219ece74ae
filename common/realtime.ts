/**
 * The realtime protocol shared by the server (server/realtime) and the browser (web/lib/realtime):
 * Laravel Echo's channel semantics over Socket.IO (docs/decisions/0044-realtime.md).
 *
 * - A channel named `private-…` or `presence-…` needs a signature from `POST /broadcasting/auth`;
 *   any other name is public. Channels belong to the connection's company: the same name in two
 *   companies is two channels.
 * - The connection first signs in with `POST /broadcasting/user-auth` (its user and company),
 *   then subscribes. The server sends every event as `socket.emit(event, channel, payload)`.
 */

/** Socket.IO's path on the app's own port. */
export const REALTIME_PATH = '/socket.io';

/** The presence channel every signed-in page joins (SPEC §1). */
export const ONLINE_USERS = 'presence-online-users';

/** How often the server samples its figures, and how many samples the timeline keeps (SPEC §9). */
export const STATS_INTERVAL_MS = 60_000;
export const STATS_TIMELINE_MAX = 50;

/** Client → server messages. */
export const C2S = {
  signin: 'signin',
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  /** a whisper (Echo's `client-` events) to the other members of a private or presence channel */
  clientEvent: 'client event',
} as const;

/** Server → client messages besides the channels' own events. */
export const S2C = {
  /** (channel) the subscription is in place */
  subscribed: 'subscription_succeeded',
  /** (channel, status, message) the subscription was refused */
  subscriptionError: 'subscription_error',
  /** (channel, members) the members present when this connection joined */
  presenceHere: 'presence:subscribed',
  /** (channel, member) */
  presenceJoining: 'presence:joining',
  /** (channel, member) */
  presenceLeaving: 'presence:leaving',
} as const;

export type ChannelKind = 'public' | 'private' | 'presence';

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('presence-')) return 'presence';
  if (name.startsWith('private-')) return 'private';
  return 'public';
}

/** Channel names: letters, digits and `-_.=@,;` up to 164 characters, as Pusher allows. */
export const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;

/** A member of a presence channel, as every member sees it. */
export interface PresenceMember {
  user_id: number;
  user_info: { name: string; avatar_url: string | null };
}

/** What `POST /broadcasting/auth` answers. */
export interface ChannelAuth {
  auth: string;
  /** presence channels: the member this connection joins as (JSON text, part of what is signed) */
  channel_data?: string;
}

/** What `POST /broadcasting/user-auth` answers: the signed user of the connection. */
export interface UserAuth {
  auth: string;
  /** JSON text of `{ id, company_id, name }` */
  user_data: string;
}

/** What the server publishes to a user's own channel when a notification is stored. */
export interface NotificationPush {
  id: number;
  type: string;
  title: string;
  body: string | null;
  url: string | null;
  created_at: string;
  /** shown as a toast besides the bell */
  important: boolean;
}

/** The channel a user's own events go to within a company (notifications, their tasks). */
export const userChannel = (userId: number) => `private-user.${userId}`;
/** The channel of a whole company (every member may listen). */
export const companyChannel = (companyId: number) => `private-company.${companyId}`;
/** The admin's live figures (Realtime page, permission realtime.view). */
export const STATS_CHANNEL = 'private-realtime.stats';
export const NOTIFICATION_CREATED = 'notification.created';
export const STATS_SAMPLED = 'stats.sampled';

/** One sample of the figures, every STATS_INTERVAL_MS (summed over the app's instances). */
export interface StatsSample {
  at: string;
  connections: number;
  channels: number;
  messages: number;
}
