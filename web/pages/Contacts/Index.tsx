import { Head, Link } from '@inertiajs/react';
import { Plus } from 'lucide-react';
import { DataTable } from '@/components/data-table/DataTable';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { useConfirmedDelete } from '@/components/record/confirmed-delete';
import { RecordActions } from '@/components/record/RecordPage';
import { CONTACT_COLUMNS, contactName, useSourceFilter } from '@/features/outreach/contact-columns';
import { ImportLink } from '@/features/import/ImportLink';
import { ContactFieldsButton } from '@/features/outreach/ContactFieldsDialog';
import { CONSENT_FILTERS, GENDER_FILTER } from '@/features/outreach/copy';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';
import { useDeleteOutreachContactMutation, useGetOutreachContactsQuery, type OutreachContactRow } from '@/store/outreach-api';

const FILTERS = [...CONSENT_FILTERS, GENDER_FILTER];

/** Contacts/Index (PAGES.md): the people the company reaches by SMS, e-mail and voice. */
export default function ContactsIndex() {
  const canCreate = useCan('contacts.create');
  const canUpdate = useCan('contacts.update');
  const canDelete = useCan('contacts.delete');
  const canExport = useCan('contacts.export');
  const { source, input } = useSourceFilter();
  const [remove] = useDeleteOutreachContactMutation();
  // SPEC §8: a failed delete is an error toast with the server's message (useConfirmedDelete)
  const deletion = useConfirmedDelete<OutreachContactRow>((id) => remove(id).unwrap(), { plural: 'contacts' });
  const [first] = deletion.pending;
  const newContact = (size: 'sm' | 'md') => (
    <Link href="/contacts/create" className={buttonClasses(size === 'sm' ? 'outline' : 'primary', size)}>
      {size === 'md' && <Plus aria-hidden="true" className="size-4" />}
      New contact
    </Link>
  );

  return (
    <>
      <Head title="Contacts" />
      <PageHeader title="Contacts" description="The people you reach by SMS, email and voice: members, guests, donors, customers.">
        <ImportLink href="/contacts/import" permission="contacts.import" />
        <ContactFieldsButton />
        {canCreate && newContact('md')}
      </PageHeader>

      <DataTable
        label="Contacts"
        columns={CONTACT_COLUMNS}
        useQuery={useGetOutreachContactsQuery}
        params={{ source: source || undefined }}
        exportUrl={canExport ? '/contacts/export' : undefined}
        getRowId={(c) => c.id}
        rowLabel={contactName}
        search={{ placeholder: 'Search by name, phone, email…', label: 'Search contacts' }}
        filters={FILTERS}
        toolbar={input}
        defaultSort={{ id: 'created_at', desc: true }}
        rowActions={
          canUpdate || canDelete
            ? (c) => <RecordActions area="contacts" href={`/contacts/${c.id}`} name={contactName(c)} onDelete={() => void deletion.ask([{ ...c, name: contactName(c) }])} />
            : undefined
        }
        empty={{
          title: 'No contacts yet',
          description:
            'Contacts are the people you send messages to. Each has a phone number or an email address, tags, and consent per channel: nobody is messaged on a channel without consent there.',
          action: canCreate && newContact('sm'),
        }}
        errorFallback="Failed to fetch contacts"
      />

      <ConfirmDialog {...deletion.dialog} title="Delete this contact?">
        {first && (
          <p>
            <strong className="font-medium text-slate-900 dark:text-white">{first.name}</strong> will be deleted with their consent history and timeline.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

ContactsIndex.layout = AppLayout;
