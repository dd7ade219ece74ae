import { toast } from 'react-toastify';
import type { RsvpEventSummary } from '@common/answers/rsvp';
import { Button } from '@/components/form/Button';
import { EventRsvpShell } from '@/features/rsvp/EventRsvpShell';
import { InvitationTable } from '@/features/rsvp/InvitationTable';
import { InviteCard } from '@/features/rsvp/InviteCard';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import { SENT, SHORT_TOAST } from '@/lib/toasts';
import { useResendInvitationMutation } from '@/store/rsvp-api';

/** Campaigns/Events/RsvpInvitations (PAGES /events/{id}/rsvp/invitations): everyone invited, their answer, and a resend with a fresh link. */
export default function RsvpInvitations({ event }: { event: RsvpEventSummary }) {
  const canSend = useCan('rsvp.send');
  const [resend, { isLoading, originalArgs }] = useResendInvitationMutation();
  return (
    <EventRsvpShell event={event} title="Invitations" current="/rsvp/invitations">
      <div className="flex flex-col gap-6">
        <InvitationTable
          eventId={event.id}
          list="invitations"
          title="Invitations"
          columns={['answer', 'plus_ones', 'sent', 'reminded', 'checked_in']}
          emptyTitle="No one is invited yet"
          emptyText="Invite contacts, segments or the group’s participants below."
          actions={
            canSend
              ? (r) => (
                  <Button
                    size="sm"
                    variant="outline"
                    busy={isLoading && originalArgs?.invitationId === r.id}
                    onClick={async () => {
                      try {
                        const a = await resend({ eventId: event.id, invitationId: r.id }).unwrap();
                        toast.success(a.message || SENT, SHORT_TOAST);
                      } catch (err) {
                        toast.error(errorMessage(err, 'Failed to resend the invitation'));
                      }
                    }}
                  >
                    Resend
                  </Button>
                )
              : undefined
          }
        />
        {canSend && <InviteCard eventId={event.id} inGroup={event.group_id !== null} defaultChannels={event.config.channels} />}
      </div>
    </EventRsvpShell>
  );
}

RsvpInvitations.layout = AppLayout;
