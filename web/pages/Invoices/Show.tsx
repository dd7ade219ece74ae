import { DocumentShow } from '@/components/documents/pages/DocumentShow';
import type { ShowProps } from '@/components/documents/pages/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Invoices/Show (PAGES.md): the shared document page, for this type (props.type). */
export default function InvoicesShow(props: ShowProps) {
  return <DocumentShow {...props} />;
}

InvoicesShow.layout = AppLayout;
