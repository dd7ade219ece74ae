import { ContactsIndex } from '@/features/contacts/ContactsIndex';
import { AppLayout } from '@/layouts/AppLayout';

export default function CustomersIndex() {
  return <ContactsIndex type="customer" />;
}

CustomersIndex.layout = AppLayout;
