import { useState } from 'react';
import { toast } from 'react-toastify';
import type { RsvpEventSummary } from '@common/answers/rsvp';
import { Button } from '@/components/form/Button';
import { EventRsvpShell } from '@/features/rsvp/EventRsvpShell';
import { InvitationTable } from '@/features/rsvp/InvitationTable';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import { SENT, SHORT_TOAST } from '@/lib/toasts';
import { useSendFollowUpMutation, useSendFollowUpsMutation } from '@/store/rsvp-api';

/** Campaigns/Events/RsvpFollowUp (PAGES /events/{id}/rsvp/follow-up): those who have not answered, reminded together or one by one. */
export default function RsvpFollowUp({ event }: { event: RsvpEventSummary }) {
  const canSend = useCan('rsvp.send');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [sendMany, many] = useSendFollowUpsMutation();
  const [sendOne, one] = useSendFollowUpMutation();

  const select = (ids: number[], on: boolean) =>
    setSelected((cur) => {
      const next = new Set(cur);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  async function remindSelected() {
    try {
      const a = await sendMany({ eventId: event.id, invitationIds: [...selected] }).unwrap();
      toast.success(a.message || SENT, SHORT_TOAST);
      setSelected(new Set());
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to send follow-up reminders'));
    }
  }

  return (
    <EventRsvpShell event={event} title="Follow-up" current="/rsvp/follow-up">
      <InvitationTable
        eventId={event.id}
        list="non_responded"
        title="Not answered yet"
        columns={['sent', 'reminded']}
        emptyTitle="Everyone has answered"
        emptyText="Guests who have not answered their invitation appear here, to be reminded."
        selected={canSend ? selected : undefined}
        onSelect={select}
        toolbar={
          canSend ? (
            <Button size="sm" disabled={!selected.size || many.isLoading} busy={many.isLoading} onClick={() => void remindSelected()}>
              Send reminders{selected.size ? ` (${selected.size})` : ''}
            </Button>
          ) : null
        }
        actions={
          canSend
            ? (r) => (
                <Button
                  size="sm"
                  variant="outline"
                  busy={one.isLoading && one.originalArgs?.invitationId === r.id}
                  onClick={async () => {
                    try {
                      const a = await sendOne({ eventId: event.id, invitationId: r.id }).unwrap();
                      toast.success(a.message || SENT, SHORT_TOAST);
                    } catch (err) {
                      toast.error(errorMessage(err, 'Failed to send follow-up reminder'));
                    }
                  }}
                >
                  Remind
                </Button>
              )
            : undefined
        }
      />
    </EventRsvpShell>
  );
}

RsvpFollowUp.layout = AppLayout;
