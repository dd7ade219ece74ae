import { Link, router } from '@inertiajs/react';
import { Pencil, Trash } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/display/Card';
import { EmptyState } from '@/components/display/EmptyState';
import { SkeletonText } from '@/components/display/Skeleton';
import { Button, buttonClasses } from '@/components/form/Button';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';

// The parts of a record's pages that every area repeats: its row or page actions, the gate of a
// page that reads one record, and its label/value lines.

/** Edit and delete buttons of a record's row or page, shown by permission. */
export function RecordActions({ area, href, name, onDelete, size = 'sm' }: { area: string; href: string; name: string; onDelete: () => void; size?: 'sm' | 'md' }) {
  const canUpdate = useCan(`${area}.update`);
  const canDelete = useCan(`${area}.delete`);
  return (
    <>
      {canUpdate && (
        <Link href={`${href}/edit`} className={buttonClasses('ghost', size)} aria-label={`Edit ${name}`} title="Edit">
          <Pencil aria-hidden="true" className="size-4" />
          {size === 'md' && 'Edit'}
        </Link>
      )}
      {canDelete && (
        <Button size={size} variant="danger-ghost" onClick={onDelete} aria-label={`Delete ${name}`} title="Delete">
          <Trash aria-hidden="true" className="size-4" />
          {size === 'md' && 'Delete'}
        </Button>
      )}
    </>
  );
}

/** Loading and error states of a page that reads one record; children render once it is there. */
export function RecordGate<T>({ query, what, backHref, children }: { query: { data?: T; isLoading: boolean; error?: unknown; refetch: () => unknown }; what: string; backHref: string; children: (data: T) => ReactNode }) {
  if (query.data) return <>{children(query.data)}</>;
  if (query.isLoading || !query.error) {
    return (
      <Card aria-busy="true" aria-label={`Loading ${what}`}>
        <SkeletonText lines={6} />
      </Card>
    );
  }
  return (
    <Card>
      <EmptyState
        title={`The ${what} could not be loaded`}
        description={errorMessage(query.error, 'Please try again.')}
        action={
          <div className="flex gap-2">
            <Button onClick={() => void query.refetch()}>Try again</Button>
            <Button variant="outline" onClick={() => router.visit(backHref)}>
              Back to the list
            </Button>
          </div>
        }
      />
    </Card>
  );
}

/** Label/value lines of a record. */
export function Details({ items }: { items: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
          <dd className="mt-1 break-words text-sm text-slate-900 dark:text-slate-100">{value ?? <span className="text-slate-400">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
