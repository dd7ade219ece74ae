import { OutreachContactFormPage } from '@/features/outreach/ContactForm';
import { AppLayout } from '@/layouts/AppLayout';

/** Contacts/Create (PAGES.md): a new outreach contact. */
export default function ContactsCreate() {
  return <OutreachContactFormPage />;
}

ContactsCreate.layout = AppLayout;
