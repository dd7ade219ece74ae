import { Head } from '@inertiajs/react';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { EventsCalendar } from '@/features/campaigns/EventsCalendar';
import { AppLayout } from '@/layouts/AppLayout';

/** Campaigns/Calendar (PAGES.md /campaigns/calendar): the campaigns' events, filtered by campaign, status and role. */
export default function CampaignsCalendar({ campaigns, can_update }: { campaigns: { id: number; name: string }[]; can_update: boolean }) {
  const fixed = Number(new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search).get('campaign_id')) || undefined;
  return (
    <>
      <Head title="Campaign calendar" />
      <PageHeader title="Campaign calendar" description="Every campaign's events; drag an event to move it." />
      <Card>
        <EventsCalendar campaigns={campaigns} canUpdate={can_update} fixedCampaign={fixed} />
      </Card>
    </>
  );
}

CampaignsCalendar.layout = AppLayout;
