import { ImportPage, type ImportPageProps } from '@/features/import/ImportPage';
import { AppLayout } from '@/layouts/AppLayout';

// the list's cached pages are stale once the import is done
const STALE = [{ type: 'Transfer' }, { type: 'BankAccount' }] as const;

/** Transfers/Import (PAGES.md): the import wizard for this list. */
export default function TransfersImport(props: ImportPageProps) {
  return <ImportPage {...props} invalidates={STALE} />;
}

TransfersImport.layout = AppLayout;
