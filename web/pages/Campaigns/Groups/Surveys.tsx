import { Link } from '@inertiajs/react';
import { toast } from 'react-toastify';
import { formatCount } from '@common/format';
import { Card } from '@/components/display/Card';
import { selectClasses } from '@/components/form/styles';
import type { GroupRow } from '@/features/campaigns/api';
import { GroupFrame } from '@/features/campaigns/GroupLayout';
import { useGetGroupSurveysQuery, useGetSurveysQuery, useLinkGroupSurveyMutation, type SurveyRow } from '@/features/surveys/api';
import { SurveyStatus } from '@/features/surveys/StatusActions';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';

/** Campaigns/Groups/Surveys (PAGES.md /groups/{id}/surveys): the group's survey for its guests and the one for its participants. */
export default function GroupsSurveys({ group, can_update }: { group: GroupRow; can_update: boolean }) {
  const linked = useGetGroupSurveysQuery(group.id);
  const all = useGetSurveysQuery({ page: 1, per_page: 100 } as never);
  const [link] = useLinkGroupSurveyMutation();
  const choices = (all.data?.data ?? []) as SurveyRow[];
  const current = (participant: boolean) => linked.data?.find((s) => s.is_participant === participant) ?? null;

  async function choose(participant: boolean, value: string) {
    try {
      const answer = await link({ group_id: group.id, survey_id: value ? Number(value) : null, participant }).unwrap();
      toast.success(answer.message, SHORT_TOAST);
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
  }

  const slot = (participant: boolean) => {
    const s = current(participant);
    const label = participant ? 'Survey for participants' : 'Survey for guests';
    return (
      <Card title={label}>
        <div className="flex flex-col gap-3 text-sm">
          {s ? (
            <p className="flex flex-wrap items-center gap-2 text-slate-700 dark:text-slate-200">
              <Link href={`/surveys/${s.id}`} className="font-medium text-primary hover:underline dark:text-sky-300">
                {s.name}
              </Link>
              <SurveyStatus survey={s} />
              <span>{formatCount(s.responses_count)} responses</span>
            </p>
          ) : (
            <p className="text-slate-500 dark:text-slate-400">No survey linked.</p>
          )}
          {can_update && (
            <label className="flex flex-col gap-1 font-medium text-slate-700 dark:text-slate-300">
              {participant ? 'Link a survey for participants' : 'Link a survey for guests'}
              <select value={s?.id ?? ''} onChange={(e) => void choose(participant, e.target.value)} className={selectClasses}>
                <option value="">No survey</option>
                {choices.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      </Card>
    );
  };

  return (
    <GroupFrame group={group} here="/surveys">
      <div className="grid gap-6 lg:grid-cols-2">
        {slot(false)}
        {slot(true)}
      </div>
    </GroupFrame>
  );
}

GroupsSurveys.layout = AppLayout;
