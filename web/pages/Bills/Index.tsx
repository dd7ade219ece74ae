import { DocumentIndex } from '@/features/documents/DocumentIndex';
import type { IndexProps } from '@/features/documents/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Bills/Index (PAGES.md): the shared document list, for this type (props.type). */
export default function BillsIndex(props: IndexProps) {
  return <DocumentIndex {...props} />;
}

BillsIndex.layout = AppLayout;
