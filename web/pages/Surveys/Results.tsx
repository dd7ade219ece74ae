import { Head, Link } from '@inertiajs/react';
import type { SurveyRow } from '@common/surveys';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { buttonClasses } from '@/components/form/Button';
import { ResultsPanel } from '@/features/surveys/ResultsPanel';
import { SurveyStatus } from '@/features/surveys/StatusActions';
import { AppLayout } from '@/layouts/AppLayout';

type Option = { id: number; name: string };

/** Surveys/Results (PAGES.md /surveys/{id}/results): charts per question, filters, each response and the export. */
export default function SurveysResults({ survey, campaigns, events, groups }: { survey: SurveyRow; campaigns: Option[]; events: Option[]; groups: Option[] }) {
  return (
    <>
      <Head title={`Results: ${survey.name}`} />
      <PageHeader title={`Results: ${survey.name}`} description={<SurveyStatus survey={survey} />}>
        <BackLink href={`/surveys/${survey.id}`}>Back to the survey</BackLink>
        <Link href="/surveys" className={buttonClasses('ghost', 'sm')}>
          All surveys
        </Link>
      </PageHeader>
      <ResultsPanel surveyId={survey.id} definition={survey.definition} campaigns={campaigns} events={events} groups={groups} />
    </>
  );
}

SurveysResults.layout = AppLayout;
