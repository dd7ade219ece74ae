import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cx } from '../cx';
import { selectClasses } from '../form/styles';
import { PER_PAGE_OPTIONS, pageSummary, pageWindow, type PageSlice } from './query';

type PaginationProps = {
  page: Pick<PageSlice<unknown>, 'current_page' | 'last_page' | 'from' | 'to' | 'total' | 'total_estimated'>;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  perPageOptions?: readonly number[];
  disabled?: boolean;
};

function PageButton({ label, onClick, disabled, current, children }: { label: string; onClick: () => void; disabled?: boolean; current?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      className={cx(
        'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm tabular-nums transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-40',
        current ? 'bg-primary font-semibold text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700',
      )}
    >
      {children}
    </button>
  );
}

/**
 * "Showing 1 to 15 of 42 results", rows per page, and page links (first, previous, numbers, next,
 * last). A list whose total is an estimate has no last page to offer: its links stop at the
 * neighbours of the current page and Next.
 */
export function Pagination({ page, perPage, onPage, onPerPage, perPageOptions = PER_PAGE_OPTIONS, disabled = false }: PaginationProps) {
  const perPageId = useId();
  const current = page.current_page;
  const last = Math.max(1, page.last_page);
  const estimated = page.total_estimated === true;
  const options = perPageOptions.includes(perPage) ? perPageOptions : [...perPageOptions, perPage].sort((a, b) => a - b);
  return (
    <div className="flex flex-col gap-3 border-t border-slate-100 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-slate-600 dark:text-slate-400">
        <span>{pageSummary(page)}</span>
        <span className="flex items-center gap-2">
          <label htmlFor={perPageId}>Rows per page</label>
          <span className="relative">
            <select
              id={perPageId}
              value={perPage}
              disabled={disabled}
              onChange={(e) => onPerPage(Number(e.target.value))}
              className={cx(selectClasses, 'h-8 w-20 ps-2')}
            >
              {options.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            <ChevronRight aria-hidden="true" className="pointer-events-none absolute end-2 top-1/2 size-3.5 -translate-y-1/2 rotate-90 text-slate-400" />
          </span>
        </span>
      </div>
      {last > 1 && (
        <nav aria-label="Pagination" className="flex flex-wrap items-center gap-1">
          <PageButton label="First page" onClick={() => onPage(1)} disabled={disabled || current <= 1}>
            <ChevronsLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          </PageButton>
          <PageButton label="Previous page" onClick={() => onPage(current - 1)} disabled={disabled || current <= 1}>
            <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          </PageButton>
          {(estimated ? pageWindow(current, last).filter((p) => p === null || p < last) : pageWindow(current, last)).map((p, i) =>
            p === null ? (
              <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-400">
                …
              </span>
            ) : (
              <PageButton key={p} label={`Page ${p}`} onClick={() => onPage(p)} current={p === current} disabled={disabled && p !== current}>
                {p}
              </PageButton>
            ),
          )}
          <PageButton label="Next page" onClick={() => onPage(current + 1)} disabled={disabled || current >= last}>
            <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
          </PageButton>
          {!estimated && (
            <PageButton label="Last page" onClick={() => onPage(last)} disabled={disabled || current >= last}>
              <ChevronsRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </PageButton>
          )}
        </nav>
      )}
    </div>
  );
}
