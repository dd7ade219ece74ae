import { sql } from 'drizzle-orm';
import type { SearchKind } from '../../http/search.js';
import { outreachContacts as c, segments } from './schema.js';

/** What the top bar's search (Ctrl K) finds in outreach: contacts by name, phone or e-mail, segments by name. */
export const outreachSearch: SearchKind[] = [
  {
    kind: 'contacts',
    label: 'Contacts',
    access: 'contacts.view',
    table: c,
    searchColumn: c.searchText,
    title: sql`trim(${c.firstName} || ' ' || ${c.lastName})`,
    detail: sql`coalesce(${c.phone}, ${c.email})`,
    href: '/contacts/{id}',
  },
  {
    kind: 'segments',
    label: 'Segments',
    access: 'segments.view',
    table: segments,
    searchColumn: segments.name,
    title: segments.name,
    detail: segments.description,
    href: '/segments/{id}',
  },
];
