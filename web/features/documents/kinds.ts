import { isoToday } from '@common/format';
import type { DocumentType } from '@common/documents/status';
import { DOCUMENT_STATUSES, postsToLedger } from '@common/documents/status';
import type { CurrencyOption } from '@/components/money';
import type { ItemOption } from './lines';

/**
 * What differs between the invoice, estimate and bill pages: words, URLs, permissions and which
 * contacts they are for. Everything else is one implementation (DocumentIndex, DocumentForm,
 * DocumentShow) parameterised by this.
 */
export type Kind = {
  type: DocumentType;
  /** "Invoice" */
  label: string;
  /** "invoice" */
  noun: string;
  plural: string;
  base: string;
  area: 'invoices' | 'estimates' | 'bills';
  contactType: 'customer' | 'vendor';
  contactLabel: string;
  contactBase: string;
  /** the due date's name: estimates are valid until a date */
  dueLabel: string;
  description: string;
  statuses: readonly string[];
};

export const KINDS: Record<DocumentType, Kind> = {
  invoice: {
    type: 'invoice',
    label: 'Invoice',
    noun: 'invoice',
    plural: 'Invoices',
    base: '/sales/invoices',
    area: 'invoices',
    contactType: 'customer',
    contactLabel: 'Customer',
    contactBase: '/sales/customers',
    dueLabel: 'Due date',
    description: 'What customers owe you, and what they have paid.',
    statuses: [...DOCUMENT_STATUSES.invoice, 'overdue'],
  },
  estimate: {
    type: 'estimate',
    label: 'Estimate',
    noun: 'estimate',
    plural: 'Estimates',
    base: '/sales/estimates',
    area: 'estimates',
    contactType: 'customer',
    contactLabel: 'Customer',
    contactBase: '/sales/customers',
    dueLabel: 'Valid until',
    description: 'Quotes for customers to approve, then turn into invoices.',
    statuses: DOCUMENT_STATUSES.estimate,
  },
  bill: {
    type: 'bill',
    label: 'Bill',
    noun: 'bill',
    plural: 'Bills',
    base: '/purchases/bills',
    area: 'bills',
    contactType: 'vendor',
    contactLabel: 'Vendor',
    contactBase: '/purchases/vendors',
    dueLabel: 'Due date',
    description: 'What you owe vendors, and what you have paid them.',
    statuses: [...DOCUMENT_STATUSES.bill, 'overdue'],
  },
};

export type CategoryOption = { id: number; name: string; color: string | null; enabled: boolean };
export type TaxOption = { id: number; name: string; rate: string; type: 'normal' | 'inclusive' | 'compound' | 'fixed' | 'withholding'; enabled: boolean };
export type AccountOption = { id: number; name: string; currency_code: string; enabled: boolean };
export type MethodOption = { code: string; name: string };

/** Settings/Accounting (Invoices and Defaults) as the forms use them (server/modules/documents/pages.ts). */
export type FormSettings = {
  payment_terms: number;
  notes: string | null;
  footer: string | null;
  item_name: string;
  price_name: string;
  quantity_name: string;
  tax_id: number | null;
  category_id: number | null;
  account_id: number | null;
  payment_method: string | null;
};

export type Company = { name: string; email: string | null; phone: string | null; tax_number: string | null; address: string | null; logo: string | null };

/** Props of the Create and Edit pages. */
export type FormProps = {
  type: DocumentType;
  currencies: CurrencyOption[];
  categories: CategoryOption[];
  taxes: TaxOption[];
  items: ItemOption[];
  settings: FormSettings;
  /** Create only: the contact the form starts on (`?contact_id=` from the contact's page) */
  contact?: { id: number; name: string; currency_code: string } | null;
};

/** Props of the Show page. */
export type ShowProps = {
  type: DocumentType;
  id: number;
  currencies: CurrencyOption[];
  company: Company;
  accounts?: AccountOption[];
  paymentMethods?: MethodOption[];
  settings?: FormSettings;
  publicUrl?: string;
};

export type Stat = { key: string; amount: string; count: number };
export type IndexProps = { type: DocumentType; currencies: CurrencyOption[]; stats: Stat[] };

/** The words of a status action button ("Mark sent"). */
export const STATUS_ACTIONS: Record<string, string> = {
  sent: 'Mark sent',
  received: 'Mark received',
  cancelled: 'Void',
  approved: 'Approve',
  refused: 'Refuse',
  draft: 'Back to draft',
};

export const todayIso = () => isoToday();

/** YYYY-MM-DD plus `days` (calendar days, no time zone shifts). */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

/**
 * The words of cancelling a document, by its state: a draft (or an estimate) was never entered in
 * the books, so cancelling it reverses nothing; an issued invoice or bill is voided and its entry
 * reversed. The button never reads a bare "Cancel" (the word of closing a dialog).
 */
export function cancelWords(kind: Pick<Kind, 'type' | 'noun' | 'label'>, status: string, number: string) {
  if (!postsToLedger(kind.type, status)) {
    const what = status === 'draft' ? `draft ${kind.noun}` : kind.noun;
    return {
      button: status === 'draft' ? 'Cancel draft' : `Cancel ${kind.noun}`,
      title: `Cancel this ${what}?`,
      confirm: `Cancel ${what}`,
      body: `${kind.label} ${number} will be marked cancelled. It was never entered in the books, so there is nothing to reverse. It can be set back to draft later.`,
    };
  }
  return {
    button: `Void ${kind.noun}`,
    title: `Void this ${kind.noun}?`,
    confirm: `Void ${kind.noun}`,
    body: `${kind.label} ${number} will no longer count as owed${kind.type === 'bill' ? ' by you' : ''}; its entry in the books is reversed. It can be set back to draft later.`,
  };
}
