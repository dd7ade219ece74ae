import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { seal } from '../../crypto/sealed.js';
import type { DemoCompany } from '../kazi-module.js';

/**
 * The demo company's mailbox: the owner's account at the company's example domain with its
 * folders and a few mails (read and unread, a starred one, a sent reply), so Mailbox/Overview
 * has something to show. Its server does not exist: a sync of it fails and says so on the
 * account, and the mails stay as seeded. Nothing is stored without the app's configuration
 * (the password is sealed under its key).
 */
export async function seedDemoMailbox(tx: Tx, { tenantId, ownerId, today, config }: DemoCompany) {
  if (!config) return;
  const email = 'office@demo.kazi.example';
  const [account] = await rows<{ id: number }>(
    tx,
    sql`insert into mailbox_accounts (tenant_id, user_id, name, email, provider, is_default, imap_host, imap_port, imap_security, smtp_host, smtp_port, smtp_security,
                                      username, password_sealed, last_synced_at, sync_status)
        values (${tenantId}, ${ownerId}, 'Office', ${email}, 'imap', true, 'imap.demo.kazi.example', 993, 'tls', 'smtp.demo.kazi.example', 465, 'tls', ${email},
                ${seal(config.appKey, `mailbox_accounts:${tenantId}:${ownerId}:${email}`, 'demo-password')}, ${today.toISOString()}, 'idle')
        returning id`,
  );
  const accountId = Number(account.id);
  const folders = await rows<{ id: number; role: string | null; path: string }>(
    tx,
    sql`insert into mailbox_folders (tenant_id, account_id, path, name, role, uid_validity, last_uid)
        select ${tenantId}, ${accountId}, f.path, f.name, f.role, 1, f.last_uid
          from (values ('INBOX', 'INBOX', 'INBOX', 4), ('Sent', 'SENT', 'SENT', 1), ('Drafts', 'DRAFTS', 'DRAFTS', 0), ('Junk', 'SPAM', 'SPAM', 0),
                       ('Trash', 'TRASH', 'TRASH', 0), ('Projects', 'Projects', null, 1)) as f(path, name, role, last_uid)
        returning id, role, path`,
  );
  const folder = (role: string | null, path?: string) => Number(folders.find((f) => (path ? f.path === path : f.role === role))!.id);
  const at = (hoursAgo: number) => new Date(today.getTime() - hoursAgo * 3_600_000).toISOString();
  const mails = [
    { f: folder('INBOX'), uid: 1, from: ['Amina Njeri', 'amina@kibera-water.example'], subject: 'Water point budget for March', text: 'Hello,\n\nPlease find the revised budget for the Kibera water point. The pump costs came in under the estimate.\n\nAmina', read: true, star: true, h: 50 },
    { f: folder('INBOX'), uid: 2, from: ['Brian Otieno', 'brian@supplies.example'], subject: 'Invoice 2041 paid', text: 'Thank you, we received the payment for invoice 2041 this morning.', read: true, star: false, h: 26 },
    { f: folder('INBOX'), uid: 3, from: ['Grace Wanjiru', 'grace@community.example'], subject: 'Volunteers for Saturday', text: 'We have twelve volunteers confirmed for the Saturday clean-up. Can you send the route?', read: false, star: false, h: 5 },
    { f: folder('INBOX'), uid: 4, from: ['Kazi Events', 'events@kazi.example'], subject: 'Your event starts in 3 days', text: 'The community fundraiser starts on Friday. 84 guests have confirmed.', read: false, star: false, h: 1 },
    { f: folder('SENT'), uid: 1, from: ['Office', email], subject: 'Re: Water point budget for March', text: 'Thanks Amina, approved. Please go ahead with the order.', read: true, star: false, h: 48, to: 'amina@kibera-water.example' },
    { f: folder(null, 'Projects'), uid: 1, from: ['Amina Njeri', 'amina@kibera-water.example'], subject: 'Project plan', text: 'The project plan we agreed with the committee.', read: true, star: false, h: 200 },
  ];
  await tx.execute(
    sql`insert into mailbox_mails (tenant_id, account_id, folder_id, uid, message_id, subject, from_name, from_email, to_addresses, date, snippet, text_body, is_read, is_starred)
        select ${tenantId}, ${accountId}, m.f, m.uid, m.mid, m.subject, m.from_name, m.from_email, m.to_addresses, m.date, left(m.text, 200), m.text, m.read, m.star
          from jsonb_to_recordset(${JSON.stringify(
            mails.map((m, i) => ({
              f: m.f,
              uid: m.uid,
              mid: `<demo-${i + 1}@demo.kazi.example>`,
              subject: m.subject,
              from_name: m.from[0],
              from_email: m.from[1],
              to_addresses: [{ name: '', address: m.to ?? email }],
              date: at(m.h),
              text: m.text,
              read: m.read,
              star: m.star,
            })),
          )}::jsonb) as m(f bigint, uid bigint, mid text, subject text, from_name text, from_email text, to_addresses jsonb, date timestamptz, text text, read boolean, star boolean)`,
  );
}
