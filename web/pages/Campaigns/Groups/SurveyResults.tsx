import { useState } from 'react';
import { Card } from '@/components/display/Card';
import { selectClasses } from '@/components/form/styles';
import type { GroupRow } from '@/features/campaigns/api';
import { GroupFrame } from '@/features/campaigns/GroupLayout';
import { useGetGroupSurveysQuery } from '@/features/surveys/api';
import { ResultsPanel } from '@/features/surveys/ResultsPanel';
import { AppLayout } from '@/layouts/AppLayout';

/** Campaigns/Groups/SurveyResults (PAGES.md /groups/{id}/survey-results): the results of the group's surveys, its responses only. */
export default function GroupsSurveyResults({ group }: { group: GroupRow }) {
  const linked = useGetGroupSurveysQuery(group.id);
  const [chosen, setChosen] = useState<number | null>(null);
  const list = linked.data ?? [];
  const survey = list.find((s) => s.id === chosen) ?? list[0] ?? null;
  return (
    <GroupFrame group={group} here="/survey-results">
      {linked.isLoading ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : !survey ? (
        <Card title="Survey results">
          <p className="text-sm text-slate-500 dark:text-slate-400">No survey is linked to this group yet: link one in its Surveys tab.</p>
        </Card>
      ) : (
        <div className="flex flex-col gap-6">
          {list.length > 1 && (
            <label className="flex max-w-sm flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
              Survey
              <select value={survey.id} onChange={(e) => setChosen(Number(e.target.value))} className={selectClasses}>
                {list.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} {s.is_participant ? '(participants)' : '(guests)'}
                  </option>
                ))}
              </select>
            </label>
          )}
          <ResultsPanel key={survey.id} surveyId={survey.id} definition={survey.definition} fixed={{ group_id: group.id }} />
        </div>
      )}
    </GroupFrame>
  );
}

GroupsSurveyResults.layout = AppLayout;
