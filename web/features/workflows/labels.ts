import type { Tone } from '@/components/display/Badge';
import type { TaskStatus } from '@common/schemas/workflows';

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  submitted: 'Waiting for approval',
  approved: 'Approved',
  done: 'Done',
};

export const TASK_STATUS_TONES: Record<TaskStatus, Tone> = {
  todo: 'secondary',
  in_progress: 'info',
  submitted: 'warning',
  approved: 'success',
  done: 'success',
};
