import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { router } from '@inertiajs/react';
import { CornerDownLeft, FileText, Hash, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { cx } from '@/components/cx';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import { filterSearchItems, type SearchItem } from '@/lib/menu';
import { MIN_RECORD_SEARCH, useSearchRecordsQuery, type RecordHit } from './search-api';
import { focusRing } from './styles';
import type { ShellMenu } from './use-shell';

/** What Enter opens: a page of the menu or a record the server found. */
type Choice = { href: string };

const optionClass = 'group flex cursor-pointer items-center gap-3 rounded-md px-3 py-2.5 select-none data-focus:bg-primary data-focus:text-white';

/** A heading and its options: the listbox's groups (pages, then each kind of record). */
function OptionGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="py-1">
      <div id={id} role="presentation" className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
        {label}
      </div>
      {children}
    </div>
  );
}

function RecordOption({ hit }: { hit: RecordHit }) {
  return (
    <ComboboxOption value={hit} className={optionClass}>
      <Hash className="size-5 shrink-0 text-slate-500 group-data-focus:text-white dark:text-slate-400" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <bdi className="block truncate text-sm font-medium text-slate-900 group-data-focus:text-white dark:text-white">{hit.title}</bdi>
        {hit.detail && <bdi className="block truncate text-xs text-slate-600 group-data-focus:text-white dark:text-slate-300">{hit.detail}</bdi>}
      </span>
      <CornerDownLeft className="hidden size-4 shrink-0 group-data-focus:block rtl:-scale-x-100" aria-hidden="true" />
    </ComboboxOption>
  );
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/**
 * "Search…" in the top bar: a dialog that filters the menu's pages as you type and, from three
 * characters, finds records (customers, invoices by number…) through GET /search/json, grouped
 * by kind; arrows move across every group, Enter opens, Esc closes. Also opened with Ctrl+K (⌘K) or "/".
 */
export function MenuSearch({ menu }: { menu: ShellMenu }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const results = useMemo(() => filterSearchItems(menu.search, query), [menu.search, query]);
  const phrase = useDebouncedValue(query.trim(), 200);
  const wanted = open && phrase.length >= MIN_RECORD_SEARCH;
  const records = useSearchRecordsQuery(phrase, { skip: !wanted });
  const groups = wanted && records.currentData ? records.currentData.data : [];
  const searching = query.trim().length >= MIN_RECORD_SEARCH && (phrase !== query.trim() || records.isFetching);
  const nothing = results.length === 0 && groups.length === 0;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.key === 'k' || e.key === 'K') && (e.metaKey || e.ctrlKey)) {
        e.preventDefault();
        setOpen(true);
      } else if (e.key === '/' && !e.metaKey && !e.ctrlKey && !e.altKey && !isTyping(e.target)) {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  function close() {
    setOpen(false);
    setQuery('');
  }

  function go(item: Choice | null) {
    if (!item) return;
    close();
    router.visit(item.href);
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K /"
        className={cx(
          'inline-flex h-9 items-center gap-2 rounded-md text-sm text-slate-600 transition-colors hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
          'w-9 justify-center hover:bg-slate-100 md:w-56 md:justify-start md:bg-slate-100 md:px-3 md:hover:bg-slate-200/70 dark:hover:bg-slate-700 md:dark:bg-slate-800 md:dark:hover:bg-slate-700',
          focusRing,
        )}
      >
        <Search className="size-5 shrink-0 md:size-4" aria-hidden="true" />
        <span className="sr-only md:not-sr-only md:flex-1 md:text-start">Search…</span>
        <kbd className="hidden rounded border border-slate-300 px-1.5 font-sans text-[11px] text-slate-600 md:inline dark:border-slate-600 dark:text-slate-300" aria-hidden="true">
          Ctrl K
        </kbd>
      </button>

      <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
        <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 data-closed:opacity-0 motion-reduce:transition-none" />
        <div className="fixed inset-0 overflow-y-auto p-4 pt-[12vh] sm:p-6 sm:pt-[15vh]">
          <DialogPanel
            transition
            // The combobox keeps Escape to itself; here it closes the whole search.
            onKeyDownCapture={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                close();
              }
            }}
            className="mx-auto w-full max-w-xl overflow-hidden rounded-lg bg-white shadow-2xl ring-1 ring-slate-900/10 transition duration-150 data-closed:scale-95 data-closed:opacity-0 motion-reduce:transition-none dark:bg-dark dark:ring-white/10"
          >
            <DialogTitle className="sr-only">Search pages and records</DialogTitle>
            <Combobox<Choice | null> value={null} onChange={go} immediate>
              <div className="flex items-center gap-3 border-b border-slate-100 px-4 dark:border-slate-700">
                <Search className="size-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
                <ComboboxInput
                  autoFocus
                  aria-label="Search pages and records"
                  placeholder="Search pages, customers, invoices…"
                  autoComplete="off"
                  className="h-14 w-full border-0 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none dark:text-white dark:placeholder:text-slate-400"
                  onChange={(e) => setQuery(e.target.value)}
                  displayValue={() => query}
                />
              </div>
              <ComboboxOptions static className="max-h-96 scroll-py-2 overflow-y-auto p-2 empty:hidden">
                {results.length > 0 && (
                  <OptionGroup label="Pages">
                    {results.map((item: SearchItem) => {
                      const Icon = item.icon ?? FileText;
                      return (
                        <ComboboxOption key={item.href} value={item} className={optionClass}>
                          <Icon className="size-5 shrink-0 text-slate-500 group-data-focus:text-white dark:text-slate-400" aria-hidden="true" />
                          <span className="min-w-0 flex-1">
                            <span className="block truncate text-sm font-medium text-slate-900 group-data-focus:text-white dark:text-white">{item.label}</span>
                            {item.trail && (
                              <span className="block truncate text-xs text-slate-500 group-data-focus:text-white dark:text-slate-400">{item.trail}</span>
                            )}
                          </span>
                          <CornerDownLeft className="hidden size-4 shrink-0 group-data-focus:block rtl:-scale-x-100" aria-hidden="true" />
                        </ComboboxOption>
                      );
                    })}
                  </OptionGroup>
                )}
                {groups.map((group) => (
                  <OptionGroup key={group.kind} label={group.label}>
                    {group.items.map((hit) => (
                      <RecordOption key={hit.href} hit={hit} />
                    ))}
                  </OptionGroup>
                ))}
              </ComboboxOptions>
              {nothing && (
                <p className="px-6 py-10 text-center text-sm text-slate-600 dark:text-slate-300" role="status">
                  {searching ? 'Searching…' : <>Nothing matches “<bdi>{query}</bdi>”.</>}
                </p>
              )}
              {!nothing && searching && (
                <p className="sr-only" role="status">
                  Searching records…
                </p>
              )}
            </Combobox>
            <p className="flex items-center gap-4 border-t border-slate-100 px-4 py-2.5 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400" aria-hidden="true">
              <span>↑ ↓ to move</span>
              <span>Enter to open</span>
              <span>Esc to close</span>
            </p>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
