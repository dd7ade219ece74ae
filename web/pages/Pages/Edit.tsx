import { Head } from '@inertiajs/react';
import type { CmsPageRow } from '@common/answers/cms';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { PageEditor } from '@/features/cms/PageEditor';
import { AppLayout } from '@/layouts/AppLayout';

/** Pages/Edit (PAGES.md /cms/pages/{id}/edit): the block editor with publishing and revisions. */
export default function PagesEdit({ page, company_slug }: { page: CmsPageRow; company_slug: string }) {
  return (
    <>
      <Head title={`Edit ${page.title}`} />
      <PageHeader title={`Edit ${page.title}`}>
        <BackLink href="/cms/pages">Back to pages</BackLink>
      </PageHeader>
      <PageEditor key={page.id} page={page} companySlug={company_slug} />
    </>
  );
}

PagesEdit.layout = AppLayout;
