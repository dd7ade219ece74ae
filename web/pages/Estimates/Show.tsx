import { DocumentShow } from '@/features/documents/DocumentShow';
import type { ShowProps } from '@/features/documents/kinds';
import { AppLayout } from '@/layouts/AppLayout';

/** Estimates/Show (PAGES.md): the shared document page, for this type (props.type). */
export default function EstimatesShow(props: ShowProps) {
  return <DocumentShow {...props} />;
}

EstimatesShow.layout = AppLayout;
