import { ImportPage, type ImportPageProps } from '@/features/import/ImportPage';
import { AppLayout } from '@/layouts/AppLayout';

/** Contacts/Import: the import wizard for the outreach address book (issue 14). */
export default function ContactsImport(props: ImportPageProps) {
  return <ImportPage {...props} />;
}

ContactsImport.layout = AppLayout;
