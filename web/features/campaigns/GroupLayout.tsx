import { Head, Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { useCan } from '@/lib/page';
import type { GroupRow } from './api';

const TABS = [
  ['', 'Overview'],
  ['/events', 'Events'],
  ['/participants', 'Participants'],
  ['/rsvp-setup', 'RSVP setup'],
  ['/workflows', 'Workflows'],
  ['/workflows/dashboard', 'Workflow dashboard'],
  ['/surveys', 'Surveys'],
  ['/survey-results', 'Survey results'],
] as const;

/** The frame of a group's pages: its name and the links between them. */
export function GroupFrame({ group, here, children }: { group: GroupRow; here: string; children: ReactNode }) {
  const canWorkflows = useCan('workflows.view');
  const canSurveys = useCan('surveys.view');
  const tabs = TABS.filter(([path]) => (canWorkflows || !path.startsWith('/workflows')) && (canSurveys || !path.startsWith('/survey')));
  return (
    <>
      <Head title={group.name} />
      <PageHeader title={group.name} description={group.campaign_name ? `Campaign: ${group.campaign_name}` : undefined}>
        <BackLink href="/groups">Back to groups</BackLink>
      </PageHeader>
      <nav aria-label="Group" className="mb-6 flex flex-wrap gap-2 border-b border-slate-200 dark:border-slate-700">
        {tabs.map(([path, label]) => (
          <Link key={path} href={`/groups/${group.id}${path}`} aria-current={here === path ? 'page' : undefined} className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${here === path ? 'border-primary text-primary-strong dark:text-primary-light' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300'}`}>
            {label}
          </Link>
        ))}
      </nav>
      {children}
    </>
  );
}
