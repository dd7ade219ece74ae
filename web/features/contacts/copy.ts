import type { ContactType } from '@/store/contacts-api';

/** The words and places that differ between the Customers and the Vendors pages (one set of components serves both). */
export type ContactCopy = {
  type: ContactType;
  singular: string;
  Singular: string;
  plural: string;
  Plural: string;
  /** page URL base (PAGES.md) */
  base: string;
  /** permission area */
  area: 'customers' | 'vendors';
  /** what documents the contact gets (next issue) */
  documents: string;
};

export const CONTACT_COPY: Record<ContactType, ContactCopy> = {
  customer: { type: 'customer', singular: 'customer', Singular: 'Customer', plural: 'customers', Plural: 'Customers', base: '/sales/customers', area: 'customers', documents: 'invoices' },
  vendor: { type: 'vendor', singular: 'vendor', Singular: 'Vendor', plural: 'vendors', Plural: 'Vendors', base: '/purchases/vendors', area: 'vendors', documents: 'bills' },
};

/** A currency the contact form offers (page prop). */
export type CurrencyOption = { code: string; name: string; is_default: boolean };
