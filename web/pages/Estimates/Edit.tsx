import { DocumentEdit } from '@/features/documents/DocumentForm';
import type { FormProps } from '@/features/documents/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Estimates/Edit (PAGES.md): the shared document form on the saved document. */
export default function EstimatesEdit(props: FormProps & { id: number }) {
  return <DocumentEdit {...props} />;
}

EstimatesEdit.layout = AppLayout;
