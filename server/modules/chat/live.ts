import { CHAT_EVENTS, threadChannel, userChannel } from '../../../common/answers/chat.js';

/** The realtime layer's push to every socket of a company that joined a channel. */
export type Broadcast = (companyId: number, channel: string, event: string, payload: unknown) => void;

/**
 * What chat pushes live (docs/decisions/0045-chat.md): everything about a thread's messages on the
 * thread's channel (only its members may join it: authorize.ts), and a short notice on each
 * member's own channel so their thread list, unread counts and the shell's badge follow without
 * joining every thread.
 */
export function chatLive(broadcast: Broadcast) {
  return {
    toThread(companyId: number, threadId: number, event: (typeof CHAT_EVENTS)[keyof typeof CHAT_EVENTS], payload: unknown) {
      broadcast(companyId, threadChannel(threadId), event, payload);
    },
    toUsers(companyId: number, userIds: number[], event: (typeof CHAT_EVENTS)[keyof typeof CHAT_EVENTS], payload: unknown) {
      for (const id of userIds) broadcast(companyId, userChannel(id), event, payload);
    },
  };
}
export type ChatLive = ReturnType<typeof chatLive>;
