import { toast } from 'react-toastify';
import type { SurveyRow } from '@common/surveys';
import { StatusPill } from '@/components/display/Badge';
import { Button } from '@/components/form/Button';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { useCloseSurveyMutation } from './api';

export const SurveyStatus = ({ survey }: { survey: Pick<SurveyRow, 'status'> }) => <StatusPill status={survey.status} label={survey.status === 'open' ? 'Open' : 'Closed'} tone={survey.status === 'open' ? 'success' : 'secondary'} />;

/** Close or reopen a survey by hand (POST /surveys/close-survey/{id}, /surveys/open-survey/{id}). */
export function CloseButton({ survey, onDone }: { survey: Pick<SurveyRow, 'id' | 'name' | 'status'>; onDone?: () => void }) {
  const [close, state] = useCloseSurveyMutation();
  const closing = survey.status === 'open';
  async function run() {
    try {
      const answer = await close({ id: survey.id, close: closing }).unwrap();
      toast.success(answer.message, SHORT_TOAST);
      onDone?.();
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
  }
  return (
    <Button size="sm" variant="outline" busy={state.isLoading} onClick={() => void run()} aria-label={`${closing ? 'Close' : 'Reopen'} ${survey.name}`}>
      {closing ? 'Close' : 'Reopen'}
    </Button>
  );
}
