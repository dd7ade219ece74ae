import { ImportPage, type ImportPageProps } from '@/features/import/ImportPage';
import { AppLayout } from '@/layouts/AppLayout';

// the list's cached pages are stale once the import is done
const STALE = [{ type: 'Transaction' }, { type: 'BankAccount' }] as const;

/** Transactions/Import (PAGES.md): the import wizard for this list. */
export default function TransactionsImport(props: ImportPageProps) {
  return <ImportPage {...props} invalidates={STALE} />;
}

TransactionsImport.layout = AppLayout;
