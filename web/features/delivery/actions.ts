// Which of pause, resume and cancel a send offers: pure, so the SMS page's rules and the shared
// controls (SendControls.tsx) read the same table.

/** What a user may do to a send of any channel (server/modules/delivery/controls.ts serves them alike). */
export type SendAction = 'pause' | 'resume' | 'cancel';

/** each action's past tense, for toasts */
export const SEND_ACTION_PAST: Record<SendAction, string> = { pause: 'paused', resume: 'resumed', cancel: 'cancelled' };

/** The statuses each action is offered in; the server refuses the rest with a 409. */
export function sendControlsFor(status: string, o: { pauseScheduled?: boolean } = {}): Record<SendAction, boolean> {
  return {
    pause: status === 'queued' || status === 'sending' || (o.pauseScheduled === true && status === 'scheduled'),
    resume: status === 'paused',
    cancel: status === 'scheduled' || status === 'queued' || status === 'sending' || status === 'paused',
  };
}
