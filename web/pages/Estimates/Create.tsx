import { DocumentCreate } from '@/features/documents/DocumentForm';
import type { FormProps } from '@/features/documents/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Estimates/Create (PAGES.md): the shared document form, for this type (props.type). */
export default function EstimatesCreate(props: FormProps) {
  return <DocumentCreate {...props} />;
}

EstimatesCreate.layout = AppLayout;
