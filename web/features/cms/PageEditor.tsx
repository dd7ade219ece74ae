import { Link, router } from '@inertiajs/react';
import { Eye, ExternalLink, History, Send, Wand2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { pageSchema, pageSlug, PAGE_SLUG_MAX, PAGE_TITLE_MAX, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, type Block } from '@common/schemas/cms';
import { formatDateTime } from '@common/format';
import { Card } from '@/components/display/Card';
import { DateTimeText } from '@/components/display/DateText';
import { StatusPill } from '@/components/display/Badge';
import { Button, buttonClasses } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { controlClasses } from '@/components/form/styles';
import { SubmitButton } from '@/components/form/SubmitButton';
import { TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import { SHORT_TOAST } from '@/lib/toasts';
import {
  useCreatePageMutation,
  useGetPageRevisionsQuery,
  usePublishPageMutation,
  useRestorePageRevisionMutation,
  useSchedulePageMutation,
  useUnpublishPageMutation,
  useUpdatePageMutation,
  type CmsPageRevisionRow,
  type CmsPageRow,
} from './api';
import { BlockList, type Errors } from './BlockEditor';
import { ImageField } from './ImageField';

type Values = {
  title: string;
  slug: string;
  blocks: Block[];
  seo_title: string;
  seo_description: string;
  social_image_id: number | null;
};

const valuesOf = (p?: CmsPageRow): Values => ({
  title: p?.title ?? '',
  slug: p?.slug ?? '',
  blocks: p?.blocks ?? [],
  seo_title: p?.seo_title ?? '',
  seo_description: p?.seo_description ?? '',
  social_image_id: p?.social_image_id ?? null,
});

export type PageEditorProps = {
  /** the page being edited; none on Pages/Create */
  page?: CmsPageRow;
  /** the company's public name in addresses (/p/{company}/{page}) */
  companySlug: string;
};

/**
 * The block editor of Pages/Create and Pages/Edit: the title and its blocks, the address (made
 * from the title until it is edited), search and sharing fields, and on an existing page its
 * publishing and its revisions. Saving keeps the draft; what visitors see changes only by
 * publishing (or at the scheduled time).
 */
export function PageEditor({ page: initial, companySlug }: PageEditorProps) {
  const [page, setPage] = useState<CmsPageRow | undefined>(initial);
  const form = useZodForm<Values>(pageSchema, valuesOf(initial));
  const [slugEdited, setSlugEdited] = useState(Boolean(initial));
  const [create] = useCreatePageMutation();
  const [update] = useUpdatePageMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const errors = form.errors as Errors;

  const setTitle = (title: string) => {
    form.setData((d) => ({ ...d, title, slug: slugEdited ? d.slug : pageSlug(title) }));
    if (form.errors.title) form.clearErrors('title');
  };

  /** the page as the server answered it becomes the form's saved state */
  const adopt = (row: CmsPageRow) => {
    setPage(row);
    const v = valuesOf(row);
    form.setDefaults(v);
    form.setData(v);
  };

  /** saves the draft; resolves to the saved page, or null when it was refused */
  async function save(element?: HTMLFormElement | null): Promise<CmsPageRow | null> {
    setFailure(null);
    try {
      const answer = await form.submitWith((data) => (page ? update({ id: page.id, ...data }) : create(data)).unwrap(), element);
      if (!answer) return null;
      toast.success(answer.message, SHORT_TOAST);
      if (!page) {
        router.visit(`/cms/pages/${answer.data.id}/edit`);
        return answer.data;
      }
      adopt(answer.data);
      return answer.data;
    } catch (err) {
      setFailure(errorMessage(err, 'The page could not be saved.'));
      return null;
    }
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    await save(e.currentTarget);
  }

  /** preview shows the saved draft: unsaved changes are saved first */
  async function preview() {
    if (!page) return;
    if (form.isDirty && !(await save(document.getElementById('page-form') as HTMLFormElement))) return;
    router.visit(`/cms/pages/${page.id}/preview`);
  }

  const publicUrl = `/p/${companySlug}/${form.data.slug || '…'}`;

  return (
    <form id="page-form" onSubmit={(e) => void submit(e)} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-6">
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
            {failure}
          </p>
        )}
        <Card title="Content">
          <div className="flex flex-col gap-4">
            <Field label="Title" required error={form.errors.title}>
              {(control) => (
                <input {...control} name="title" dir="auto" autoFocus={!page} maxLength={PAGE_TITLE_MAX} value={form.data.title} onChange={(e) => setTitle(e.target.value)} className={controlClasses(Boolean(form.errors.title), 'text-lg font-semibold')} />
              )}
            </Field>
            {errors.blocks && (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {errors.blocks}
              </p>
            )}
            <BlockList
              blocks={form.data.blocks}
              onChange={(blocks) => form.setData('blocks', blocks)}
              errors={errors}
              path="blocks"
              label="Page blocks"
            />
          </div>
        </Card>
        <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur dark:border-slate-700 dark:bg-slate-800/95">
          <SubmitButton form={form}>{page ? 'Save draft' : 'Create page'}</SubmitButton>
          {page && (
            <Button variant="outline" onClick={() => void preview()}>
              <Eye aria-hidden="true" className="size-4" />
              Preview
            </Button>
          )}
          {form.isDirty && <span className="text-sm text-slate-500 dark:text-slate-400">Unsaved changes</span>}
        </div>
      </div>

      <div className="flex flex-col gap-6">
        {page && <PublishingCard page={page} dirty={form.isDirty} save={() => save(document.getElementById('page-form') as HTMLFormElement)} onChange={adopt} />}
        <Card title="Address">
          <div className="flex flex-col gap-2">
            <Field
              label="Slug"
              required
              error={form.errors.slug}
              hint={slugEdited ? undefined : 'Made from the title until you change it.'}
              aside={
                <button type="button" onClick={() => form.setData('slug', pageSlug(form.data.title))} className="flex items-center gap-1 text-xs font-medium text-primary hover:underline dark:text-sky-300">
                  <Wand2 aria-hidden="true" className="size-3.5" />
                  From the title
                </button>
              }
            >
              {(control) => (
                <input
                  {...control}
                  name="slug"
                  dir="ltr"
                  maxLength={PAGE_SLUG_MAX}
                  value={form.data.slug}
                  onChange={(e) => {
                    setSlugEdited(true);
                    form.setData('slug', e.target.value.toLowerCase());
                    if (form.errors.slug) form.clearErrors('slug');
                  }}
                  className={controlClasses(Boolean(form.errors.slug))}
                />
              )}
            </Field>
            <p className="text-xs break-all text-slate-500 dark:text-slate-400" dir="ltr">
              {publicUrl}
            </p>
          </div>
        </Card>
        <Card title="Search and sharing">
          <div className="flex flex-col gap-4">
            <TextField form={form} name="seo_title" label="SEO title" maxLength={SEO_TITLE_MAX} hint="Shown in search results and link previews; the page title when empty." dir="auto" />
            <TextareaField form={form} name="seo_description" label="Description" maxLength={SEO_DESCRIPTION_MAX} rows={3} dir="auto" />
            <ImageField label="Social image" value={form.data.social_image_id} onChange={(id) => form.setData('social_image_id', id)} error={form.errors.social_image_id} />
            <p className="-mt-2 text-xs text-slate-500 dark:text-slate-400">Shown when the page is shared (og:image).</p>
          </div>
        </Card>
        {page && <RevisionsCard page={page} dirty={form.isDirty} onRestored={adopt} />}
      </div>
    </form>
  );
}

/** What visitors see and when: publish, schedule, unpublish (pages.publish). */
function PublishingCard({ page, dirty, save, onChange }: { page: CmsPageRow; dirty: boolean; save: () => Promise<CmsPageRow | null>; onChange: (row: CmsPageRow) => void }) {
  const canPublish = useCan('pages.publish');
  const [publish, publishing] = usePublishPageMutation();
  const [unpublish, unpublishing] = useUnpublishPageMutation();
  const [schedule, scheduling] = useSchedulePageMutation();
  const [at, setAt] = useState('');
  const [atError, setAtError] = useState<string | null>(null);

  async function act(run: () => Promise<{ message: string; data: CmsPageRow }>, fallback: string) {
    try {
      if (dirty && !(await save())) return;
      const answer = await run();
      toast.success(answer.message, SHORT_TOAST);
      onChange(answer.data);
    } catch (err) {
      const message = errorMessage(err, fallback);
      if ((err as { status?: number }).status === 422) setAtError(message);
      else toast.error(message);
    }
  }
  const doSchedule = () => {
    if (!at) {
      setAtError('Choose the date and time the page goes public.');
      return;
    }
    setAtError(null);
    void act(() => schedule({ id: page.id, publish_at: new Date(at).toISOString() }).unwrap(), 'The page could not be scheduled.');
  };

  const busy = publishing.isLoading || unpublishing.isLoading || scheduling.isLoading;
  return (
    <Card title="Publishing">
      <div className="flex flex-col gap-3 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <StatusPill status={page.status} />
          {page.status === 'scheduled' && page.publish_at && (
            <span className="text-slate-600 dark:text-slate-300">
              goes public <DateTimeText value={page.publish_at} />
            </span>
          )}
          {page.status === 'published' && page.published_at && (
            <span className="text-slate-600 dark:text-slate-300">
              since <DateTimeText value={page.published_at} />
            </span>
          )}
        </div>
        {page.has_unpublished_changes && <p className="text-amber-700 dark:text-amber-300">The draft has changes visitors do not see yet.</p>}
        {page.status !== 'draft' && (
          <a href={page.public_url} target="_blank" rel="noopener noreferrer" className="flex items-center gap-1 font-medium break-all text-primary hover:underline dark:text-sky-300">
            <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
            {page.status === 'published' ? 'Open the public page' : 'The public address'}
          </a>
        )}
        {canPublish ? (
          <>
            <Button onClick={() => void act(() => publish(page.id).unwrap(), 'The page could not be published.')} disabled={busy} busy={publishing.isLoading}>
              <Send aria-hidden="true" className="size-4" />
              {page.status === 'published' ? (dirty || page.has_unpublished_changes ? 'Publish changes' : 'Publish again') : 'Publish now'}
            </Button>
            <Field label="Or publish at" hint={`Your time zone; ${page.status === 'scheduled' ? 'replaces the time set' : 'the draft as it is then saved'}.`} error={atError}>
              {(control) => (
                <div className="flex flex-col gap-2">
                  <input {...control} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} className={controlClasses(Boolean(atError))} />
                  <Button variant="outline" onClick={doSchedule} disabled={busy} busy={scheduling.isLoading}>
                    Schedule
                  </Button>
                </div>
              )}
            </Field>
            {page.status !== 'draft' && (
              <Button variant="outline" onClick={() => void act(() => unpublish(page.id).unwrap(), 'The page could not be unpublished.')} disabled={busy} busy={unpublishing.isLoading}>
                {page.status === 'scheduled' ? 'Cancel the schedule' : 'Unpublish'}
              </Button>
            )}
          </>
        ) : (
          <p className="text-slate-500 dark:text-slate-400">Publishing needs the permission to publish CMS pages; ask an administrator.</p>
        )}
      </div>
    </Card>
  );
}

const REASONS: Record<CmsPageRevisionRow['reason'], string> = { saved: 'Saved', restored: 'Restored', published: 'Published' };

/** The saved versions of the draft, newest first; restoring one makes it the draft again (kept as a revision too). */
function RevisionsCard({ page, dirty, onRestored }: { page: CmsPageRow; dirty: boolean; onRestored: (row: CmsPageRow) => void }) {
  const canUpdate = useCan('pages.update');
  const { data, isLoading, error, refetch } = useGetPageRevisionsQuery(page.id);
  const [restore, restoring] = useRestorePageRevisionMutation();
  const [target, setTarget] = useState<CmsPageRevisionRow | null>(null);

  async function confirm() {
    if (!target) return;
    try {
      const answer = await restore({ id: page.id, revision: target.id }).unwrap();
      toast.success(answer.message, SHORT_TOAST);
      onRestored(answer.data);
    } catch (err) {
      toast.error(errorMessage(err, 'The revision could not be restored.'));
    } finally {
      setTarget(null);
    }
  }

  let body: ReactNode;
  if (isLoading) body = <p className="text-sm text-slate-500 dark:text-slate-400">Loading revisions…</p>;
  else if (error)
    body = (
      <div className="text-sm">
        <p role="alert" className="text-red-700 dark:text-red-300">
          {errorMessage(error, 'The revisions could not be loaded.')}
        </p>
        <Button size="sm" variant="outline" className="mt-2" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (!data?.length) body = <p className="text-sm text-slate-500 dark:text-slate-400">No revisions yet.</p>;
  else
    body = (
      <ol aria-label="Revisions" className="flex max-h-80 flex-col divide-y divide-slate-100 overflow-y-auto dark:divide-slate-700">
        {data.map((r, i) => (
          <li key={r.id} className="flex items-start justify-between gap-2 py-2 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-800 dark:text-slate-100">
                {REASONS[r.reason]}
                {i === 0 && <span className="ms-1 text-xs font-normal text-slate-500 dark:text-slate-400">(current draft)</span>}
              </p>
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                <DateTimeText value={r.created_at} /> · {r.author_name ?? 'Someone'} · {r.blocks_count} {r.blocks_count === 1 ? 'block' : 'blocks'}
              </p>
            </div>
            {canUpdate && i > 0 && (
              <Button size="sm" variant="ghost" onClick={() => setTarget(r)} aria-label={`Restore the revision of ${formatDateTime(r.created_at)}`}>
                <History aria-hidden="true" className="size-4" />
                Restore
              </Button>
            )}
          </li>
        ))}
      </ol>
    );

  return (
    <Card title="Revisions">
      {body}
      <ConfirmDialog open={target !== null} onClose={() => setTarget(null)} onConfirm={() => void confirm()} busy={restoring.isLoading} title="Restore this revision?" confirmLabel="Restore" tone="primary">
        {target && (
          <p>
            The draft becomes the version of <DateTimeText value={target.created_at} /> (“{target.title}”). {dirty ? 'Your unsaved changes are lost; ' : ''}The current draft stays in the revisions. Visitors see the change only once you publish.
          </p>
        )}
      </ConfirmDialog>
    </Card>
  );
}

/** The link to a page's preview, for lists. */
export function PreviewLink({ id, title }: { id: number; title: string }) {
  return (
    <Link href={`/cms/pages/${id}/preview`} className={buttonClasses('ghost', 'sm')} aria-label={`Preview ${title}`} title="Preview">
      <Eye aria-hidden="true" className="size-4" />
    </Link>
  );
}
