import { ContactEdit, type ContactEditProps } from '@/features/contacts/ContactEdit';
import { AppLayout } from '@/layouts/AppLayout';

export default function CustomersEdit(props: ContactEditProps) {
  return <ContactEdit type="customer" {...props} />;
}

CustomersEdit.layout = AppLayout;
