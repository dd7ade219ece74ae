import { ContactsIndex } from '@/features/contacts/ContactsIndex';
import { AppLayout } from '@/layouts/AppLayout';

export default function VendorsIndex() {
  return <ContactsIndex type="vendor" />;
}

VendorsIndex.layout = AppLayout;
