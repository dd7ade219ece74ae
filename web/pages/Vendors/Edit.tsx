import { ContactEdit, type ContactEditProps } from '@/features/contacts/ContactEdit';
import { AppLayout } from '@/layouts/AppLayout';

export default function VendorsEdit(props: ContactEditProps) {
  return <ContactEdit type="vendor" {...props} />;
}

VendorsEdit.layout = AppLayout;
