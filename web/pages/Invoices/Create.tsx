import { DocumentCreate } from '@/features/documents/DocumentForm';
import type { FormProps } from '@/features/documents/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Invoices/Create (PAGES.md): the shared document form, for this type (props.type). */
export default function InvoicesCreate(props: FormProps) {
  return <DocumentCreate {...props} />;
}

InvoicesCreate.layout = AppLayout;
