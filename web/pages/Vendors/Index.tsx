import { AppLayout } from '@/layouts/AppLayout';
import { ContactsIndex } from '../Customers/Index';

export default function VendorsIndex() {
  return <ContactsIndex type="vendor" />;
}

VendorsIndex.layout = AppLayout;
