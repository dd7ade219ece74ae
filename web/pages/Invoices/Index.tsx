import { DocumentIndex } from '@/features/documents/DocumentIndex';
import type { IndexProps } from '@/features/documents/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Invoices/Index (PAGES.md): the shared document list, for this type (props.type). */
export default function InvoicesIndex(props: IndexProps) {
  return <DocumentIndex {...props} />;
}

InvoicesIndex.layout = AppLayout;
