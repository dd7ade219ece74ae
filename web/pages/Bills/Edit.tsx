import { DocumentEdit } from '@/features/documents/DocumentForm';
import type { FormProps } from '@/features/documents/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Bills/Edit (PAGES.md): the shared document form on the saved document. */
export default function BillsEdit(props: FormProps & { id: number }) {
  return <DocumentEdit {...props} />;
}

BillsEdit.layout = AppLayout;
