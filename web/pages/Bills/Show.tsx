import { DocumentShow } from '@/features/documents/DocumentShow';
import type { ShowProps } from '@/features/documents/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Bills/Show (PAGES.md): the shared document page, for this type (props.type). */
export default function BillsShow(props: ShowProps) {
  return <DocumentShow {...props} />;
}

BillsShow.layout = AppLayout;
