import { useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/form/Button';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { errorMessage } from '@/lib/errors';
import { SEND_ACTION_PAST, sendControlsFor, type SendAction } from './actions';

interface Options<Row> {
  /** the channel's change mutation (RTK Query): `{ id, action }` → the answer's message */
  change: (arg: { id: number; action: SendAction }) => { unwrap(): Promise<{ message: string }> };
  busy: boolean;
  /** the send's name in buttons' accessible names ("“Spring news”", "the send to 3 contacts") */
  name: (row: Row) => string;
  /** the toast when the server refuses without saying why, e.g. `The email could not be ${past}.` */
  failure: (past: string) => string;
  /** whether a scheduled send may be paused (it then waits for its time again when resumed) */
  pauseScheduled?: boolean;
  /** the cancel confirmation's words */
  confirm: { title: string; confirmLabel: string; body: ReactNode };
}

/**
 * Pause, resume and cancel for a sends list: the buttons of a row, the cancel confirmation and the
 * toasts, one way for SMS, airtime and email.
 */
export function useSendControls<Row extends { id: number; status: string }>(o: Options<Row>) {
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const run = async (row: Row, action: SendAction) => {
    try {
      toast.success((await o.change({ id: row.id, action }).unwrap()).message);
    } catch (err) {
      toast.error(errorMessage(err, o.failure(SEND_ACTION_PAST[action])));
    }
  };
  const buttons = (row: Row) => {
    const can = sendControlsFor(row.status, { pauseScheduled: o.pauseScheduled });
    const name = o.name(row);
    return (
      <div className="flex justify-end gap-2">
        {can.pause && (
          <Button size="sm" variant="outline" onClick={() => void run(row, 'pause')} aria-label={`Pause ${name}`}>
            Pause
          </Button>
        )}
        {can.resume && (
          <Button size="sm" variant="outline" onClick={() => void run(row, 'resume')} aria-label={`Resume ${name}`}>
            Resume
          </Button>
        )}
        {can.cancel && (
          <Button size="sm" variant="danger-ghost" onClick={() => setCancelling(row)} aria-label={`Cancel ${name}`}>
            Cancel
          </Button>
        )}
      </div>
    );
  };
  const dialog = (
    <ConfirmDialog
      open={cancelling !== null}
      onClose={() => setCancelling(null)}
      onConfirm={() => {
        const row = cancelling;
        setCancelling(null);
        if (row) void run(row, 'cancel');
      }}
      title={o.confirm.title}
      confirmLabel={o.confirm.confirmLabel}
      cancelLabel="Keep it"
      busy={o.busy}
    >
      {o.confirm.body}
    </ConfirmDialog>
  );
  return { buttons, dialog, run };
}
