import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { AppLayout } from '@/layouts/AppLayout';
import type { ContactRow, ContactType } from '@/store/contacts-api';
import { ContactForm } from './Create';
import { CONTACT_COPY, type CurrencyOption } from './contact-pages';

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

export default function CustomersEdit(props: ContactEditProps) {
  return <ContactEdit type="customer" {...props} />;
}

CustomersEdit.layout = AppLayout;
