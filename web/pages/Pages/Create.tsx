import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { PageEditor } from '@/features/cms/PageEditor';
import { AppLayout } from '@/layouts/AppLayout';

/** Pages/Create (PAGES.md /cms/pages/create): a new page's title, blocks, address and search fields; saved as a draft. */
export default function PagesCreate({ company_slug }: { company_slug: string }) {
  return (
    <>
      <Head title="New page" />
      <PageHeader title="New page" description="Build it from blocks; it stays a draft until you publish it.">
        <BackLink href="/cms/pages">Back to pages</BackLink>
      </PageHeader>
      <PageEditor companySlug={company_slug} />
    </>
  );
}

PagesCreate.layout = AppLayout;
