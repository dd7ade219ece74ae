import { OutreachContactFormPage, type LinkedContact } from '@/features/outreach/ContactForm';
import { AppLayout } from '@/layouts/AppLayout';
import type { OutreachContactRow } from '@/store/outreach-api';

/** Contacts/Edit (PAGES.md): an outreach contact's details, tags, consent and link. */
export default function ContactsEdit({ contact, linked }: { contact: OutreachContactRow; linked: LinkedContact }) {
  return <OutreachContactFormPage contact={contact} linked={linked} />;
}

ContactsEdit.layout = AppLayout;
