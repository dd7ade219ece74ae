/**
 * A first mailbox sync of many messages (issue 23: "10,000 messages finish in minutes, the list
 * usable meanwhile"), against a real Dovecot (server/testing/imap.ts):
 *   npx tsx bench/mailbox-sync.ts                       # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/mailbox-sync.ts
 * COUNT messages (10,000) are written into the INBOX Maildir, the account is stored, and the sync
 * job's function runs once; meanwhile the first page of the inbox is read every second.
 * ATTACHMENT_BYTES=50000 gives every message one attachment of that size (stored through the
 * media storage by the sync).
 */
import { sql } from 'drizzle-orm';
import { rows } from '../server/db/client.js';
import { withTenant } from '../server/db/tenancy.js';
import { insertAccount } from '../server/modules/mailbox/accounts.js';
import { mailsPage } from '../server/modules/mailbox/mails.js';
import { syncAccount } from '../server/modules/mailbox/sync.js';
import { rawMail, startImap } from '../server/testing/imap.js';
import { startBench } from './harness.js';

const COUNT = Number(process.env.COUNT ?? 10_000);
const ATTACHMENT_BYTES = Number(process.env.ATTACHMENT_BYTES ?? 0);
/** a plain message as rawMail makes it, with one base64 attachment when ATTACHMENT_BYTES asks for one */
function withAttachment(raw: string, i: number): string {
  if (!ATTACHMENT_BYTES) return raw;
  const [head, ...rest] = raw.split('\r\n\r\n');
  const b = 'bench-mixed';
  const data = Buffer.alloc(ATTACHMENT_BYTES, i % 251).toString('base64').replace(/.{76}/g, '$&\r\n');
  return [
    `${head.replace(/\r\nContent-Type: [^\r]*/, '')}\r\nContent-Type: multipart/mixed; boundary="${b}"`,
    [`--${b}`, 'Content-Type: text/plain; charset=utf-8', '', rest.join('\r\n\r\n'), `--${b}`, 'Content-Type: application/octet-stream', `Content-Disposition: attachment; filename="file-${i}.bin"`, 'Content-Transfer-Encoding: base64', '', data, `--${b}--`, ''].join('\r\n'),
  ].join('\r\n\r\n');
}
const USER = { user: 'bench@mail.test', pass: 'bench-pass' };
const imap = await startImap([USER]);
const bench = await startBench({ MAILBOX_ALLOWED_HOSTS: '127.0.0.1' });
const { app, database, tenantId } = bench;
try {
  await imap.deliver(rawMail({ from: 'first@example.test', to: USER.user, subject: 'first', text: 'first' }));
  const body = 'Lorem ipsum dolor sit amet, the borehole pump needs a new seal. '.repeat(20);
  await imap.fill(
    Array.from({ length: COUNT }, (_, i) =>
      withAttachment(rawMail({ from: `Sender ${i} <s${i}@example.test>`, to: USER.user, subject: `Message ${i}`, text: body, date: new Date(Date.UTC(2025, 0, 1) + i * 60_000) }), i),
    ),
  );
  const [{ user_id }] = await withTenant(database, tenantId, (tx) => rows<{ user_id: number }>(tx, sql`select user_id from memberships where tenant_id = ${tenantId} limit 1`));
  const userId = Number(user_id);
  const accountId = await withTenant(database, tenantId, (tx) =>
    insertAccount(tx, app.ctx.config, tenantId, userId, {
      name: 'Bench',
      email: USER.user,
      imap_host: '127.0.0.1',
      imap_port: imap.port,
      imap_security: 'none',
      smtp_host: '127.0.0.1',
      smtp_port: 25,
      smtp_security: 'none',
      username: USER.user,
      password: USER.pass,
      make_default: true,
    }),
  );
  const started = Date.now();
  let reads = 0;
  let worstRead = 0;
  const reader = setInterval(async () => {
    const t = Date.now();
    const [f] = await withTenant(database, tenantId, (tx) => rows<{ id: number }>(tx, sql`select id from mailbox_folders where tenant_id = ${tenantId} and role = 'INBOX'`));
    if (!f) return;
    const p = await withTenant(database, tenantId, (tx) => mailsPage(tx, tenantId, userId, Number(f.id), { page: 1, perPage: 15, search: '' }, '/x'));
    worstRead = Math.max(worstRead, Date.now() - t);
    reads++;
    const [a] = await withTenant(database, tenantId, (tx) => rows<{ sync_done: number; sync_total: number }>(tx, sql`select sync_done, sync_total from mailbox_accounts where id = ${accountId}`));
    console.log(`${((Date.now() - started) / 1000).toFixed(0)} s: ${a.sync_done}/${a.sync_total} stored, first page ${p.data.length} rows in ${Date.now() - t} ms`);
  }, 1000);
  await syncAccount(app.ctx.config, database, app.log, { tenantId, accountId });
  clearInterval(reader);
  const seconds = (Date.now() - started) / 1000;
  const [n] = await withTenant(database, tenantId, (tx) => rows<{ n: number; status: string }>(tx, sql`select count(*)::int as n, (select sync_status from mailbox_accounts where id = ${accountId}) as status from mailbox_mails where tenant_id = ${tenantId}`));
  const [att] = await withTenant(database, tenantId, (tx) => rows<{ n: number; bytes: number }>(tx, sql`select count(*)::int as n, coalesce(sum(size), 0)::bigint as bytes from mailbox_attachments where tenant_id = ${tenantId} and storage_key is not null`));
  if (ATTACHMENT_BYTES) console.log(`${att.n} attachments stored (${(Number(att.bytes) / 1e6).toFixed(1)} MB)`);
  console.log(`${bench.kind}: first sync of ${n.n} messages in ${seconds.toFixed(1)} s (${Math.round(n.n / seconds)} messages/s), status ${n.status}; ${reads} list reads meanwhile, slowest ${worstRead} ms`);
} finally {
  await bench.close();
  await imap.close();
}
