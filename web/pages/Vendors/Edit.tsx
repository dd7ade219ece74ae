import { AppLayout } from '@/layouts/AppLayout';
import { ContactEdit, type ContactEditProps } from '../Customers/Edit';

export default function VendorsEdit(props: ContactEditProps) {
  return <ContactEdit type="vendor" {...props} />;
}

VendorsEdit.layout = AppLayout;
