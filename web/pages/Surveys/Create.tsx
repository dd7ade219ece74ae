import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { SurveyBuilder, type SurveyFormOptions } from '@/features/surveys/SurveyBuilder';
import { AppLayout } from '@/layouts/AppLayout';

/** Surveys/Create (PAGES.md /surveys/create): the builder. */
export default function SurveysCreate(props: SurveyFormOptions) {
  return (
    <>
      <Head title="New survey" />
      <PageHeader title="New survey" description="Sections and questions, skip logic, and how the survey closes.">
        <BackLink href="/surveys">Back to surveys</BackLink>
      </PageHeader>
      <SurveyBuilder options={props} />
    </>
  );
}

SurveysCreate.layout = AppLayout;
