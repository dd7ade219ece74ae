import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import type { ContactRow, ContactType } from '@/store/contacts-api';
import { ContactForm } from './ContactForm';
import { CONTACT_COPY, type CurrencyOption } from './copy';

export type ContactEditProps = { contact: ContactRow; currencies: CurrencyOption[] };

export function ContactEdit({ type, contact, currencies }: ContactEditProps & { type: ContactType }) {
  const copy = CONTACT_COPY[type];
  return (
    <>
      <Head title={`Edit ${copy.singular}: ${contact.name}`} />
      <PageHeader title={`Edit ${copy.singular}: ${contact.name}`}>
        <BackLink href={`${copy.base}/${contact.id}`}>{`Back to ${copy.singular}`}</BackLink>
      </PageHeader>
      <ContactForm key={contact.id} type={type} contact={contact} currencies={currencies} />
    </>
  );
}
