import { Link } from '@inertiajs/react';
import { buttonClasses } from '@/components/form/Button';
import type { GroupRow } from '@/features/campaigns/api';
import { EventsTable } from '@/features/campaigns/EventsTable';
import { GroupFrame } from '@/features/campaigns/GroupLayout';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';

/** Campaigns/Groups/Events (PAGES.md /groups/{id}/events): the series' events. */
export default function GroupsEvents({ group }: { group: GroupRow }) {
  const canCreate = useCan('events.create');
  return (
    <GroupFrame group={group} here="/events">
      {canCreate && (
        <Link href={`/events/create?group_id=${group.id}${group.campaign_id ? `&campaign_id=${group.campaign_id}` : ''}`} className={`${buttonClasses('primary', 'md')} mb-4`}>
          New event in this group
        </Link>
      )}
      <EventsTable params={{ group_id: group.id }} />
    </GroupFrame>
  );
}

GroupsEvents.layout = AppLayout;
