import { FileText, Pencil, Reply, Trash2 } from 'lucide-react';
import { formatDateTime, formatDecimal } from '@common/format';
import type { ChatAttachmentRow, ChatMessageRow } from '@common/answers/chat';
import { cx } from '@/components/cx';
import { linkify } from './linkify';

/** Message text as text: runs of characters and clickable http(s) links (never HTML). */
export function MessageText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cx('break-words whitespace-pre-wrap', className)}>
      {linkify(text).map((run, i) =>
        run.kind === 'link' ? (
          <a key={i} href={run.href} target="_blank" rel="noopener noreferrer nofollow" className="underline decoration-1 underline-offset-2 hover:opacity-80">
            {run.text}
          </a>
        ) : (
          <span key={i}>{run.text}</span>
        ),
      )}
    </span>
  );
}

const size = (n: number) => (n >= 1024 * 1024 ? `${formatDecimal(Math.round(n / 1024 / 102.4) / 10)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

function Attachment({ a, mine }: { a: ChatAttachmentRow; mine: boolean }) {
  if (a.kind === 'image') {
    return (
      <a href={a.url} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-primary">
        <img
          src={a.thumb_url ?? a.url}
          alt={a.name}
          loading="lazy"
          className="max-h-48 max-w-full rounded-md object-cover"
          // the small size is made by a job after the upload; until then the original serves
          onError={(e) => {
            if (e.currentTarget.src.endsWith('/thumb')) e.currentTarget.src = a.url;
          }}
        />
      </a>
    );
  }
  return (
    <a
      href={a.url}
      target="_blank"
      rel="noopener noreferrer"
      className={cx(
        'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-primary',
        mine ? 'bg-white/15 hover:bg-white/25' : 'bg-white hover:bg-slate-50 dark:bg-slate-800 dark:hover:bg-slate-700',
      )}
    >
      <FileText className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 truncate">{a.name}</span>
      <span className="shrink-0 text-xs opacity-75">{size(a.size)}</span>
    </a>
  );
}

const timeOf = (iso: string) => formatDateTime(iso).slice(-5);

export type BubbleActions = {
  onReply?: (m: ChatMessageRow) => void;
  onEdit?: (m: ChatMessageRow) => void;
  onDelete?: (m: ChatMessageRow) => void;
};

/** One message: who and when, the quoted message it replies to, its text and files, the edited mark, its actions. */
export function MessageBubble({ message: m, mine, showSender, actions }: { message: ChatMessageRow; mine: boolean; showSender: boolean; actions: BubbleActions }) {
  const deleted = m.deleted_at !== null;
  const action = 'grid size-7 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white';
  return (
    <li className={cx('group flex flex-col', mine ? 'items-end' : 'items-start')} data-testid="chat-message" data-message-id={m.id}>
      {showSender && !mine && <span className="mb-0.5 px-1 text-xs font-medium text-slate-600 dark:text-slate-300">{m.sender_name ?? 'Former member'}</span>}
      <div className={cx('flex max-w-[85%] items-end gap-1 sm:max-w-[70%]', mine && 'flex-row-reverse')}>
        <div
          className={cx(
            'rounded-2xl px-3 py-2 text-sm shadow-xs',
            deleted
              ? 'border border-dashed border-slate-300 bg-transparent text-slate-500 italic dark:border-slate-600 dark:text-slate-400'
              : mine
                ? 'bg-primary text-white'
                : 'bg-slate-100 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
          )}
        >
          {m.reply_to && !deleted && (
            <div className={cx('mb-1.5 border-s-2 ps-2 text-xs', mine ? 'border-white/70 text-white' : 'border-primary text-slate-600 dark:text-slate-300')}>
              <span className="block font-semibold">{m.reply_to.sender_name ?? 'Former member'}</span>
              <span className="line-clamp-2">{m.reply_to.deleted ? 'This message was deleted' : m.reply_to.body || 'Attachment'}</span>
            </div>
          )}
          {deleted ? (
            <span>This message was deleted</span>
          ) : (
            <>
              {m.body && <MessageText text={m.body} />}
              {m.attachments.length > 0 && (
                <div className={cx('flex flex-col gap-1.5', m.body && 'mt-2')}>
                  {m.attachments.map((a) => (
                    <Attachment key={a.id} a={a} mine={mine} />
                  ))}
                </div>
              )}
            </>
          )}
          <span className={cx('mt-1 flex justify-end gap-1 text-[11px]', mine && !deleted ? 'text-white' : 'text-slate-600 dark:text-slate-300')}>
            {m.edited_at && !deleted && <span data-testid="edited-mark">edited</span>}
            <time dateTime={m.created_at}>{timeOf(m.created_at)}</time>
          </span>
        </div>
        {!deleted && (
          <div className="flex shrink-0 gap-0.5 opacity-100 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
            {actions.onReply && (
              <button type="button" className={action} onClick={() => actions.onReply!(m)} aria-label="Reply">
                <Reply className="size-4" aria-hidden="true" />
              </button>
            )}
            {actions.onEdit && m.body && (
              <button type="button" className={action} onClick={() => actions.onEdit!(m)} aria-label="Edit message">
                <Pencil className="size-4" aria-hidden="true" />
              </button>
            )}
            {actions.onDelete && (
              <button type="button" className={action} onClick={() => actions.onDelete!(m)} aria-label="Delete message">
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
