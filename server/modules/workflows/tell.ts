import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows, type Tx } from '../../db/client.js';
import type { OutgoingMail } from '../../mail/mailer.js';
import { notify } from '../notifications/service.js';

export interface TaskNews {
  userId: number;
  type: 'task.assigned' | 'task.submitted' | 'task.approved' | 'task.rejected' | 'task.commented' | 'task.overdue';
  title: string;
  body: string;
  url: string;
  data?: Record<string, unknown>;
}

/**
 * Tells members about their tasks (issue 21): in the app through the notifications module, in
 * the same transaction, and by e-mail through the mail queue once it has committed. Answers the
 * mails; the caller hands them to sendMails after the commit (a rolled-back change mails no one).
 */
export async function tellMembers(tx: Tx, tenantId: number, news: TaskNews[], actorId: number | null): Promise<OutgoingMail[]> {
  // nobody is told about what they did themselves
  const list = news.filter((n) => n.userId !== actorId);
  if (!list.length) return [];
  await notify(
    tx,
    tenantId,
    list.map((n) => ({ userId: n.userId, type: n.type, title: n.title, body: n.body, url: n.url, data: n.data ?? {} })),
  );
  const ids = [...new Set(list.map((n) => n.userId))];
  const people = await rows<{ id: number; email: string; company: string }>(
    tx,
    sql`select u.id, u.email, (select name from tenants where id = ${tenantId}) as company from users u
         join memberships m on m.user_id = u.id and m.tenant_id = ${tenantId} and m.status = 'active'
        where u.id = any(${sql.param(ids)}::bigint[])`,
  );
  const byId = new Map(people.map((p) => [Number(p.id), p]));
  return list.flatMap((n) => {
    const who = byId.get(n.userId);
    return who ? [{ to: who.email, subject: `${who.company}: ${n.title}`, text: `${n.body}\n\nOpen it: {{url}}${n.url}\n` }] : [];
  });
}

/** Queues the mails tellMembers answered (after the commit); a mail that cannot be queued is logged, never the request's failure. */
export async function sendMails(app: FastifyInstance, mails: OutgoingMail[]) {
  for (const m of mails) {
    try {
      await app.ctx.mailer.send({ ...m, text: m.text.replace('{{url}}', app.ctx.config.appUrl) });
    } catch (err) {
      app.log.warn({ err, to: m.to }, 'task mail not queued');
    }
  }
}

export const tasksUrl = (eventId: number, taskId?: number) => `/events/${eventId}/tasks${taskId ? `?task=${taskId}` : ''}`;

/** The assignment news of generated or added tasks: one notification per assignee and event. */
export function assignmentNews(made: { id: number; event_id: number; assigned_to: number | null; title: string }[], eventNames: Map<number, string>): TaskNews[] {
  const groups = new Map<string, { userId: number; eventId: number; titles: string[]; first: number }>();
  for (const m of made) {
    if (!m.assigned_to) continue;
    const key = `${m.assigned_to}:${m.event_id}`;
    const g = groups.get(key) ?? { userId: m.assigned_to, eventId: m.event_id, titles: [], first: m.id };
    g.titles.push(m.title);
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => ({
    userId: g.userId,
    type: 'task.assigned' as const,
    title: g.titles.length === 1 ? `New task: ${g.titles[0]}` : `${g.titles.length} new tasks`,
    body: `${g.titles.length === 1 ? 'A task was' : `${g.titles.length} tasks were`} assigned to you for ${eventNames.get(g.eventId) ?? 'an event'}: ${g.titles.slice(0, 5).join(', ')}${g.titles.length > 5 ? '…' : ''}.`,
    url: tasksUrl(g.eventId, g.titles.length === 1 ? g.first : undefined),
    data: { event_id: g.eventId },
  }));
}
