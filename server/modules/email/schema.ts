import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EmailDnsRecord } from '../../../common/answers/email.js';
import { searchIndexes } from '../../db/search-index.js';
import { tenantTable } from '../../db/tenant-table.js';

/**
 * The company's email settings (common/answers/email.ts EmailSettings): one row, made on first
 * save. Secrets are stored sealed under APP_KEY (server/crypto/sealed.ts) in the *_sealed
 * columns, with a mask beside each for the page.
 */
export const emailSettings = tenantTable(
  'email_settings',
  {
    driver: text('driver').notNull().default('mailgun'),
    mailgunKeySealed: text('mailgun_key_sealed'),
    mailgunKeyMask: text('mailgun_key_mask'),
    mailgunRegion: text('mailgun_region').notNull().default('eu'),
    mailgunDomain: text('mailgun_domain'),
    mailgunFrom: text('mailgun_from'),
    defaultFromName: text('default_from_name'),
    replyToEmail: text('reply_to_email'),
    emailFooter: text('email_footer'),
    webhookSigningKeySealed: text('webhook_signing_key_sealed'),
    webhookSigningKeyMask: text('webhook_signing_key_mask'),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    smtpSecurity: text('smtp_security').notNull().default('starttls'),
    smtpUser: text('smtp_user'),
    smtpPasswordSealed: text('smtp_password_sealed'),
    smtpPasswordMask: text('smtp_password_mask'),
    smtpFrom: text('smtp_from'),
  },
  (t) => [uniqueIndex('email_settings_tenant_unique').on(t.tenantId)],
);

/**
 * A sending domain on the company's Mailgun account, with the DNS records Mailgun asked for as
 * last read (each with its state). One default at most per company (a partial unique index).
 */
export const emailDomains = tenantTable(
  'email_domains',
  {
    domain: text('domain').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    state: text('state').notNull().default('unverified'),
    records: jsonb('records').$type<EmailDnsRecord[]>().notNull().default([]),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('email_domains_domain_unique').on(t.tenantId, t.domain),
    uniqueIndex('email_domains_one_default').on(t.tenantId).where(sql`${t.isDefault}`),
    index('email_domains_domain_sort_idx').on(t.tenantId, t.domain, t.id),
    ...searchIndexes('email_domains', t.domain),
  ],
);
