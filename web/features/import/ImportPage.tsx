import { Head } from '@inertiajs/react';
import type { ImportColumnInfo } from '@common/schemas/import';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { ImportWizard, type ImportWizardProps } from './ImportWizard';

/** The props every Import page gets from server/modules/accounting/import-pages.ts. */
export type ImportPageProps = {
  title: string;
  base: string;
  list_url: string;
  label: string;
  columns: ImportColumnInfo[];
  /** rows with errors may be skipped; false where a file is imported all together or not at all */
  skippable: boolean;
};

/** An Import page: its title, the way back to the list, and the wizard. */
export function ImportPage({ title, base, list_url, label, columns, invalidates, skippable }: ImportPageProps & Pick<ImportWizardProps, 'invalidates'>) {
  return (
    <>
      <Head title={title} />
      <PageHeader title={title} description={`Add ${label} from a CSV or Excel file. Check the preview first: ${skippable ? 'by default ' : ''}either every row is imported, or none.`}>
        <BackLink href={list_url}>Back to the {label}</BackLink>
      </PageHeader>
      <ImportWizard base={base} label={label} listUrl={list_url} columns={columns} invalidates={invalidates} skippable={skippable} />
    </>
  );
}
