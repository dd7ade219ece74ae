import { Head, Link } from '@inertiajs/react';
import { ExternalLink, Monitor, Pencil, Send, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { CmsPageRow } from '@common/answers/cms';
import { StatusPill } from '@/components/display/Badge';
import { PageHeader } from '@/components/display/PageHeader';
import { Button, buttonClasses } from '@/components/form/Button';
import { cx } from '@/components/cx';
import { usePublishPageMutation } from '@/features/cms/api';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import { SHORT_TOAST } from '@/lib/toasts';

const WIDTHS = { desktop: 'w-full', mobile: 'w-[390px] max-w-full' } as const;

/**
 * Pages/Preview (PAGES.md /cms/pages/{id}/preview): the saved draft exactly as the public view
 * renders it (the server's own document, in a frame that runs no script), at desktop or phone
 * width, with the way to publish it.
 */
export default function PagesPreview({ page: initial }: { page: CmsPageRow }) {
  const [page, setPage] = useState(initial);
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  const canUpdate = useCan('pages.update');
  const canPublish = useCan('pages.publish');
  const [publish, publishing] = usePublishPageMutation();

  async function run() {
    try {
      const answer = await publish(page.id).unwrap();
      toast.success(answer.message, SHORT_TOAST);
      setPage(answer.data);
    } catch (err) {
      toast.error(errorMessage(err, 'The page could not be published.'));
    }
  }

  const upToDate = page.status === 'published' && !page.has_unpublished_changes;
  return (
    <>
      <Head title={`Preview: ${page.title}`} />
      <PageHeader title={`Preview: ${page.title}`} description={<span className="inline-flex items-center gap-2">The saved draft, as visitors will see it. <StatusPill status={page.status} /></span>}>
        {canUpdate && (
          <Link href={`/cms/pages/${page.id}/edit`} className={buttonClasses('outline')}>
            <Pencil aria-hidden="true" className="size-4" />
            Back to the editor
          </Link>
        )}
        {page.status === 'published' && (
          <a href={page.public_url} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline')}>
            <ExternalLink aria-hidden="true" className="size-4" />
            Public page
          </a>
        )}
        {canPublish && !upToDate && (
          <Button onClick={() => void run()} busy={publishing.isLoading}>
            <Send aria-hidden="true" className="size-4" />
            {page.status === 'published' ? 'Publish changes' : 'Publish now'}
          </Button>
        )}
      </PageHeader>
      <div role="group" aria-label="Preview width" className="mb-3 flex gap-2">
        {(['desktop', 'mobile'] as const).map((w) => (
          <Button key={w} size="sm" variant={width === w ? 'primary' : 'outline'} aria-pressed={width === w} onClick={() => setWidth(w)}>
            {w === 'desktop' ? <Monitor aria-hidden="true" className="size-4" /> : <Smartphone aria-hidden="true" className="size-4" />}
            {w === 'desktop' ? 'Desktop' : 'Phone'}
          </Button>
        ))}
      </div>
      <div className="flex justify-center rounded-lg border border-slate-200 bg-slate-100 p-2 dark:border-slate-700 dark:bg-slate-900">
        <iframe
          key={page.updated_at}
          title={`Preview of ${page.title}`}
          src={`/cms/pages/${page.id}/preview/frame`}
          sandbox="allow-same-origin"
          className={cx('h-[75vh] rounded-md border-0 bg-white', WIDTHS[width])}
        />
      </div>
    </>
  );
}

PagesPreview.layout = AppLayout;
