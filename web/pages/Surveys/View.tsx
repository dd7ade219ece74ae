import type { SurveyFormProps } from '@common/surveys';
import { AnswerForm, PublicFrame } from '@/features/surveys/AnswerForm';

/** Surveys/View (PAGES.md /s/{token}): the public answer page, no login, in the company's theme. */
export default function SurveysView(props: SurveyFormProps) {
  return (
    <PublicFrame company={props.company} title={props.survey.name}>
      <AnswerForm {...props} />
    </PublicFrame>
  );
}
