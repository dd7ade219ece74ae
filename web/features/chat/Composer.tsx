import { Paperclip, SendHorizontal, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'react-toastify';
import type { ChatMessageRow } from '@common/answers/chat';
import { CHAT_ATTACHMENTS_MAX, CHAT_MESSAGE_MAX, CHAT_TYPING_MS } from '@common/schemas/chat';
import { cx } from '@/components/cx';
import { useCan } from '@/lib/page';
import { useAppDispatch } from '@/store';
import { editMessage, sendMessage, sendTyping, type ChatFailure } from '@/store/chat-slice';
import { MediaPickerDialog, type PickedMedia } from '../media/MediaPickerDialog';
import { EmojiPalette } from './EmojiPalette';

/** How often a typing member repeats "is typing" (a notice holds CHAT_TYPING_MS on the other side). */
const TYPING_EVERY_MS = Math.round(CHAT_TYPING_MS / 2);

/**
 * Writing a message: text (Enter sends, Shift+Enter makes a new line), emoji, files from the
 * media library, a reply to a message or an edit of one's own; while typing, the thread's other
 * members are told every few seconds.
 */
export function Composer({
  threadId,
  replyTo,
  editing,
  onDone,
}: {
  threadId: number;
  replyTo: ChatMessageRow | null;
  editing: ChatMessageRow | null;
  onDone: () => void;
}) {
  const dispatch = useAppDispatch();
  const canSend = useCan('chat.create');
  const canPick = useCan('media.view');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<PickedMedia[]>([]);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lastTyping = useRef(0);
  const box = useRef<HTMLTextAreaElement>(null);

  // starting an edit puts the message's text in the box (state adjusted while rendering, not in an effect)
  const [shownEdit, setShownEdit] = useState<ChatMessageRow | null>(null);
  if (editing !== shownEdit) {
    setShownEdit(editing);
    if (editing) setText(editing.body);
  }
  useEffect(() => {
    if (editing || replyTo) box.current?.focus();
  }, [editing, replyTo]);

  if (!canSend) {
    return <p className="border-t border-slate-200 p-4 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">You can read this conversation but not write in it.</p>;
  }

  const typed = (value: string) => {
    setText(value);
    setError(null);
    const now = Date.now();
    if (value.trim() && !editing && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      void dispatch(sendTyping(threadId));
    }
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    const body = text.trim();
    if (!body && !files.length) return;
    setBusy(true);
    const result = editing
      ? await dispatch(editMessage({ id: editing.id, body }))
      : await dispatch(sendMessage({ thread_id: threadId, body, reply_to_id: replyTo?.id ?? null, attachment_ids: files.map((f) => f.id) }));
    setBusy(false);
    if (result.meta.requestStatus === 'rejected') {
      const failure = result.payload as ChatFailure | undefined;
      const field = failure?.errors && Object.values(failure.errors)[0]?.[0];
      setError(field ?? failure?.message ?? 'Failed to send the message');
      if (!field) toast.error(failure?.message ?? 'Failed to send the message');
      return;
    }
    setText('');
    setFiles([]);
    lastTyping.current = 0;
    onDone();
    box.current?.focus();
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
    if (e.key === 'Escape' && (editing || replyTo)) {
      e.preventDefault();
      setText('');
      onDone();
    }
  };

  const context = editing ? { label: 'Editing your message', text: editing.body } : replyTo ? { label: `Replying to ${replyTo.sender_name ?? 'a former member'}`, text: replyTo.body || 'Attachment' } : null;

  return (
    <form onSubmit={submit} className="border-t border-slate-200 p-3 dark:border-slate-700">
      {context && (
        <div className="mb-2 flex items-start gap-2 rounded-md border-s-2 border-primary bg-slate-50 px-3 py-2 text-xs dark:bg-slate-800">
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-slate-700 dark:text-slate-200">{context.label}</p>
            <p className="truncate text-slate-600 dark:text-slate-400">{context.text}</p>
          </div>
          <button
            type="button"
            onClick={() => {
              if (editing) setText('');
              onDone();
            }}
            className="grid size-6 place-items-center rounded text-slate-500 hover:bg-slate-200 dark:hover:bg-slate-700"
            aria-label={editing ? 'Cancel the edit' : 'Cancel the reply'}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      )}
      {files.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="Attached files">
          {files.map((f) => (
            <li key={f.id} className="flex items-center gap-1 rounded-md bg-slate-100 py-1 ps-2 pe-1 text-xs dark:bg-slate-700">
              <span className="max-w-40 truncate">{f.file.original_name}</span>
              <button type="button" onClick={() => setFiles(files.filter((x) => x.id !== f.id))} className="grid size-5 place-items-center rounded hover:bg-slate-200 dark:hover:bg-slate-600" aria-label={`Remove ${f.file.original_name}`}>
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-1">
        <EmojiPalette onPick={(emoji) => typed(text + emoji)} />
        {canPick && !editing && (
          <button
            type="button"
            onClick={() => setPicking(true)}
            disabled={files.length >= CHAT_ATTACHMENTS_MAX}
            className="grid size-9 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white"
            aria-label="Attach a file from the media library"
          >
            <Paperclip className="size-5" aria-hidden="true" />
          </button>
        )}
        <label htmlFor="chat-message" className="sr-only">
          Message
        </label>
        <textarea
          id="chat-message"
          ref={box}
          rows={1}
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          onChange={(e) => typed(e.target.value)}
          onKeyDown={onKey}
          placeholder="Write a message…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'chat-message-error' : undefined}
          className={cx(
            'max-h-40 min-h-10 flex-1 resize-none rounded-md border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-primary focus:ring-1 focus:ring-primary focus:outline-none dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400',
            error ? 'border-danger' : 'border-slate-300 dark:border-slate-600',
          )}
        />
        <button
          type="submit"
          disabled={busy || (!text.trim() && !files.length)}
          className="grid size-10 place-items-center rounded-md bg-primary text-white hover:bg-primary-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60"
          aria-label={editing ? 'Save the edit' : 'Send'}
        >
          <SendHorizontal className="size-5 rtl:-scale-x-100" aria-hidden="true" />
        </button>
      </div>
      {error && (
        <p id="chat-message-error" role="alert" className="mt-1 text-xs text-danger-strong dark:text-red-300">
          {error}
        </p>
      )}
      <MediaPickerDialog
        open={picking}
        onClose={() => setPicking(false)}
        filter="all"
        title="Attach from the media library"
        onPick={(picked) => setFiles((list) => (list.some((f) => f.id === picked.id) ? list : [...list, picked]))}
      />
    </form>
  );
}
