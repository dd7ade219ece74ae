import type { GroupRow } from '@/features/campaigns/api';
import { GroupFrame } from '@/features/campaigns/GroupLayout';
import type { Person } from '@/features/workflows/TemplateForm';
import { WorkflowEditor } from '@/features/workflows/WorkflowEditor';
import { AppLayout } from '@/layouts/AppLayout';

/** Campaigns/Groups/WorkflowsIndex (PAGES.md /groups/{id}/workflows): the workflows every event of the series gets. */
export default function GroupWorkflows({ group, members, roles, can_manage_workflows }: { group: GroupRow; members: Person[]; roles: Person[]; can_manage_workflows: boolean }) {
  return (
    <GroupFrame group={group} here="/workflows">
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">A workflow switched on here gives each coming event of the group its tasks, due relative to the event’s start.</p>
      <WorkflowEditor contextType="group" contextId={group.id} members={members} roles={roles} canManage={can_manage_workflows} />
    </GroupFrame>
  );
}

GroupWorkflows.layout = AppLayout;
