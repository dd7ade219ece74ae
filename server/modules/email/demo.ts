import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';

/**
 * The demo company's email settings: who its emails come from, the reply-to and the footer, on
 * Mailgun's EU region. No API key and no domain: those are the company's own Mailgun account, so
 * the settings page shows what is still needed rather than a domain nobody verified.
 */
export async function seedDemoEmail(tx: Tx, demo: DemoCompany) {
  await tx.execute(sql`insert into email_settings (tenant_id, driver, mailgun_region, default_from_name, reply_to_email, email_footer)
    values (${demo.tenantId}, 'mailgun', 'eu', 'Kazi Foundation', 'hello@kazi.example',
            ${'Kazi Foundation · PO Box 00100 · Nairobi, Kenya\nYou receive this email because you support our work.'})`);
}
