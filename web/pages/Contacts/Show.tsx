import { Head, Link, router } from '@inertiajs/react';
import { Pencil, Trash } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ContactEventRow } from '@common/answers/outreach';
import { CHANNELS, CONSENT_FIELD, type Channel, type SuppressionReason } from '@common/outreach';
import { columnHelper } from '@/components/data-table/features';
import { DataTable } from '@/components/data-table/DataTable';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { BackLink } from '@/components/record/BackLink';
import { useConfirmedDelete } from '@/components/record/confirmed-delete';
import { Details } from '@/components/record/RecordPage';
import type { LinkedContact } from '@/features/outreach/ContactForm';
import { contactName } from '@/features/outreach/contact-columns';
import { CHANNEL_LABEL, CONSENT_LABEL, CONSENT_TONE, eventLabel } from '@/features/outreach/copy';
import { AppLayout } from '@/layouts/AppLayout';
import { DateText, DateTimeText } from '@/components/display/DateText';
import { useCan } from '@/lib/page';
import { shownCustomValues } from '@/features/outreach/custom-fields';
import { ALL_CONTACT_FIELDS, FRESH_FIELDS, useDeleteOutreachContactMutation, useGetContactFieldsQuery, useGetContactTimelineQuery, type OutreachContactRow } from '@/store/outreach-api';

type Props = {
  contact: OutreachContactRow;
  linked: LinkedContact;
  segments: { id: number; name: string; type: 'dynamic' | 'static' }[];
  /** more dynamic segments than the page tests the contact against */
  segments_partial: boolean;
  /** the channels closed for the contact until lifted (they win over its consent) */
  suppressions: { channel: Channel; reason: SuppressionReason; detail: string | null }[];
};

const SUPPRESSION_LABEL: Record<SuppressionReason, string> = { bounced: 'Bounced', complained: 'Marked as spam', unsubscribed: 'Unsubscribed', manual: 'Suppressed' };

const col = columnHelper<ContactEventRow>();
const TIMELINE_COLUMNS = col.columns([
  col.accessor('occurred_at', { header: 'When', meta: { className: 'whitespace-nowrap tabular-nums' }, cell: ({ getValue }) => <DateTimeText value={getValue()} /> }),
  col.accessor('type', { header: 'What', cell: ({ getValue }) => eventLabel(getValue()) }),
  col.accessor('subject_type', {
    header: 'About',
    cell: ({ row }) => (row.original.subject_type ? `${row.original.subject_type} #${row.original.subject_id}` : <span className="text-slate-400">—</span>),
  }),
]);

/** Contacts/Show (PAGES.md): an outreach contact's profile, consent, tags, segments and timeline. */
export default function ContactsShow({ contact, linked, segments, segments_partial, suppressions }: Props) {
  const name = contactName(contact);
  const canUpdate = useCan('contacts.update');
  const canDelete = useCan('contacts.delete');
  const seesSegments = useCan('segments.view');
  const seesLinked = useCan(linked?.type === 'vendor' ? 'vendors.view' : 'customers.view');
  const [remove] = useDeleteOutreachContactMutation();
  // the company's own fields, by their labels (a value kept under a key no field has now shows under the key)
  const { data: fieldPage } = useGetContactFieldsQuery(ALL_CONTACT_FIELDS, FRESH_FIELDS);
  const custom = shownCustomValues(fieldPage?.data ?? [], contact.custom);
  const deletion = useConfirmedDelete<{ id: number; name: string }>((id) => remove(id).unwrap(), { plural: 'contacts', onDeleted: () => router.visit('/contacts') });

  return (
    <>
      <Head title={name} />
      <PageHeader title={name} description={contact.location ?? undefined}>
        <BackLink href="/contacts">Contacts</BackLink>
        {canUpdate && (
          <Link href={`/contacts/${contact.id}/edit`} className={buttonClasses('primary')}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Link>
        )}
        {canDelete && (
          <Button variant="outline" className="text-red-700 hover:text-red-800 dark:text-red-300" onClick={() => void deletion.ask([{ id: contact.id, name }])}>
            <Trash aria-hidden="true" className="size-4" />
            Delete
          </Button>
        )}
      </PageHeader>

      <div className="grid gap-6 xl:grid-cols-3">
        <div className="flex flex-col gap-6 xl:col-span-1">
          <Card title="Profile">
            <Details
              items={[
                ['Phone', contact.phone && <span dir="ltr">{contact.phone}</span>],
                [
                  'Email',
                  contact.email && (
                    <a className="text-primary hover:underline dark:text-primary-light" href={`mailto:${contact.email}`}>
                      {contact.email}
                    </a>
                  ),
                ],
                ['Gender', contact.gender && contact.gender.charAt(0).toUpperCase() + contact.gender.slice(1)],
                ['Birthday', contact.birthday && <DateText value={contact.birthday} />],
                ['Location', contact.location],
                ['Source', contact.source],
                ...custom.map((f): [string, ReactNode] => [f.label, f.type === 'date' ? <DateText value={f.value} /> : f.value]),
                [
                  'Customer or vendor',
                  linked && (seesLinked ? <Link className="text-primary hover:underline dark:text-primary-light" href={`${linked.type === 'vendor' ? '/purchases/vendors' : '/sales/customers'}/${linked.id}`}>{linked.name}</Link> : linked.name),
                ],
                ['Added', <DateText value={contact.created_at} />],
              ]}
            />
            {contact.notes && <p className="mt-4 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{contact.notes}</p>}
          </Card>
          <Card title="Consent">
            <ul className="flex flex-col gap-3">
              {CHANNELS.map((ch) => {
                const status = contact[CONSENT_FIELD[ch]];
                const closed = suppressions.find((s) => s.channel === ch);
                return (
                  <li key={ch} className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
                    <span className="flex items-center justify-between gap-2">
                      {CHANNEL_LABEL[ch]}
                      <span className="flex flex-wrap justify-end gap-1">
                        <Badge tone={CONSENT_TONE[status]} dot>
                          {CONSENT_LABEL[status]}
                        </Badge>
                        {closed && (
                          <Badge tone="danger" dot>
                            Suppressed: {SUPPRESSION_LABEL[closed.reason].toLowerCase()}
                          </Badge>
                        )}
                      </span>
                    </span>
                    {closed?.detail && <span className="text-xs text-slate-500 dark:text-slate-400">{closed.detail}</span>}
                  </li>
                );
              })}
            </ul>
          </Card>
          <Card title="Tags">
            {contact.tags.length ? (
              <ul className="flex flex-wrap gap-1.5">
                {contact.tags.map((t) => (
                  <li key={t}>
                    <Badge>{t}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400">No tags.</p>
            )}
          </Card>
          <Card title="Segments">
            {segments.length ? (
              <ul className="flex flex-col gap-2">
                {segments.map((s) => (
                  <li key={s.id} className="flex items-center justify-between gap-2 text-sm">
                    {seesSegments ? (
                      <Link href={`/segments/${s.id}`} className="text-primary hover:underline dark:text-primary-light">
                        {s.name}
                      </Link>
                    ) : (
                      s.name
                    )}
                    <Badge tone={s.type === 'dynamic' ? 'info' : 'secondary'}>{s.type === 'dynamic' ? 'Dynamic' : 'Static'}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400">In no segment.</p>
            )}
            {segments_partial && <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">Only the first 100 dynamic segments were checked.</p>}
          </Card>
        </div>
        <section aria-labelledby="contact-timeline" className="min-w-0 xl:col-span-2">
          <h2 id="contact-timeline" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
            Activity
          </h2>
          <DataTable
            label={`Activity of ${name}`}
            columns={TIMELINE_COLUMNS}
            useQuery={useGetContactTimelineQuery}
            params={{ id: contact.id }}
            getRowId={(e) => e.id}
            defaultPerPage={20}
            empty={{ title: 'No activity yet', description: 'Messages sent and delivered, RSVPs and survey answers of this contact appear here as they happen.' }}
            errorFallback="Failed to load timeline data"
          />
        </section>
      </div>

      <ConfirmDialog {...deletion.dialog} title="Delete this contact?">
        <p>
          <strong className="font-medium text-slate-900 dark:text-white">{name}</strong> will be deleted with their consent history and timeline.
        </p>
      </ConfirmDialog>
    </>
  );
}

ContactsShow.layout = AppLayout;
