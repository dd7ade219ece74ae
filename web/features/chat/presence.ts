import type { ChatContact } from '@common/answers/chat';
import type { ChatStatus } from '@common/schemas/chat';
import type { OnlineUser } from '@/store/chat-slice';

export type ShownStatus = ChatStatus | 'offline';

/** What a member shows: offline unless connected (the presence channel), else the status they chose (online by default). */
export function shownStatus(userId: number | null, online: readonly OnlineUser[], contacts: readonly Pick<ChatContact, 'id' | 'status'>[]): ShownStatus {
  if (userId === null || !online.some((u) => u.id === userId)) return 'offline';
  return contacts.find((c) => c.id === userId)?.status ?? 'online';
}

export const STATUS_LABEL: Record<ShownStatus, string> = { online: 'Online', away: 'Away', busy: 'Busy', offline: 'Offline' };
export const STATUS_DOT: Record<ShownStatus, string> = {
  online: 'bg-success',
  away: 'bg-warning',
  busy: 'bg-danger',
  offline: 'bg-slate-400 dark:bg-slate-500',
};

/** "Amina is typing…", "Amina and Brian are typing…", "3 people are typing…" */
export function typingLine(names: readonly string[]): string {
  if (!names.length) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return `${names.length} people are typing…`;
}
