import { Head, Link, router } from '@inertiajs/react';
import { formatCount } from '@common/format';
import type { SurveyRow } from '@common/surveys';
import { Card } from '@/components/display/Card';
import { DateTimeText } from '@/components/display/DateText';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { BackLink } from '@/components/record/BackLink';
import { useConfirmDelete } from '@/components/record/confirmed-delete';
import { Details } from '@/components/record/RecordPage';
import { useDeleteSurveyMutation, useGetSurveyQuery } from '@/features/surveys/api';
import { SendSurveyCard, SurveySendsCard } from '@/features/surveys/SendCard';
import { CloseButton, SurveyStatus } from '@/features/surveys/StatusActions';
import { AppLayout } from '@/layouts/AppLayout';

/** Surveys/Show (PAGES.md /surveys/{id}): the survey's settings, its public link, sending it with personal links, where it is linked and its status. */
export default function SurveysShow({
  survey: initial,
  can_update,
  can_close,
  can_delete,
  can_send,
}: {
  survey: SurveyRow;
  can_update: boolean;
  can_close: boolean;
  can_delete: boolean;
  can_send: boolean;
}) {
  const live = useGetSurveyQuery(initial.id);
  const survey = live.data ?? initial;
  const [remove] = useDeleteSurveyMutation();
  const del = useConfirmDelete<SurveyRow>((s) => remove(s.id).unwrap(), (s) => <>“{s.name}” and its {formatCount(s.responses_count)} responses will be deleted.</>, () => router.visit('/surveys'));
  const closing = [survey.closes_at ? 'at a set time' : null, survey.max_responses ? `after ${formatCount(survey.max_responses)} responses` : null].filter(Boolean).join(' or ');
  return (
    <>
      <Head title={survey.name} />
      <PageHeader title={survey.name} description={survey.description ?? undefined}>
        <BackLink href="/surveys">Back to surveys</BackLink>
        <Link href={`/surveys/${survey.id}/results`} className={buttonClasses('primary', 'sm')}>
          Results
        </Link>
        {can_update && (
          <Link href={`/surveys/${survey.id}/edit`} className={buttonClasses('outline', 'sm')}>
            Edit
          </Link>
        )}
        {can_close && <CloseButton survey={survey} onDone={() => void live.refetch()} />}
        {can_delete && (
          <Button size="sm" variant="danger-ghost" onClick={() => del.ask(survey)}>
            Delete
          </Button>
        )}
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card title="Share" className="lg:col-span-2">
          <div className="flex flex-col gap-3 text-sm">
            <p className="text-slate-700 dark:text-slate-200">Anyone with this link may answer, without logging in:</p>
            <div className="flex flex-wrap items-center gap-2">
              <input readOnly aria-label="Public link" dir="ltr" value={survey.public_url} className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100" onFocus={(e) => e.currentTarget.select()} />
              <a href={survey.public_url} target="_blank" rel="noreferrer" className={buttonClasses('outline', 'sm')}>
                Open
              </a>
            </div>
            <p className="text-slate-600 dark:text-slate-300">
              To show it in a page of your website, add a <strong>Survey</strong> block in the <Link href="/cms/pages" className="text-primary underline dark:text-sky-300">page editor</Link>.
            </p>
          </div>
        </Card>
        <Card title="Details">
          <Details
            items={[
              ['Status', <SurveyStatus key="s" survey={survey} />],
              ['Responses', formatCount(survey.responses_count)],
              ['Questions', formatCount(survey.questions_count)],
              ['Closes', closing || 'By hand'],
              ['Closing time', survey.closes_at ? <DateTimeText value={survey.closes_at} /> : '—'],
              ['Answers', survey.anonymous ? 'Anonymous' : 'Linked to contacts'],
              ['Per contact', survey.one_per_contact ? 'One answer' : 'Several answers'],
              ['Event', survey.event_id ? <Link href={`/events/${survey.event_id}`} className="text-primary hover:underline dark:text-sky-300">{survey.event_name}</Link> : '—'],
              ['Group', survey.group_id ? <Link href={`/groups/${survey.group_id}/surveys`} className="text-primary hover:underline dark:text-sky-300">{survey.group_name}{survey.is_participant ? ' (participants)' : ' (guests)'}</Link> : '—'],
              ['Campaign', survey.campaign_name ?? '—'],
            ]}
          />
        </Card>
        {can_send && (
          <div className="lg:col-span-2">
            <SendSurveyCard surveyId={survey.id} open={survey.status === 'open'} />
          </div>
        )}
        <div className="lg:col-span-3">
          <SurveySendsCard surveyId={survey.id} />
        </div>
      </div>
      {del.dialog}
    </>
  );
}

SurveysShow.layout = AppLayout;
