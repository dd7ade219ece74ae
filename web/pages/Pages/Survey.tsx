import type { SurveyFormProps } from '@common/surveys';
import { AnswerForm, PublicFrame } from '@/features/surveys/AnswerForm';

/** Pages/Survey (PAGES.md /p/{company}/{page}/survey): the survey of a CMS page's survey block, answered under the page's name. */
export default function PagesSurvey(props: SurveyFormProps) {
  return (
    <PublicFrame company={props.company} title={props.page ? `${props.page.title}: ${props.survey.name}` : props.survey.name}>
      {props.page && (
        <p className="mb-4 text-sm">
          <a href={props.page.url} className="font-medium text-primary underline dark:text-sky-300">
            ← {props.page.title}
          </a>
        </p>
      )}
      <AnswerForm {...props} />
    </PublicFrame>
  );
}
