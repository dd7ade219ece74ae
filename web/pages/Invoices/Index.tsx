import { DocumentIndex } from '@/components/documents/pages/DocumentIndex';
import type { IndexProps } from '@/components/documents/pages/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Invoices/Index (PAGES.md): the shared document list, for this type (props.type). */
export default function InvoicesIndex(props: IndexProps) {
  return <DocumentIndex {...props} />;
}

InvoicesIndex.layout = AppLayout;
