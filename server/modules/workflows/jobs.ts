import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { OutgoingMail } from '../../mail/mailer.js';
import { sendMails, tasksUrl, tellMembers, type TaskNews } from './tell.js';

export const OVERDUE_JOB = 'workflows.overdue';
const EVERY_SECONDS = 3600;

/**
 * The overdue reminder (issue 21): every task still to be done after its due time reminds its
 * assignee once a day. A task is claimed with `UPDATE … SET reminded_on = current_date WHERE
 * reminded_on IS DISTINCT FROM current_date` in the transaction that writes the notifications, so
 * two sweeps (two workers, a retried job) never remind the same task twice on one day. One
 * notification per assignee, listing their overdue tasks.
 */
export async function overdueSweep(app: FastifyInstance): Promise<{ reminded: number }> {
  const { database } = app.ctx;
  const due = await database.query<{ tenant_id: number }>(
    `select distinct tenant_id from tasks
      where status in ('todo', 'in_progress') and due_at < now() and reminded_on is distinct from current_date`,
  );
  let reminded = 0;
  for (const { tenant_id } of due) {
    const tenantId = Number(tenant_id);
    const mails: OutgoingMail[] = await withTenant(database, tenantId, async (tx) => {
      const claimed = await rows<{ id: number; assigned_to: number | null; title: string; event_id: number }>(
        tx,
        sql`update tasks set reminded_on = current_date
             where tenant_id = ${tenantId} and status in ('todo', 'in_progress') and due_at < now() and reminded_on is distinct from current_date
            returning id, assigned_to, title, event_id`,
      );
      if (!claimed.length) return [];
      reminded += claimed.length;
      await tx.execute(sql`insert into task_activities (tenant_id, task_id, action)
        select ${tenantId}, id, 'reminded' from unnest(${sql.param(claimed.map((c) => Number(c.id)))}::bigint[]) as id`);
      const byUser = new Map<number, typeof claimed>();
      for (const c of claimed) if (c.assigned_to) byUser.set(Number(c.assigned_to), [...(byUser.get(Number(c.assigned_to)) ?? []), c]);
      const news: TaskNews[] = [...byUser.entries()].map(([userId, list]) => ({
        userId,
        type: 'task.overdue',
        title: list.length === 1 ? `Overdue: ${list[0].title}` : `${list.length} tasks are overdue`,
        body: `These tasks are past their due date: ${list.slice(0, 10).map((l) => l.title).join(', ')}${list.length > 10 ? '…' : ''}.`,
        url: tasksUrl(Number(list[0].event_id), list.length === 1 ? Number(list[0].id) : undefined),
        data: { task_ids: list.map((l) => Number(l.id)) },
      }));
      return tellMembers(tx, tenantId, news, null);
    });
    await sendMails(app, mails);
  }
  return { reminded };
}

export function workflowJobs(app: FastifyInstance) {
  const { queue, log, config } = app.ctx;
  const next = () => {
    const slot = EVERY_SECONDS * 1000;
    const at = new Date(Math.floor(Date.now() / slot) * slot + slot);
    return queue.send(OVERDUE_JOB, {}, { startAfter: at, singletonKey: `workflows-overdue:${at.toISOString()}`, singletonSeconds: 10 * 365 * 86_400 });
  };
  queue.define(
    OVERDUE_JOB,
    async () => {
      try {
        const done = await overdueSweep(app);
        if (done.reminded) log.info(done, 'overdue tasks reminded');
      } finally {
        await next();
      }
    },
    { batchSize: 1, concurrency: 1 },
  );
  queue.onStarted(async () => {
    if (config.inProcessWorkers) await queue.send(OVERDUE_JOB, {}).catch((err: unknown) => log.error({ err }, 'could not schedule the overdue sweep'));
  });
}
