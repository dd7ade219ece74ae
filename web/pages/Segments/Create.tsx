import { SegmentFormPage } from '@/features/outreach/SegmentForm';
import { AppLayout } from '@/layouts/AppLayout';

/** Segments/Create: a new segment, dynamic (rules, live count) or static. */
export default function SegmentsCreate() {
  return <SegmentFormPage />;
}

SegmentsCreate.layout = AppLayout;
