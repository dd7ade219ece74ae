import { ContactShow } from '@/features/contacts/ContactShow';
import { AppLayout } from '@/layouts/AppLayout';
import type { ContactRow } from '@/store/contacts-api';

export default function VendorsShow({ contact }: { contact: ContactRow }) {
  return <ContactShow type="vendor" contact={contact} />;
}

VendorsShow.layout = AppLayout;
