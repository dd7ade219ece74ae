import { eq } from 'drizzle-orm';
import type { SearchKind } from '../../http/search.js';
import { contacts, items } from './schema.js';

/** Customers, vendors and items in the top bar's search (server/http/search.ts). */
export const accountingSearch: SearchKind[] = [
  {
    kind: 'customers',
    label: 'Customers',
    access: 'customers.view',
    table: contacts,
    searchColumn: contacts.searchText,
    where: eq(contacts.type, 'customer'),
    title: contacts.name,
    detail: contacts.email,
    href: '/sales/customers/{id}',
  },
  {
    kind: 'vendors',
    label: 'Vendors',
    access: 'vendors.view',
    table: contacts,
    searchColumn: contacts.searchText,
    where: eq(contacts.type, 'vendor'),
    title: contacts.name,
    detail: contacts.email,
    href: '/purchases/vendors/{id}',
  },
  {
    kind: 'items',
    label: 'Items',
    access: 'items.view',
    table: items,
    searchColumn: items.searchText,
    title: items.name,
    detail: items.description,
    href: '/sales/items/show/{id}',
  },
];
