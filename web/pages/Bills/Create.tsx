import { DocumentCreate } from '@/features/documents/DocumentForm';
import type { FormProps } from '@/features/documents/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Bills/Create (PAGES.md): the shared document form, for this type (props.type). */
export default function BillsCreate(props: FormProps) {
  return <DocumentCreate {...props} />;
}

BillsCreate.layout = AppLayout;
