import { formatCount } from '@common/format';
import { Card } from '@/components/display/Card';
import { StatCard } from '@/components/display/StatCard';
import type { GroupRow } from '@/features/campaigns/api';
import { GroupFrame } from '@/features/campaigns/GroupLayout';
import { AppLayout } from '@/layouts/AppLayout';

/** Campaigns/Groups/Show (PAGES.md /groups/{id}): the series at a glance. */
export default function GroupsShow({ group }: { group: GroupRow }) {
  return (
    <GroupFrame group={group} here="">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Events" value={group.events_count} />
        <StatCard label="Participants" value={group.participants_count} />
        <StatCard label="RSVP settings" value={group.has_rsvp_config ? 'Set' : 'Defaults'} />
      </div>
      {group.description && (
        <Card title="About" className="mt-6">
          <p dir="auto" className="whitespace-pre-wrap text-slate-700 dark:text-slate-300">{group.description}</p>
        </Card>
      )}
      <p className="sr-only">{formatCount(group.events_count)} events</p>
    </GroupFrame>
  );
}

GroupsShow.layout = AppLayout;
