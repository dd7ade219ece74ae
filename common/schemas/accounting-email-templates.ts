// The accounting e-mails a company can word itself (Settings/Accounting/EmailTemplates): their
// keys, the variables each one may use, and the texts they start with.

export const EMAIL_TEMPLATE_KEYS = ['invoice_new', 'invoice_remind_customer', 'invoice_payment_customer', 'bill_remind_admin'] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];

export const EMAIL_TEMPLATE_LABELS: Record<EmailTemplateKey, { title: string; description: string }> = {
  invoice_new: { title: 'New invoice', description: 'Sent to the customer with a new invoice.' },
  invoice_remind_customer: { title: 'Invoice reminder', description: 'Sent to the customer before and after the due date (Scheduling).' },
  invoice_payment_customer: { title: 'Payment receipt', description: 'Sent to the customer when a payment of the invoice is recorded.' },
  bill_remind_admin: { title: 'Bill reminder', description: 'Sent to the company before a bill is due (Scheduling).' },
};

const COMPANY = ['{company_name}', '{company_email}', '{company_phone}', '{company_address}'] as const;
const INVOICE = ['{invoice_number}', '{invoice_total}', '{invoice_amount_due}', '{invoice_due_date}', '{invoice_guest_link}', '{customer_name}'] as const;

/** Each template's variables, replaced by their values (HTML-escaped) when the mail is sent. */
export const EMAIL_TEMPLATE_VARIABLES: Record<EmailTemplateKey, readonly string[]> = {
  invoice_new: [...INVOICE, ...COMPANY],
  invoice_remind_customer: [...INVOICE, ...COMPANY],
  invoice_payment_customer: [...INVOICE, '{transaction_total}', '{transaction_paid_date}', '{transaction_payment_method}', ...COMPANY],
  bill_remind_admin: ['{bill_number}', '{bill_total}', '{bill_amount_due}', '{bill_due_date}', '{bill_admin_link}', '{vendor_name}', ...COMPANY],
};

export const EMAIL_TEMPLATE_DEFAULTS: Record<EmailTemplateKey, { subject: string; body: string }> = {
  invoice_new: {
    subject: 'Invoice {invoice_number} from {company_name}',
    body: [
      '<p>Dear {customer_name},</p>',
      '<p>We have prepared invoice <strong>{invoice_number}</strong> for you, for a total of {invoice_total}, due on {invoice_due_date}.</p>',
      '<p>You can see the invoice and pay it here: <a href="{invoice_guest_link}">{invoice_number}</a>.</p>',
      '<p>Feel free to contact us with any question.</p>',
      '<p>Best regards,<br>{company_name}</p>',
    ].join('\n'),
  },
  invoice_remind_customer: {
    subject: 'Reminder: invoice {invoice_number} is due on {invoice_due_date}',
    body: [
      '<p>Dear {customer_name},</p>',
      '<p>This is a friendly reminder about invoice <strong>{invoice_number}</strong>: {invoice_amount_due} of {invoice_total} is due on {invoice_due_date}.</p>',
      '<p>You can see the invoice and pay it here: <a href="{invoice_guest_link}">{invoice_number}</a>.</p>',
      '<p>If you have already paid, please ignore this message.</p>',
      '<p>Best regards,<br>{company_name}</p>',
    ].join('\n'),
  },
  invoice_payment_customer: {
    subject: 'Payment received for invoice {invoice_number}',
    body: [
      '<p>Dear {customer_name},</p>',
      '<p>Thank you for your payment of {transaction_total} on {transaction_paid_date} ({transaction_payment_method}) for invoice <strong>{invoice_number}</strong>.</p>',
      '<p>The amount still due is {invoice_amount_due}. You can see the invoice here: <a href="{invoice_guest_link}">{invoice_number}</a>.</p>',
      '<p>Best regards,<br>{company_name}</p>',
    ].join('\n'),
  },
  bill_remind_admin: {
    subject: 'Bill {bill_number} from {vendor_name} is due on {bill_due_date}',
    body: [
      '<p>Hello,</p>',
      '<p>Bill <strong>{bill_number}</strong> from {vendor_name} is due on {bill_due_date}: {bill_amount_due} of {bill_total} is still to pay.</p>',
      '<p>See the bill here: <a href="{bill_admin_link}">{bill_number}</a>.</p>',
    ].join('\n'),
  },
};
