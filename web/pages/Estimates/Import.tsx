import { ImportPage, type ImportPageProps } from '@/features/import/ImportPage';
import { AppLayout } from '@/layouts/AppLayout';

// the list's cached pages are stale once the import is done (a line with errors cannot be
// skipped, or its document would be imported without it: the server says `skippable: false`)
const STALE = [{ type: 'Document' }] as const;

/** Estimates/Import (PAGES.md): the import wizard for this list, one row per line grouped by number. */
export default function EstimatesImport(props: ImportPageProps) {
  return <ImportPage {...props} invalidates={STALE} />;
}

EstimatesImport.layout = AppLayout;
