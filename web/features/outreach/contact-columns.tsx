import { Link } from '@inertiajs/react';
import { useState } from 'react';
import type { OutreachContactRow } from '@common/answers/outreach';
import { columnHelper } from '@/components/data-table/features';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import { controlClasses } from '@/components/form/styles';
import { DateText } from '@/components/display/DateText';
import { ConsentBadges } from './ConsentBadges';

/** What names a contact in a list or a dialog: its name, else its phone or e-mail. */
export const contactName = (c: Pick<OutreachContactRow, 'name' | 'phone' | 'email'>) => c.name || c.phone || c.email || 'Unnamed contact';

const col = columnHelper<OutreachContactRow>();

/** The outreach contact list's columns (Contacts/Index, Segments/ContactSelection). */
export const CONTACT_COLUMNS = col.columns([
  col.accessor('name', {
    // the server sorts "name" by last name (its index)
    id: 'last_name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => (
      <Link href={`/contacts/${row.original.id}`} className="font-medium text-slate-900 hover:text-primary hover:underline dark:text-white">
        {contactName(row.original)}
      </Link>
    ),
  }),
  col.accessor('phone', { header: 'Phone', cell: ({ getValue }) => <span dir="ltr">{getValue() ?? '—'}</span> }),
  col.accessor('email', { header: 'Email', cell: ({ getValue }) => getValue() ?? <span className="text-slate-400">—</span> }),
  col.accessor('tags', {
    header: 'Tags',
    cell: ({ getValue }) =>
      getValue().length ? (
        <span className="flex flex-wrap gap-1">
          {getValue().map((t) => (
            <span key={t} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-700 dark:text-slate-200">
              {t}
            </span>
          ))}
        </span>
      ) : (
        <span className="text-slate-400">—</span>
      ),
  }),
  col.display({ id: 'consent', header: 'Consent', cell: ({ row }) => <ConsentBadges contact={row.original} /> }),
  col.accessor('created_at', { header: 'Created', enableSorting: true, sortDescFirst: true, meta: { className: 'whitespace-nowrap' }, cell: ({ getValue }) => <DateText value={getValue()} /> }),
]);

/**
 * The source filter: a contact's source is free text with no index to list its values from at a
 * million contacts, so it is typed (an exact match, as the list's filters are), not chosen.
 */
export function useSourceFilter() {
  const [source, setSource] = useState('');
  const settled = useDebouncedValue(source.trim(), 300);
  const input = (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
      Source
      <input
        type="search"
        value={source}
        onChange={(e) => setSource(e.target.value)}
        placeholder="Exact source"
        className={controlClasses(false, 'w-40!')}
      />
    </label>
  );
  return { source: settled, input };
}
