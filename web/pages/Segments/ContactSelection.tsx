import { Head, Link } from '@inertiajs/react';
import { UserPlus } from 'lucide-react';
import { createContext, useContext, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { OutreachContactRow } from '@common/answers/outreach';
import type { RuleGroup } from '@common/segments';
import type { ListParams } from '@/components/data-table/query';
import { DataTable } from '@/components/data-table/DataTable';
import { Card } from '@/components/display/Card';
import { EmptyState } from '@/components/display/EmptyState';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { selectClasses } from '@/components/form/styles';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { BackLink } from '@/components/record/BackLink';
import { CONTACT_COLUMNS, contactName, useSourceFilter } from '@/features/outreach/contact-columns';
import { CONSENT_FILTERS, GENDER_FILTER } from '@/features/outreach/copy';
import { rulesFromListParams } from '@/features/outreach/matching';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useAddSegmentContactsMutation, useGetOutreachContactsQuery } from '@/store/outreach-api';
import { formatCount } from '@common/format';

const FILTERS = [...CONSENT_FILTERS, GENDER_FILTER];

type Props = { segments: { id: number; name: string }[]; segment: number | null };
type Shown = { params: ListParams; total: number } | null;

/** Where the list tells the page which search and filters are on screen and how many contacts match them. */
const ShownContext = createContext<(shown: Shown) => void>(() => undefined);

/** The contact list's hook, reporting what it shows (for "select all N matching"). */
function useShownContacts(params: ListParams) {
  const report = useContext(ShownContext);
  const result = useGetOutreachContactsQuery(params);
  const total = result.data && 'total' in result.data ? result.data.total : null;
  const key = JSON.stringify(params);
  useEffect(() => report(total === null ? null : { params: JSON.parse(key) as ListParams, total }), [report, key, total]);
  return result;
}

/**
 * Segments/ContactSelection (PAGES.md): the whole contact book, searched and filtered, to pick
 * contacts into a static segment: the rows ticked, or every contact matching the search and
 * filters (sent as a rule tree, so "all 40,000 matching" is one request and one statement).
 */
export default function SegmentsContactSelection({ segments, segment }: Props) {
  const [target, setTarget] = useState<number | null>(segment ?? segments[0]?.id ?? null);
  const [shown, setShown] = useState<Shown>(null);
  const [allMatching, setAllMatching] = useState<{ rules: RuleGroup; total: number } | null>(null);
  const { source, input } = useSourceFilter();
  const [add, adding] = useAddSegmentContactsMutation();
  const targetName = segments.find((s) => s.id === target)?.name ?? '';

  async function pick(body: { contact_ids: number[] } | { matching: RuleGroup }) {
    if (!target) return;
    try {
      const { changed, size } = await add({ id: target, ...body }).unwrap();
      toast.success(`${formatCount(changed)} ${changed === 1 ? 'contact' : 'contacts'} added to ${targetName}; it now holds ${formatCount(size)}.`);
    } catch (err) {
      toast.error(errorMessage(err, 'The contacts could not be added'));
    }
  }

  if (!segments.length) {
    return (
      <>
        <Head title="Pick contacts" />
        <PageHeader title="Pick contacts">
          <BackLink href="/segments">Segments</BackLink>
        </PageHeader>
        <Card>
          <EmptyState
            title="No static segment yet"
            description="Contacts are picked into static segments. Create one first; a dynamic segment follows its rules instead."
            action={
              <Link href="/segments/create" className={buttonClasses('outline', 'sm')}>
                New segment
              </Link>
            }
          />
        </Card>
      </>
    );
  }

  return (
    <>
      <Head title="Pick contacts" />
      <PageHeader title="Pick contacts" description="Tick contacts, or take every contact matching the search and filters, and add them to a static segment.">
        <BackLink href={target ? `/segments/${target}` : '/segments'}>Back to the segment</BackLink>
      </PageHeader>

      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
          Add to segment
          <select className={`${selectClasses} w-auto min-w-56`} value={target ?? ''} onChange={(e) => setTarget(Number(e.target.value))}>
            {segments.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        {shown && shown.total > 0 && (
          <Button variant="outline" onClick={() => setAllMatching({ rules: rulesFromListParams(shown.params), total: shown.total })}>
            <UserPlus aria-hidden="true" className="size-4" />
            Select all {formatCount(shown.total)} matching
          </Button>
        )}
      </div>

      <ShownContext.Provider value={setShown}>
      <DataTable
        label="Contact book"
        columns={CONTACT_COLUMNS}
        useQuery={useShownContacts}
        params={{ source: source || undefined }}
        getRowId={(c: OutreachContactRow) => c.id}
        rowLabel={contactName}
        search={{ placeholder: 'Search by name, phone, email…', label: 'Search contacts' }}
        filters={FILTERS}
        toolbar={input}
        defaultSort={{ id: 'created_at', desc: true }}
        selectable
        bulkActions={[
          {
            label: 'Add to segment',
            icon: <UserPlus aria-hidden="true" className="size-4" />,
            onAction: (rows) => pick({ contact_ids: rows.map((r) => r.id) }),
          },
        ]}
        empty={{ title: 'No contacts yet', description: 'Contacts you add appear here, ready to pick into segments.' }}
        errorFallback="Failed to fetch contacts"
      />
      </ShownContext.Provider>

      <ConfirmDialog
        open={allMatching !== null}
        busy={adding.isLoading}
        onClose={() => setAllMatching(null)}
        onConfirm={() => {
          const chosen = allMatching;
          if (!chosen) return;
          void pick({ matching: chosen.rules }).finally(() => setAllMatching(null));
        }}
        title={`Add ${formatCount(allMatching?.total ?? 0)} contacts to ${targetName}?`}
        confirmLabel="Add to segment"
        tone="primary"
      >
        <p>Every contact matching the search and filters now on screen is added; those already in the segment stay once.</p>
      </ConfirmDialog>
    </>
  );
}

SegmentsContactSelection.layout = AppLayout;
