import { useRef, useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';

// A delete asked for, confirmed in a dialog, then reported in a toast. Two shapes:
// `useConfirmedDelete` for lists that delete one row or several selected ones (the page words its
// own ConfirmDialog), `useConfirmDelete` for one record at a time (the dialog comes with it).

type Named = { id: number; name: string };

export type ConfirmedDelete<Row extends Named> = {
  /** Opens the confirmation for one or more rows; settles when it closes (a bulk action keeps its selection until then). */
  ask: (rows: Row[]) => Promise<void>;
  /** What the page passes to its ConfirmDialog. */
  dialog: { open: boolean; busy: boolean; onClose: () => void; onConfirm: () => void };
  /** The rows waiting for the answer (for the dialog's text). */
  pending: Row[];
};

/**
 * "Delete this customer?" then the deletes, one request per row: each success is a warning
 * toast with the server's message (SPEC §8, 1500 ms), each failure an error toast with the
 * failure's message ("This contact is in use and cannot be deleted."). `onDeleted` gets the
 * ids that went.
 */
export function useConfirmedDelete<Row extends Named>(
  remove: (id: number) => Promise<{ message: string }>,
  { plural, onDeleted }: { plural: string; onDeleted?: (ids: number[]) => void },
): ConfirmedDelete<Row> {
  const [pending, setPending] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  const settle = useRef<(() => void) | null>(null);

  const close = () => {
    setPending([]);
    settle.current?.();
    settle.current = null;
  };

  async function confirm() {
    setBusy(true);
    const gone: number[] = [];
    let lastMessage = '';
    for (const row of pending) {
      try {
        lastMessage = (await remove(row.id)).message;
        gone.push(row.id);
      } catch (err) {
        const reason = errorMessage(err, 'An error occurred');
        toast.error(pending.length > 1 ? `${row.name}: ${reason}` : reason);
      }
    }
    if (gone.length === 1) toast.warning(lastMessage, SHORT_TOAST);
    else if (gone.length > 1) toast.warning(`${gone.length} ${plural} deleted.`, SHORT_TOAST);
    setBusy(false);
    close();
    if (gone.length) onDeleted?.(gone);
  }

  return {
    ask: (rows) =>
      new Promise<void>((resolve) => {
        settle.current?.();
        settle.current = resolve;
        setPending(rows);
      }),
    dialog: { open: pending.length > 0, busy, onClose: close, onConfirm: () => void confirm() },
    pending,
  };
}

/**
 * Delete with a confirm dialog: the server's message as a warning toast, a failure (an account
 * still in use…) as an error toast with the server's reason. `after` runs on success.
 */
export function useConfirmDelete<T>(remove: (row: T) => Promise<{ message: string }>, describe: (row: T) => ReactNode, after?: () => void) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (target === null) return;
    setBusy(true);
    try {
      const answer = await remove(target);
      toast.warning(answer.message, SHORT_TOAST);
      after?.();
    } catch (err) {
      toast.error(errorMessage(err, 'The record could not be deleted.'));
    } finally {
      setBusy(false);
      setTarget(null);
    }
  }
  const dialog = (
    <ConfirmDialog open={target !== null} onClose={() => setTarget(null)} onConfirm={() => void confirm()} busy={busy} title="Delete this record?">
      {target !== null && <p>{describe(target)} This cannot be undone.</p>}
    </ConfirmDialog>
  );
  return { ask: setTarget, dialog };
}
