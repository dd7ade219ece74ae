import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { WorkflowContext } from '../../../common/schemas/workflows.js';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { findVisibleEvent, visibleEventsCondition } from '../campaigns/access.js';

const ID = /^[1-9]\d{0,15}$/;

/** The route's `:name` parameter as an id; anything that cannot be one is a 404 of `what`. */
export function param(req: FastifyRequest, name: string, what: string): number {
  const raw = (req.params as Record<string, string | undefined>)[name] ?? '';
  if (!ID.test(raw)) throw notFound(what);
  return Number(raw);
}

/**
 * The context a workflow is attached to, as the member sees it: an event they may see
 * (campaigns/access.ts), or a group of their company. Another company's, or one they may not
 * see: the 404 of what it is.
 */
export async function requireContext(tx: Tx, req: FastifyRequest, type: WorkflowContext, id: number): Promise<{ name: string }> {
  if (type === 'event') {
    const e = await findVisibleEvent(tx, req, id);
    if (!e) throw notFound('Event');
    return { name: e.name };
  }
  const [g] = await rows<{ name: string }>(tx, sql`select name from event_groups where tenant_id = ${req.tenant!.id} and id = ${id}`);
  if (!g) throw notFound('Group');
  return g;
}

/**
 * Which tasks a member sees (docs/decisions/0049-workflows.md): those of the events they see, and
 * wherever they are the assignee or the approver. A condition over `tasks k` joined to `events`
 * (unaliased: visibleEventsCondition names its columns).
 */
export function visibleTasks(req: FastifyRequest): SQL {
  const events = visibleEventsCondition(req);
  const me = req.user!.id;
  return events ? sql`(${events} or k.assigned_to = ${me} or k.approver_id = ${me})` : sql`true`;
}

export const fromTasks = sql`from tasks k join events on events.tenant_id = k.tenant_id and events.id = k.event_id`;

/** A workflow of the company whose context the member sees; else 404. */
export async function requireWorkflow(tx: Tx, req: FastifyRequest, id: number) {
  const [w] = await rows<{ id: number; name: string; context_type: WorkflowContext; context_id: number; is_active: boolean }>(
    tx,
    sql`select id, name, context_type, context_id, is_active from workflows where tenant_id = ${req.tenant!.id} and id = ${id}`,
  );
  if (!w) throw notFound('Workflow');
  try {
    await requireContext(tx, req, w.context_type, Number(w.context_id));
  } catch {
    throw notFound('Workflow');
  }
  return { ...w, id: Number(w.id), context_id: Number(w.context_id) };
}
