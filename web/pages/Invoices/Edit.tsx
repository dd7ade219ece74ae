import { DocumentEdit } from '@/components/documents/pages/DocumentForm';
import type { FormProps } from '@/components/documents/pages/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Invoices/Edit (PAGES.md): the shared document form on the saved document. */
export default function InvoicesEdit(props: FormProps & { id: number }) {
  return <DocumentEdit {...props} />;
}

InvoicesEdit.layout = AppLayout;
