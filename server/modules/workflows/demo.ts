import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.js';
import type { DemoStep } from '../kazi-module.js';
import { generateTasks } from './generate.js';

/**
 * The demo company's workflow (issue 21): "Water point opening" on the demo series of openings,
 * five steps (one with a file approved by the owner, one a checklist waiting for an earlier one),
 * generated onto the series' coming events like any attached workflow, then moved along so the
 * pages show every state: done, waiting for approval, in progress (one sent back with a reason),
 * to do and overdue.
 */
export const seedDemoWorkflows: DemoStep = async (tx, demo) => {
  const t = demo.tenantId;
  const owner = demo.ownerId;
  const [series] = await rows<{ id: number }>(tx, sql`select id from event_groups where tenant_id = ${t} and name = 'Water point openings' limit 1`);
  if (!series) return;
  const [colleague] = await rows<{ user_id: number }>(
    tx,
    sql`select m.user_id from memberships m where m.tenant_id = ${t} and m.user_id <> ${owner} and m.status = 'active' order by m.id limit 1`,
  );
  const helper = colleague ? Number(colleague.user_id) : owner;
  const [w] = await rows<{ id: number }>(
    tx,
    sql`insert into workflows (tenant_id, name, description, context_type, context_id, is_active, created_by)
        values (${t}, 'Water point opening', 'What every opening needs, from the venue to the thank-you notes.', 'group', ${series.id}, true, ${owner}) returning id`,
  );
  const steps: [string, string, number | null, number, boolean, string, string[]][] = [
    ['Book the venue', 'Confirm the grounds with the local chief and pay the deposit.', owner, -21, false, 'none', []],
    ['Water quality report', 'Upload the laboratory’s report on the new water point.', helper, -10, true, 'file', []],
    ['Refreshments budget', 'How much the refreshments cost, in KES.', helper, -7, true, 'number', []],
    ['Set-up checklist', 'On the morning of the opening.', helper, 0, false, 'checklist', ['Tent and chairs', 'Sound system', 'Ribbon and scissors']],
    ['Thank-you notes', 'Write to the donors who came.', owner, 2, false, 'note', []],
  ];
  const ids: number[] = [];
  for (const [i, [title, instructions, who, offset, approval, completion, checklist]] of steps.entries()) {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into task_templates (tenant_id, workflow_id, position, title, instructions, assignee_user_id, due_offset_days, requires_approval, approver_user_id, completion, checklist, depends_on)
          values (${t}, ${w.id}, ${i}, ${title}, ${instructions}, ${who}, ${offset}, ${approval}, ${approval ? owner : null}, ${completion}, ${JSON.stringify(checklist)}::jsonb,
                  ${JSON.stringify(title === 'Set-up checklist' ? [ids[0]] : [])}::jsonb)
          returning id`,
    );
    ids.push(Number(row.id));
  }
  await generateTasks(tx, t, { workflowId: Number(w.id) }, owner);
  // the nearest coming opening is well under way; the later ones have just begun
  const [next] = await rows<{ id: number }>(
    tx,
    sql`select e.id from events e where e.tenant_id = ${t} and e.group_id = ${series.id} and exists (select 1 from tasks k where k.tenant_id = e.tenant_id and k.event_id = e.id)
        order by e.starts_at limit 1`,
  );
  if (!next) return;
  const step = (template: number, status: string, extra = sql``) =>
    rows<{ id: number }>(tx, sql`update tasks set status = ${status}, started_at = now() - interval '3 days' ${extra} where tenant_id = ${t} and event_id = ${next.id} and template_id = ${template} returning id`);
  const history = (taskId: number | undefined, user: number, action: string, from: string, to: string, body: string | null = null) =>
    taskId ? tx.execute(sql`insert into task_activities (tenant_id, task_id, user_id, action, from_status, to_status, body) values (${t}, ${taskId}, ${user}, ${action}, ${from}, ${to}, ${body})`) : null;
  const [venue] = await step(ids[0], 'done', sql`, completed_at = now() - interval '2 days'`);
  await history(venue?.id, owner, 'started', 'todo', 'in_progress');
  await history(venue?.id, owner, 'completed', 'in_progress', 'done');
  const [report] = await step(ids[1], 'submitted', sql`, submitted_at = now() - interval '1 day', result = '{"note": "Report from the county laboratory attached."}'::jsonb`);
  await history(report?.id, helper, 'started', 'todo', 'in_progress');
  await history(report?.id, helper, 'submitted', 'in_progress', 'submitted', 'Report from the county laboratory attached.');
  const [budget] = await step(ids[2], 'in_progress', sql`, rejection_reason = 'Include the water for the guests, please.'`);
  await history(budget?.id, helper, 'started', 'todo', 'in_progress');
  await history(budget?.id, helper, 'submitted', 'in_progress', 'submitted');
  await history(budget?.id, owner, 'rejected', 'submitted', 'in_progress', 'Include the water for the guests, please.');
  if (budget) await tx.execute(sql`insert into task_activities (tenant_id, task_id, user_id, action, body) values (${t}, ${budget.id}, ${owner}, 'commented', 'The caterer quoted KES 18,000 last time.')`);
};
