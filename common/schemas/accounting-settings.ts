import { z } from 'zod';
import { DATE_FORMATS, DEFAULT_DATE_FORMAT } from '../format.js';
import { EMAIL_TEMPLATE_DEFAULTS, EMAIL_TEMPLATE_KEYS, EMAIL_TEMPLATE_VARIABLES, type EmailTemplateKey } from './accounting-email-templates.js';

export { EMAIL_TEMPLATE_DEFAULTS, EMAIL_TEMPLATE_KEYS, EMAIL_TEMPLATE_VARIABLES, type EmailTemplateKey };

// Settings/Accounting: the zod schema of every resource and settings section, shared by the
// server's 422s and the pages' forms, and the defaults a section answers until it is saved.

/** Optional text: trimmed, '' and missing become null. */
const text = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' ? null : (v ?? null)));

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(255)
  .pipe(z.union([z.literal(''), z.email()]))
  .nullish()
  .transform((v) => v || null);

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const CATEGORY_TYPES = ['income', 'expense', 'item', 'other'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

// ---------------------------------------------------------------- currencies

/**
 * A rate against the default currency, as an exact decimal string ("129.5"): what numeric(18,8)
 * holds, so nothing is rounded on the way in. Numbers from JSON clients are accepted as written.
 */
export const rateString = z
  .union([z.string().trim(), z.number()])
  .transform((v) => String(v))
  .refine((v) => /^\d{1,10}(\.\d{1,8})?$/.test(v), 'The rate must be a number with at most 10 digits before the point and 8 after it.')
  .refine((v) => /[1-9]/.test(v), 'The rate must be greater than 0.');

export const currencySchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'The code must be a 3-letter ISO code.'),
  name: z.string().trim().min(1).max(100),
  rate: rateString,
  precision: z.number().int().min(0).max(4).default(2),
  symbol: z.string().trim().max(10).default(''),
  symbol_first: z.boolean().default(true),
  // never trimmed: a space is a real thousands separator (fr-FR, ZA)
  decimal_mark: z.string().min(1, 'The decimal mark must be one character.').max(1, 'The decimal mark must be one character.').default('.'),
  thousands_separator: z.string().max(1, 'The thousands separator must be at most one character.').default(','),
  is_default: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type CurrencyInput = z.input<typeof currencySchema>;

/** The form's extra check (the server makes it on the merged record, since updates may be partial). */
export const currencyFormSchema = currencySchema.refine((c) => c.decimal_mark !== c.thousands_separator, {
  path: ['thousands_separator'],
  message: 'The thousands separator must differ from the decimal mark.',
});

// ---------------------------------------------------------------- categories

export const categorySchema = z.object({
  name: z.string().trim().min(1).max(100),
  type: z.enum(CATEGORY_TYPES),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'The color must be a hex colour such as #4669FA.')
    .transform((v) => v.toUpperCase())
    .default('#4669FA'),
  /** one level only: the parent has no parent of its own and the same type (checked by the server) */
  parent_id: id.nullish().transform((v) => v ?? null),
  enabled: z.boolean().default(true),
});
export type CategoryInput = z.input<typeof categorySchema>;

// ---------------------------------------------------------------- offline payment methods

export const paymentMethodSchema = z.object({
  name: z.string().trim().min(1).max(100),
  /** made from the name when not given ("offline_payments.cash.3") */
  code: z
    .string()
    .trim()
    .toLowerCase()
    .max(100)
    .refine((v) => v === '' || /^[a-z0-9][a-z0-9._-]*$/.test(v), 'The code may only contain letters, numbers, dots, dashes and underscores.')
    .nullish()
    .transform((v) => v || undefined),
  instructions: text(2000),
  /** the order in lists; the next free position when not given */
  position: z
    .number()
    .int()
    .min(0)
    .max(9999)
    .nullish()
    .transform((v) => v ?? undefined),
  enabled: z.boolean().default(true),
});
export type PaymentMethodInput = z.input<typeof paymentMethodSchema>;

// ---------------------------------------------------------------- settings sections

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** "DD-MM": the day and month the financial year starts on (29-02 is allowed, as in leap years). */
export const financialYearStart = z
  .string()
  .trim()
  .refine((v) => {
    const m = /^(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    const [day, month] = [Number(m[1]), Number(m[2])];
    return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1];
  }, 'The financial year start must be a day and month such as 01-07.');

export const generalSettingsSchema = z.object({
  name: z.string().trim().min(1).max(255),
  email: optionalEmail,
  phone: text(50),
  financial_year_start: financialYearStart,
  /** how every page, PDF, export and e-mail writes dates (common/format.ts); older saved sections answer the default */
  date_format: z.enum(DATE_FORMATS).default(DEFAULT_DATE_FORMAT),
  tax_number: text(100),
  street: text(255),
  city: text(100),
  province: text(100),
  country: text(100),
  postal_code: text(20),
});

/** What new documents start with. Each reference must exist in the company (checked by the server). */
export const defaultsSettingsSchema = z.object({
  account_id: id.nullable(),
  /** the default currency itself: saving another one here makes it the default */
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'The currency must be a 3-letter ISO code.'),
  payment_method: z.string().trim().max(100).nullable(),
  tax_id: id.nullable(),
  income_category_id: id.nullable(),
  expense_category_id: id.nullable(),
});

const columnName = z.string().trim().min(1).max(50);

export const invoiceSettingsSchema = z.object({
  number_prefix: z.string().trim().max(20),
  number_next: z.number().int().min(1).max(999_999_999),
  number_digits: z.number().int().min(1).max(10),
  /** days from issue to due date */
  payment_terms: z.number().int().min(0).max(365),
  notes: text(2000),
  footer: text(2000),
  item_name: columnName,
  price_name: columnName,
  quantity_name: columnName,
});

const DAY_MESSAGE = 'Each day must be a whole number from 1 to 365.';
/** Day counts, kept unique and in order. */
const dayList = z
  .array(z.number({ error: DAY_MESSAGE }).int(DAY_MESSAGE).min(1, DAY_MESSAGE).max(365, DAY_MESSAGE))
  .max(10)
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

export const schedulingSettingsSchema = z.object({
  /** remind customers of their invoices, N days before and after the due date */
  send_invoice_reminder: z.boolean(),
  invoice_days_before: dayList,
  invoice_days_after: dayList,
  /** remind the company of the bills it has to pay, N days before they are due */
  send_bill_reminder: z.boolean(),
  bill_days_before: dayList,
});

/** A template's subject and body may use only its own variables ({invoice_number}…). */
const template = (key: EmailTemplateKey) => {
  const known = new Set<string>(EMAIL_TEMPLATE_VARIABLES[key]);
  const unknown = (v: string) => [...v.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[0]).filter((t) => !known.has(t));
  const usesKnown = (v: string) => unknown(v).length === 0;
  const message = (v: string) => `Unknown variable ${unknown(v)[0]}: this template knows ${[...known].join(', ')}.`;
  return z.object({
    subject: z.string().trim().min(1).max(255).refine(usesKnown, { error: (i) => message(String(i.input)) }),
    body: z.string().trim().min(1).max(20_000).refine(usesKnown, { error: (i) => message(String(i.input)) }),
  });
};

export const emailTemplatesSettingsSchema = z.object(
  Object.fromEntries(EMAIL_TEMPLATE_KEYS.map((k) => [k, template(k)])) as Record<EmailTemplateKey, ReturnType<typeof template>>,
);

export const MAILBOX_DRIVERS = ['system', 'custom'] as const;

/**
 * Which mailbox sends accounting mail: the system mailer, or the system mailer with the
 * company's own sender name and address. Connected mailboxes come with the Mailbox area.
 */
export const mailboxSettingsSchema = z
  .object({
    driver: z.enum(MAILBOX_DRIVERS),
    from_name: text(100),
    from_address: optionalEmail,
  })
  .superRefine((v, ctx) => {
    if (v.driver !== 'custom') return;
    if (!v.from_name) ctx.addIssue({ code: 'custom', path: ['from_name'], message: 'The from name field is required when sending as the company.' });
    if (!v.from_address) ctx.addIssue({ code: 'custom', path: ['from_address'], message: 'The from address field is required when sending as the company.' });
  });

export const ACCOUNTING_SETTING_SCHEMAS = {
  general: generalSettingsSchema,
  defaults: defaultsSettingsSchema,
  invoices: invoiceSettingsSchema,
  scheduling: schedulingSettingsSchema,
  email_templates: emailTemplatesSettingsSchema,
  mailbox: mailboxSettingsSchema,
} as const;

export type AccountingSettingKey = keyof typeof ACCOUNTING_SETTING_SCHEMAS;
export const ACCOUNTING_SETTING_KEYS = Object.keys(ACCOUNTING_SETTING_SCHEMAS) as AccountingSettingKey[];
export type AccountingSettings = { [K in AccountingSettingKey]: z.output<(typeof ACCOUNTING_SETTING_SCHEMAS)[K]> };

/**
 * What a section answers until it is first saved: the one place documents, reminders and the
 * pages read them from. `general.name` falls back to the company's own name on the server.
 */
export const ACCOUNTING_SETTING_DEFAULTS: AccountingSettings = {
  general: {
    name: '',
    email: null,
    phone: null,
    financial_year_start: '01-01',
    date_format: DEFAULT_DATE_FORMAT,
    tax_number: null,
    street: null,
    city: null,
    province: null,
    country: null,
    postal_code: null,
  },
  defaults: { account_id: null, currency: 'USD', payment_method: null, tax_id: null, income_category_id: null, expense_category_id: null },
  invoices: {
    number_prefix: 'INV-',
    number_next: 1,
    number_digits: 5,
    payment_terms: 30,
    notes: null,
    footer: null,
    item_name: 'Items',
    price_name: 'Price',
    quantity_name: 'Quantity',
  },
  scheduling: { send_invoice_reminder: false, invoice_days_before: [3], invoice_days_after: [1, 7, 14], send_bill_reminder: false, bill_days_before: [3] },
  email_templates: EMAIL_TEMPLATE_DEFAULTS,
  mailbox: { driver: 'system', from_name: null, from_address: null },
};

/** The URL segment of a section (`email_templates` → `email-templates`). */
export const sectionSlug = (key: AccountingSettingKey) => key.replace(/_/g, '-');

/** "INV-00001": the number an invoice gets with these settings. */
export function invoiceNumber(settings: Pick<AccountingSettings['invoices'], 'number_prefix' | 'number_digits'>, next: number): string {
  return `${settings.number_prefix}${String(next).padStart(settings.number_digits, '0')}`;
}
