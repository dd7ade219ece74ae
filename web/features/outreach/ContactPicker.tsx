import { Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import { controlClasses } from '@/components/form/styles';
import { useSearchContactsQuery, type ContactMatch } from '@/store/outreach-api';

/** Picks contacts by name, phone or email (GET /contacts/search): only those with the `reach` the send needs are offered. */
export function ContactPicker({ picked, onChange, reach }: { picked: ContactMatch[]; onChange: (next: ContactMatch[]) => void; reach: 'phone' | 'email' }) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const { data: matches = [], isFetching } = useSearchContactsQuery(search, { skip: search.length < 2 });
  const id = useId();
  const offered = matches.filter((m) => m[reach] && !picked.some((p) => p.id === m.id)).slice(0, 8);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Contacts
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
        <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={`Search contacts by name or ${reach}…`} className={controlClasses(false, 'ps-9')} autoComplete="off" />
      </div>
      {search.length >= 2 && (
        <ul className="max-h-40 overflow-y-auto rounded-md border border-slate-200 text-sm dark:border-slate-700" aria-label="Matching contacts" aria-busy={isFetching}>
          {offered.length === 0 ? (
            <li className="px-3 py-2 text-slate-500 dark:text-slate-400">{isFetching ? 'Searching…' : `No contact with ${reach === 'phone' ? 'a phone' : 'an email address'} matches.`}</li>
          ) : (
            offered.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  className="flex w-full items-center justify-between gap-3 px-3 py-2 text-start hover:bg-slate-50 dark:hover:bg-slate-700/50"
                  onClick={() => {
                    onChange([...picked, m]);
                    setText('');
                  }}
                >
                  <span className="text-slate-900 dark:text-white">{m.name}</span>
                  <span className="text-xs text-slate-500 tabular-nums [unicode-bidi:plaintext] dark:text-slate-400">{m[reach]}</span>
                </button>
              </li>
            ))
          )}
        </ul>
      )}
      {picked.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen contacts">
          {picked.map((p) => (
            <li key={p.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 ps-3 pe-1 text-xs text-slate-800 dark:bg-slate-700 dark:text-slate-100">
              {p.name}
              <button type="button" className="rounded-full p-0.5 hover:bg-slate-200 dark:hover:bg-slate-600" aria-label={`Remove ${p.name}`} onClick={() => onChange(picked.filter((x) => x.id !== p.id))}>
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
