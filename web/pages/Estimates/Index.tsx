import { DocumentIndex } from '@/features/documents/DocumentIndex';
import type { IndexProps } from '@/features/documents/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Estimates/Index (PAGES.md): the shared document list, for this type (props.type). */
export default function EstimatesIndex(props: IndexProps) {
  return <DocumentIndex {...props} />;
}

EstimatesIndex.layout = AppLayout;
