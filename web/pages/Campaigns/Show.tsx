import { Head, Link, router } from '@inertiajs/react';
import { formatDecimal } from '@common/format';
import { CalendarDays, Plus } from 'lucide-react';
import { useState } from 'react';
import { formatCount, formatMonth } from '@common/format';
import { Chart } from '@/components/chart/Chart';
import { StatusPill, statusLabel } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { PageHeader } from '@/components/display/PageHeader';
import { StatCard, StatCardSkeletons } from '@/components/display/StatCard';
import { Button, buttonClasses } from '@/components/form/Button';
import { BackLink } from '@/components/record/BackLink';
import { useGetCampaignStatsQuery, useGetOrganisersQuery, type CampaignRow } from '@/features/campaigns/api';
import { CampaignDialog } from '@/features/campaigns/CampaignDialog';
import { EventsTable } from '@/features/campaigns/EventsTable';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';

/** Campaigns/Show (PAGES.md /campaigns/{id}): counts, spend and reach with charts, its events and organisers. */
export default function CampaignsShow({ campaign, members }: { campaign: CampaignRow; members: { id: number; name: string }[] }) {
  const stats = useGetCampaignStatsQuery(campaign.id);
  const organisers = useGetOrganisersQuery({ campaign_id: campaign.id, per_page: 50 } as never);
  const [editing, setEditing] = useState(false);
  const canUpdate = useCan('campaigns.update');
  const canCreateEvent = useCan('events.create');
  const s = stats.data;
  return (
    <>
      <Head title={campaign.name} />
      <PageHeader title={campaign.name} description={<><StatusPill status={campaign.status} /> {campaign.goal}</>}>
        <BackLink href="/campaigns">Back to campaigns</BackLink>
        <Link href={`/campaigns/calendar?campaign_id=${campaign.id}`} className={buttonClasses('outline', 'md')}>
          <CalendarDays aria-hidden="true" className="size-4" />
          Calendar
        </Link>
        {canCreateEvent && (
          <Link href={`/events/create?campaign_id=${campaign.id}`} className={buttonClasses('outline', 'md')}>
            <Plus aria-hidden="true" className="size-4" />
            New event
          </Link>
        )}
        {canUpdate && <Button onClick={() => setEditing(true)}>Edit</Button>}
      </PageHeader>
      {stats.isError ? (
        <ErrorAlert onRetry={() => void stats.refetch()}>{errorMessage(stats.error, 'Failed to load statistics')}</ErrorAlert>
      ) : !s ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCardSkeletons count={4} />
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="campaign-counts">
            <StatCard label="Events" value={s.events} detail={`${formatCount(s.locations)} locations`} />
            <StatCard label="Organisers" value={s.organisers} />
            <StatCard label="Spend" value={`${formatDecimal(Number(s.spend))} credits`} detail={campaign.budget ? `of ${formatDecimal(Number(campaign.budget))} budgeted` : 'No budget'} tone="warning" />
            <StatCard label="Reach" value={s.messages_sent} detail={`${formatCount(s.rsvps)} RSVPs of ${formatCount(s.invitations)} invitations`} tone="success" />
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card title="Events by status">
              <Chart type="doughnut" label="Events by status" labels={Object.keys(s.events_by_status).map(statusLabel)} series={[{ label: 'Events', data: Object.values(s.events_by_status) }]} />
            </Card>
            <Card title="Spend by month">
              {s.spend_by_month.length ? (
                <Chart type="bar" label="Credits spent by month" labels={s.spend_by_month.map((m) => formatMonth(m.month, true).short)} series={[{ label: 'Credits', data: s.spend_by_month.map((m) => Number(m.credits)) }, { label: 'Messages', data: s.spend_by_month.map((m) => m.messages) }]} />
              ) : (
                <p className="text-sm text-slate-500 dark:text-slate-400">No messages sent for this campaign yet.</p>
              )}
            </Card>
          </div>
        </div>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">Events</h2>
          <EventsTable params={{ campaign_id: campaign.id }} />
        </div>
        <Card title="Organisers" actions={<Link href={`/organisers/create?campaign_id=${campaign.id}`} className="text-sm text-primary hover:underline">Add</Link>}>
          {organisers.data?.data.length ? (
            <ul className="divide-y divide-slate-100 dark:divide-slate-700">
              {organisers.data.data.map((o) => (
                <li key={o.id} className="py-2 text-sm">
                  <span className="font-medium text-slate-900 dark:text-white">{o.name}</span> <span className="text-slate-500">· {o.role}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">{organisers.isLoading ? 'Loading…' : 'No organisers yet.'}</p>
          )}
        </Card>
      </div>
      {editing && <CampaignDialog campaign={campaign} members={members} onClose={() => { setEditing(false); router.reload({ only: ['campaign'] }); }} />}
    </>
  );
}

CampaignsShow.layout = AppLayout;
