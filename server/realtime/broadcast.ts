import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';

/**
 * One call for any code that tells browsers something (docs/decisions/0044-realtime.md):
 * a request, a job, the worker process. Within a company, `channel` is a channel name as the
 * browser subscribes to it (`private-user.7`, `private-thread.12`); `companyId` null is a public
 * channel outside every company.
 */
export interface RealtimeMessage {
  companyId: number | null;
  channel: string;
  event: string;
  payload: unknown;
}

/** What the process's realtime hub offers (server/realtime/hub.ts); null when none runs (scripts). */
export interface Broadcaster {
  publish(message: RealtimeMessage, opts?: { except?: string }): void;
}

/** The PostgreSQL NOTIFY channel of messages sent after their transaction commits. */
export const NOTIFY_CHANNEL = 'kazi_realtime';
/** NOTIFY's payload is limited to 8,000 bytes; a message is kept well under it. */
export const NOTIFY_MAX_BYTES = 7_500;

let current: Broadcaster | null = null;

/** The hub installs itself when it starts; the function returned takes it out again. */
export function installBroadcaster(b: Broadcaster): () => void {
  current = b;
  return () => {
    if (current === b) current = null;
  };
}

/**
 * Publishes now to every connection subscribed to the channel in that company, on every
 * instance of the app (through the PostgreSQL adapter). `except` leaves out one connection
 * (the X-Socket-ID of the request that caused it: Echo's `toOthers`). Without a hub in this
 * process (a command-line script) nobody can be listening and nothing is sent.
 */
export function broadcast(companyId: number | null, channel: string, event: string, payload: unknown, opts?: { except?: string }): void {
  current?.publish({ companyId, channel, event, payload }, opts);
}

/**
 * Publishes once the transaction `tx` commits, and never if it rolls back: PostgreSQL's NOTIFY
 * is transactional, and every instance of the app LISTENs and delivers to its own connections.
 * One statement for any number of messages. A message over NOTIFY_MAX_BYTES is refused (send an
 * id and let the browser fetch the rest).
 */
export async function broadcastAfterCommit(tx: Tx, messages: RealtimeMessage | RealtimeMessage[]): Promise<void> {
  const list = Array.isArray(messages) ? messages : [messages];
  if (list.length === 0) return;
  const texts = list.map((m) => {
    const text = JSON.stringify({ c: m.companyId, ch: m.channel, e: m.event, p: m.payload ?? null });
    if (Buffer.byteLength(text) > NOTIFY_MAX_BYTES) throw new Error(`realtime message ${m.event} on ${m.channel} is over ${NOTIFY_MAX_BYTES} bytes`);
    return text;
  });
  await tx.execute(sql`select count(pg_notify(${NOTIFY_CHANNEL}, m)) from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) as m`);
}

/** Reads one NOTIFY payload back; null for anything that is not one of ours. */
export function parseNotified(text: string): RealtimeMessage | null {
  try {
    const m = JSON.parse(text) as { c?: unknown; ch?: unknown; e?: unknown; p?: unknown };
    if (typeof m.ch !== 'string' || typeof m.e !== 'string') return null;
    if (m.c !== null && !(typeof m.c === 'number' && Number.isSafeInteger(m.c))) return null;
    return { companyId: m.c as number | null, channel: m.ch, event: m.e, payload: m.p };
  } catch {
    return null;
  }
}
