import { Badge } from '@/components/display/Badge';
import { documentStatusLabel, documentStatusTone } from './status';

export { documentStatusLabel, documentStatusTone };

/**
 * The status of an invoice, bill or estimate as a pill (common/documents/status.ts). An issued,
 * unpaid document past its due date reads "Overdue" (isOverdue decides; it is never stored),
 * with its stored status kept for screen readers. The Badge tones keep 4.5:1 contrast in light
 * and dark mode.
 */
export function DocumentStatusBadge({ status, overdue = false, className }: { status: string; overdue?: boolean; className?: string }) {
  const label = documentStatusLabel(status);
  if (overdue) {
    return (
      <Badge tone="danger" dot className={className}>
        Overdue<span className="sr-only"> ({label})</span>
      </Badge>
    );
  }
  return (
    <Badge tone={documentStatusTone(status)} dot className={className}>
      {label}
    </Badge>
  );
}
