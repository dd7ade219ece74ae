/**
 * Email settings and domains (SPEC §3, §7 Email Settings; issue 17), as the Email/Settings page
 * reads them. Secrets (the Mailgun API key, the webhook signing key, the SMTP password) are never
 * sent back: a masked form ("••••••••3f9a") or null when none is stored. Sending the mask back
 * unchanged, or leaving a secret out, keeps the stored one.
 */
export const EMAIL_DRIVERS = ['mailgun', 'smtp'] as const;
export type EmailDriverChoice = (typeof EMAIL_DRIVERS)[number];
export const MAILGUN_REGION_CHOICES = ['eu', 'us'] as const;
export const SMTP_SECURITY_CHOICES = ['starttls', 'tls', 'none'] as const;

/** GET /email/settings/json → { data }; POST /email/settings/update (email_settings.update) → { message, data } */
export type EmailSettings = {
  driver: EmailDriverChoice;
  mailgun_key: string | null;
  mailgun_region: (typeof MAILGUN_REGION_CHOICES)[number];
  /** the sending domain: the default domain's name */
  mailgun_domain: string | null;
  /** the from address ("news@mg.example.org"); empty: no-reply@ the sending domain */
  mailgun_from: string | null;
  default_from_name: string | null;
  reply_to_email: string | null;
  /** plain text added at the foot of every email, above the unsubscribe link */
  email_footer: string | null;
  /** Mailgun's HTTP webhook signing key, which signs its events */
  webhook_signing_key: string | null;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_security: (typeof SMTP_SECURITY_CHOICES)[number];
  smtp_user: string | null;
  smtp_password: string | null;
  /** the from address for SMTP */
  smtp_from: string | null;
};

export type DnsRecordPurpose = 'spf' | 'dkim' | 'mx' | 'tracking' | 'other';

/** a DNS record Mailgun asks for, with its last checked state */
export type EmailDnsRecord = {
  purpose: DnsRecordPurpose;
  type: string;
  name: string;
  value: string;
  priority: string | null;
  valid: 'valid' | 'invalid' | 'unknown';
};

/** GET /email/settings/domains/json → paginator of these (15 a page) */
export type EmailDomainRow = {
  id: number;
  domain: string;
  is_default: boolean;
  /** Mailgun's state: unverified, active, disabled */
  state: string;
  records: EmailDnsRecord[];
  /** when Mailgun last checked the records for us */
  checked_at: string | null;
  created_at: string;
};

/** GET /email/settings/domains/{id}/keys → { data }; the secret only in POST's answer */
export type EmailDomainKey = {
  id: string;
  description: string;
  created_at: string | null;
  expires_at: string | null;
  disabled: boolean;
  secret: string | null;
};
