import type { ContactRow } from '@/store/contacts-api';
import { AppLayout } from '@/layouts/AppLayout';
import { ContactShow } from '../Customers/Show';

export default function VendorsShow({ contact }: { contact: ContactRow }) {
  return <ContactShow type="vendor" contact={contact} />;
}

VendorsShow.layout = AppLayout;
