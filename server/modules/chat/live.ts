import type { FastifyRequest } from 'fastify';
import { CHAT_EVENTS, threadChannel } from '../../../common/answers/chat.js';
import { companyChannel, userChannel } from '../../../common/realtime.js';
import { HttpError } from '../../http/errors.js';
import { broadcast } from '../../realtime/broadcast.js';
import { defineChannel } from '../../realtime/channels.js';
import { membershipOf } from './service.js';

type ChatEvent = (typeof CHAT_EVENTS)[keyof typeof CHAT_EVENTS];

/**
 * What chat pushes live (docs/decisions/0045-chat.md), always after the change committed (the
 * routes call these once their transaction returned): everything about a thread's messages on the
 * thread's channel, a short notice on each member's own channel so their thread list, unread
 * counts and the shell's badge follow without joining every thread, and statuses on the company's
 * channel. `except` leaves out the connection that made the change (its X-Socket-ID).
 */
export const chatLive = {
  toThread(companyId: number, threadId: number, event: ChatEvent, payload: unknown, except?: string) {
    broadcast(companyId, threadChannel(threadId), event, payload, except ? { except } : undefined);
  },
  toUsers(companyId: number, userIds: number[], event: ChatEvent, payload: unknown) {
    for (const id of new Set(userIds)) broadcast(companyId, userChannel(id), event, payload);
  },
  toCompany(companyId: number, event: ChatEvent, payload: unknown) {
    broadcast(companyId, companyChannel(companyId), event, payload);
  },
};
export type ChatLive = typeof chatLive;

/** Only a thread's members may join its channel; another company's thread or a stranger's is refused. */
export function defineThreadChannel() {
  defineChannel('private-thread.{id}', async (req: FastifyRequest, params) => {
    if (!/^[1-9]\d{0,15}$/.test(params.id) || !req.permissions.has('chat.view')) return false;
    try {
      await req.tenantRead((tx) => membershipOf(tx, req.tenant!.id, Number(params.id), req.user!.id));
      return true;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) return false;
      throw err;
    }
  });
}
