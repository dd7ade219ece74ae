import type { SurveyFormProps } from '@common/surveys';
import { PublicFrame } from '@/features/surveys/AnswerForm';

/** Surveys/Closed (PAGES.md /s/{token}/closed): what a respondent sees once a survey takes no more answers. */
export default function SurveysClosed({ company, survey, closed, url }: { company: SurveyFormProps['company']; survey: { name: string }; closed: boolean; url: string }) {
  return (
    <PublicFrame company={company} title={`${survey.name}: closed`}>
      <div role="status" className="py-6 text-center">
        <h1 className="mb-2 text-xl font-semibold text-slate-900 dark:text-white">{survey.name}</h1>
        {closed ? (
          <p className="text-slate-700 dark:text-slate-200">This survey is closed. Thank you for your interest.</p>
        ) : (
          <p className="text-slate-700 dark:text-slate-200">
            This survey is open again: <a href={url} className="font-medium text-primary underline dark:text-sky-300">answer it now</a>.
          </p>
        )}
      </div>
    </PublicFrame>
  );
}
