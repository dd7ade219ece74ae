import { DocumentShow } from '@/features/documents/DocumentShow';
import type { ShowProps } from '@/features/documents/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Invoices/Show (PAGES.md): the shared document page, for this type (props.type). */
export default function InvoicesShow(props: ShowProps) {
  return <DocumentShow {...props} />;
}

InvoicesShow.layout = AppLayout;
