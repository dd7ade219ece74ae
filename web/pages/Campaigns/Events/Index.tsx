import { Head, Link } from '@inertiajs/react';
import { Plus } from 'lucide-react';
import { EventsTable } from '@/features/campaigns/EventsTable';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';

/** Campaigns/Events/Index (PAGES.md /events): the events the member sees. */
export default function EventsIndex({ campaigns }: { campaigns: { id: number; name: string }[] }) {
  const canCreate = useCan('events.create');
  return (
    <>
      <Head title="Events" />
      <PageHeader title="Events" description="Meetings, fairs, webinars: everything your campaigns bring people to.">
        {canCreate && (
          <Link href="/events/create" className={buttonClasses('primary', 'md')}>
            <Plus aria-hidden="true" className="size-4" />
            New event
          </Link>
        )}
      </PageHeader>
      <EventsTable campaigns={campaigns} />
    </>
  );
}

EventsIndex.layout = AppLayout;
