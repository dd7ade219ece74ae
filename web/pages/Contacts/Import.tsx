import { ImportPage, type ImportPageProps } from '@/features/import/ImportPage';
import { AppLayout } from '@/layouts/AppLayout';

// the list's cached pages (and the segments' counts) are stale once the import is done
const STALE = [{ type: 'OutreachContact' }, { type: 'Segment' }] as const;

/** Contacts/Import: the import wizard for the outreach address book (issue 14). */
export default function ContactsImport(props: ImportPageProps) {
  return <ImportPage {...props} invalidates={STALE} />;
}

ContactsImport.layout = AppLayout;
