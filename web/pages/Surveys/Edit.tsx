import { Head } from '@inertiajs/react';
import type { SurveyRow } from '@common/surveys';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { SurveyBuilder, type SurveyFormOptions } from '@/features/surveys/SurveyBuilder';
import { AppLayout } from '@/layouts/AppLayout';

/** Surveys/Edit (PAGES.md /surveys/{id}/edit): the builder with the stored survey; question ids stay, so answers stay with their questions. */
export default function SurveysEdit({ survey, ...options }: SurveyFormOptions & { survey: SurveyRow }) {
  return (
    <>
      <Head title={`Edit ${survey.name}`} />
      <PageHeader title={`Edit ${survey.name}`}>
        <BackLink href={`/surveys/${survey.id}`}>Back to the survey</BackLink>
      </PageHeader>
      <SurveyBuilder survey={survey} options={options} />
    </>
  );
}

SurveysEdit.layout = AppLayout;
