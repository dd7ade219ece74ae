import { ContactShow } from '@/features/contacts/ContactShow';
import { AppLayout } from '@/layouts/AppLayout';
import type { ContactRow } from '@/store/contacts-api';

export default function CustomersShow({ contact }: { contact: ContactRow }) {
  return <ContactShow type="customer" contact={contact} />;
}

CustomersShow.layout = AppLayout;
