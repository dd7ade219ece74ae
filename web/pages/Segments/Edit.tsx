import { SegmentFormPage } from '@/features/outreach/SegmentForm';
import { AppLayout } from '@/layouts/AppLayout';
import type { SegmentRow } from '@/store/outreach-api';

/** Segments/Edit: a segment's name, description and rules. */
export default function SegmentsEdit({ segment }: { segment: SegmentRow }) {
  return <SegmentFormPage segment={segment} />;
}

SegmentsEdit.layout = AppLayout;
