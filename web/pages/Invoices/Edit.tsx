import { DocumentEdit } from '@/features/documents/DocumentForm';
import type { FormProps } from '@/features/documents/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Invoices/Edit (PAGES.md): the shared document form on the saved document. */
export default function InvoicesEdit(props: FormProps & { id: number }) {
  return <DocumentEdit {...props} />;
}

InvoicesEdit.layout = AppLayout;
