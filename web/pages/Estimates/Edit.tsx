import { DocumentEdit } from '@/components/documents/pages/DocumentForm';
import type { FormProps } from '@/components/documents/pages/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Estimates/Edit (PAGES.md): the shared document form on the saved document. */
export default function EstimatesEdit(props: FormProps & { id: number }) {
  return <DocumentEdit {...props} />;
}

EstimatesEdit.layout = AppLayout;
