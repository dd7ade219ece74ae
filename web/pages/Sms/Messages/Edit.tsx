import { Head } from '@inertiajs/react';
import { useEffect, useMemo, useState } from 'react';
import { PageHeader } from '@/components/display/PageHeader';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { SkeletonText } from '@/components/display/Skeleton';
import type { Option } from '@/components/form/options';
import { BackLink } from '@/components/record/BackLink';
import { ComposeForm } from '@/features/sms/ComposeForm';
import { composeStateOf, localDateTime } from '@/features/sms/sends';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useSharedProps } from '@/lib/page';
import { useLookupQuery } from '@/store/lookup-api';
import { useLazyGetOutreachContactQuery } from '@/store/outreach-api';
import { useGetSmsMessageQuery } from '@/store/sms-api';

type SegmentName = { id: number; name: string };

/** The chosen contacts' names and phones, read one by one (a send picks a few by hand; segments are for many); null while they load. */
function useContactOptions(ids: number[] | null): Option[] | null {
  const [getContact] = useLazyGetOutreachContactQuery();
  const key = ids ? ids.join(',') : null;
  const [loaded, setLoaded] = useState<{ key: string; options: Option[] } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    const wanted = key === '' ? [] : key.split(',').map(Number);
    void Promise.all(
      wanted.map((id) =>
        getContact(id, true)
          .unwrap()
          .then((c): Option => ({ value: id, label: c.phone ? `${c.name} · ${c.phone}` : c.name }))
          // a contact deleted since stays chosen under its number: the server leaves it out
          .catch((): Option => ({ value: id, label: `Contact #${id}` })),
      ),
    ).then((options) => {
      if (current) setLoaded({ key, options });
    });
    return () => {
      current = false;
    };
  }, [key, getContact]);
  return loaded && loaded.key === key ? loaded.options : null;
}

/** Sms/Messages/Edit (PAGES.md): a scheduled send changed before its time (the server sends any other back to the list). */
export default function SmsMessagesEdit({ id }: { id: number }) {
  const timeZone = useSharedProps().tenant?.timezone ?? 'UTC';
  const { data: row, error, refetch } = useGetSmsMessageQuery(id, { refetchOnMountOrArgChange: true });
  // the chosen segments' names (a company has few; the list's largest page)
  const { data: segmentsAnswer, isLoading: segmentsLoading } = useLookupQuery({ url: '/segments/json', params: { per_page: 100 } }, { skip: !row || row.audience.segment_ids.length === 0 });
  const initial = useMemo(() => (row ? composeStateOf(row, row.scheduled_at ? localDateTime(row.scheduled_at, timeZone) : null) : null), [row, timeZone]);
  const segments = useMemo<Option[]>(() => {
    const named = ((segmentsAnswer as { data?: SegmentName[] } | undefined)?.data ?? []) as SegmentName[];
    return (row?.audience.segment_ids ?? []).map((sid) => ({ value: sid, label: named.find((s) => s.id === sid)?.name ?? `Segment #${sid}` }));
  }, [row, segmentsAnswer]);
  const contacts = useContactOptions(row?.audience.contact_ids ?? null);

  return (
    <>
      <Head title="Edit SMS" />
      <PageHeader title="Edit SMS" description="A scheduled SMS can be changed until it starts.">
        <BackLink href="/sms/messages">Messages</BackLink>
      </PageHeader>
      {error ? (
        <ErrorAlert onRetry={() => void refetch()}>{errorMessage(error, 'Failed to load the SMS')}</ErrorAlert>
      ) : !initial || segmentsLoading || !contacts ? (
        <SkeletonText lines={8} />
      ) : (
        <ComposeForm id={id} initial={initial} initialSegments={segments} initialContacts={contacts} />
      )}
    </>
  );
}

SmsMessagesEdit.layout = AppLayout;
