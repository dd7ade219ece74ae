import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';
import { createGroup, directThread, markAsRead, sendMessage } from './service.js';

/**
 * The demo company's chat: a direct thread between the owner and the first colleague, and a group
 * of everyone, with a reply, an edited message, a link and messages the owner has not read yet
 * (the unread badges). Without colleagues (a bare company) there is nobody to talk to: nothing.
 */
export async function seedDemoChat(tx: Tx, { tenantId, ownerId, today }: DemoCompany) {
  const others = (
    await rows<{ user_id: number }>(
      tx,
      sql`select user_id from memberships where tenant_id = ${tenantId} and status = 'active' and user_id <> ${ownerId} order by id`,
    )
  ).map((r) => Number(r.user_id));
  if (!others.length) return;
  const [amina, brian = amina] = others;

  const say = (threadId: number, from: number, body: string, reply_to_id: number | null = null) =>
    sendMessage(tx, tenantId, from, { thread_id: threadId, body, reply_to_id, attachment_ids: [] });

  const direct = (await directThread(tx, tenantId, ownerId, amina)).id;
  const hello = await say(direct, amina, 'Hi! Do you have a minute to look at the Kibera water point budget?');
  await say(direct, ownerId, 'Sure. Send me the latest figures and I will go through them this afternoon.', hello.id);
  await say(direct, amina, 'Here is the plan we agreed with the committee: https://kazi.example/projects/kibera');
  const edited = await say(direct, amina, 'The pump costs came in 5% under the estimate.');
  await rows(tx, sql`update chat_messages set body = ${'The pump costs came in 8% under the estimate 🎉'}, edited_at = now() where tenant_id = ${tenantId} and id = ${edited.id}`);
  await markAsRead(tx, tenantId, ownerId, direct, hello.id + 1);

  const team = await createGroup(tx, tenantId, ownerId, { name: 'Water project team', member_ids: others });
  await say(team, ownerId, 'Welcome to the project channel. Updates on the water points go here.');
  await say(team, brian, 'Invoices for the March deliveries are posted. Two are still waiting for approval.');
  const question = await say(team, amina, 'Can we move the Kisumu site visit to Thursday?');
  await say(team, brian, 'Thursday works for me 👍', question.id);

  // spread the conversation over the last hours, oldest first, so the times read like a real day
  await rows(
    tx,
    sql`update chat_messages m set created_at = ${today.toISOString()}::timestamptz - (s.n * interval '17 minutes')
          from (select id, row_number() over (order by id desc) - 1 as n from chat_messages where tenant_id = ${tenantId}) s
         where m.tenant_id = ${tenantId} and m.id = s.id`,
  );
  await rows(
    tx,
    sql`update chat_threads t set last_message_at = m.created_at
          from chat_messages m where t.tenant_id = ${tenantId} and m.tenant_id = t.tenant_id and m.id = t.last_message_id`,
  );
}
