import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { router } from '@inertiajs/react';
import { CornerDownLeft, FileText, Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { cx } from '@/components/cx';
import { filterSearchItems, type SearchItem } from '@/lib/menu';
import { focusRing } from './styles';
import type { ShellMenu } from './use-shell';

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/**
 * "Search…" in the top bar: a dialog that filters the menu's pages as you type; arrows move,
 * Enter opens the page. Also opened with Ctrl+K (⌘K) or "/".
 */
export function MenuSearch({ menu }: { menu: ShellMenu }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const results = useMemo(() => filterSearchItems(menu.search, query), [menu.search, query]);

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

  function go(item: SearchItem | null) {
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
            <DialogTitle className="sr-only">Search the menu</DialogTitle>
            <Combobox<SearchItem | null> value={null} onChange={go} immediate>
              <div className="flex items-center gap-3 border-b border-slate-100 px-4 dark:border-slate-700">
                <Search className="size-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
                <ComboboxInput
                  autoFocus
                  aria-label="Search pages"
                  placeholder="Search pages…"
                  autoComplete="off"
                  className="h-14 w-full border-0 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none dark:text-white dark:placeholder:text-slate-400"
                  onChange={(e) => setQuery(e.target.value)}
                  displayValue={() => query}
                />
              </div>
              <ComboboxOptions static className="max-h-80 scroll-py-2 overflow-y-auto p-2 empty:hidden">
                {results.map((item) => {
                  const Icon = item.icon ?? FileText;
                  return (
                    <ComboboxOption
                      key={item.href}
                      value={item}
                      className="group flex cursor-pointer items-center gap-3 rounded-md px-3 py-2.5 select-none data-focus:bg-primary data-focus:text-white"
                    >
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
              </ComboboxOptions>
              {results.length === 0 && (
                <p className="px-6 py-10 text-center text-sm text-slate-600 dark:text-slate-300" role="status">
                  No page matches “{query}”.
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
