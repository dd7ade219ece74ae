import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { rows, type Database, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import type { Mailer } from '../../mail/mailer.js';
import { membersWhoMay, notifyMembersWhoMay } from '../notifications/service.js';
import { queueAutoTopUp } from './top-up.js';

/**
 * The low-balance alert (docs/decisions/0032-credit-wallet.md): once per crossing. When a
 * movement takes the balance below the company's threshold, the people who manage the wallet get
 * a notification at once (same transaction) and a mail from the maintenance job after the commit
 * (the mail queue has its own connection); nothing more until the balance has risen to the
 * threshold again and fallen below it once more. The same crossing queues the automatic top-up
 * when the company has turned it on (top-up.ts).
 */

const fmt = (v: string) => {
  const [w, f = ''] = v.split('.');
  const frac = f.replace(/0+$/, '');
  return frac ? `${w}.${frac}` : w;
};

/** Who hears about the wallet: active members whose role is the owner's or may manage the wallet. */
const managers = (tenantId: number) => membersWhoMay(tenantId, 'wallet.manage');

/** Called under the wallet's lock after every movement and threshold change: notes a crossing either way. */
export async function checkLowBalance(tx: Tx, tenantId: number): Promise<boolean> {
  const [changed] = await rows<{ crossed: boolean; balance: string; threshold: string }>(
    tx,
    sql`with w as (
          select id, balance, low_balance_threshold as th, low_balance_alerted as alerted,
                 (low_balance_threshold is not null and balance < low_balance_threshold) as below
            from wallets where tenant_id = ${tenantId}
        )
        update wallets set low_balance_alerted = w.below,
                           low_balance_mail_due = case when w.below then true else false end,
                           updated_at = now()
          from w where wallets.tenant_id = ${tenantId} and wallets.id = w.id and w.below <> w.alerted
        returning w.below as crossed, w.balance::text as balance, w.th::text as threshold`,
  );
  if (!changed?.crossed) return false;
  // the same crossing starts the automatic top-up, when it is on (top-up.ts)
  await queueAutoTopUp(tx, tenantId);
  await notifyMembersWhoMay(tx, tenantId, 'wallet.manage', {
    type: 'wallet.low_balance',
    title: 'Your credit balance is low',
    body: `The wallet has ${fmt(changed.balance)} credits, below your alert threshold of ${fmt(changed.threshold)}. Buy credits so sends are not refused.`,
    url: '/wallet',
    data: { balance: changed.balance, threshold: changed.threshold },
    // sends are refused once the credits run out: worth a toast in the open pages
    important: true,
  });
  return true;
}

/**
 * Mails the alerts given since the last run, once each: the flag is cleared in the same
 * transaction that reads the recipients, and set again when the mail could not be queued.
 */
export async function mailLowBalanceAlerts(deps: { database: Database; mailer: Pick<Mailer, 'send'>; config: Pick<Config, 'appUrl'> }): Promise<number> {
  const due = await deps.database.query<{ tenant_id: number }>(`select tenant_id from wallets where low_balance_mail_due order by tenant_id`);
  let sent = 0;
  for (const { tenant_id } of due) {
    const tenantId = Number(tenant_id);
    const alert = await withTenant(deps.database, tenantId, async (tx) => {
      const [w] = await rows<{ balance: string; threshold: string; company: string }>(
        tx,
        sql`update wallets set low_balance_mail_due = false
             where tenant_id = ${tenantId} and low_balance_mail_due
            returning balance::text as balance, low_balance_threshold::text as threshold, (select name from tenants where id = ${tenantId}) as company`,
      );
      if (!w) return null;
      const to = await rows<{ email: string }>(tx, sql`select u.email from users u where u.id in (${managers(tenantId)}) order by u.id`);
      return { ...w, to: to.map((r) => r.email) };
    });
    if (!alert) continue;
    try {
      for (const to of alert.to) {
        await deps.mailer.send({
          to,
          subject: `${alert.company}: your credit balance is low`,
          text: `The wallet of ${alert.company} has ${fmt(alert.balance)} credits, below your alert threshold of ${fmt(alert.threshold ?? '0')}.\n\nBuy credits so that SMS, email and airtime sends are not refused: ${deps.config.appUrl}/wallet\n`,
        });
      }
      sent++;
    } catch (err) {
      await withTenant(deps.database, tenantId, (tx) => tx.execute(sql`update wallets set low_balance_mail_due = low_balance_alerted where tenant_id = ${tenantId}`));
      throw err;
    }
  }
  return sent;
}
