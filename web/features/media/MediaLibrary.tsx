import { Check, ChevronRight, File as FileIcon, FileAudio, FileText, FileVideo, Folder, FolderInput, FolderPlus, Grid2x2, Home, ImageIcon, List, Pencil, Search, Trash2, Upload, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { MEDIA_ACCEPT, type MediaFile, type MediaFilter, type MediaFolder, type MediaKind, type MediaSort } from '@common/media';
import { Pagination } from '@/components/data-table/Pagination';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import { DateText } from '@/components/display/DateText';
import { EmptyState } from '@/components/display/EmptyState';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Skeleton } from '@/components/display/Skeleton';
import { cx } from '@/components/cx';
import { Button } from '@/components/form/Button';
import { selectClasses, controlClasses, labelClasses } from '@/components/form/styles';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { Modal } from '@/components/overlay/Modal';
import { formatBytes } from '@/components/upload/file-checks';
import { ProgressBar } from '@/components/upload/ProgressBar';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { DELETED, SHORT_TOAST } from '@/lib/toasts';
import { readUrlParams, writeUrlParams } from '@/lib/url-state';
import {
  useCreateMediaFolderMutation,
  useDeleteMediaFilesMutation,
  useDeleteMediaFolderMutation,
  useGetMediaFilesQuery,
  useGetMediaFoldersQuery,
  useGetMediaUsageQuery,
  useMoveMediaItemsMutation,
  useRenameMediaFolderMutation,
} from '@/store/media-api';
import { breadcrumb, childrenOf, flattenTree, isInsideAny } from './tree';
import { useUploads, type UploadItem } from './use-uploads';

/** What the picker hands back: the file, and its addresses through the app. */
export interface PickedMedia {
  id: number;
  url: string;
  thumb_url: string | null;
  medium_url: string | null;
  file: MediaFile;
}

export type MediaLibraryProps = {
  /** manage: the library page (select, move, delete); pick: choose one file (CMS pages, events) */
  mode?: 'manage' | 'pick';
  /** the filter the library opens with (pick mode: images, usually) */
  initialFilter?: MediaFilter;
  onPick?: (picked: PickedMedia) => void;
  /** the record whose media these are (uploads are attached to it, the list shows only its files) */
  modelType?: string;
  modelId?: number;
  /** keep the folder, view, filter, sort and search in the address (the page; not a dialog) */
  syncUrl?: boolean;
  /** who may change what (the page passes the member's permissions) */
  can?: { upload: boolean; create: boolean; update: boolean; delete: boolean };
};

const FILTERS: { value: MediaFilter; label: string }[] = [
  { value: 'all', label: 'All files' },
  { value: 'images', label: 'Images' },
  { value: 'documents', label: 'Documents' },
  { value: 'video', label: 'Video' },
  { value: 'audio', label: 'Audio' },
];
const SORTS: { value: string; label: string }[] = [
  { value: 'name:asc', label: 'Name (A to Z)' },
  { value: 'name:desc', label: 'Name (Z to A)' },
  { value: 'date:desc', label: 'Newest first' },
  { value: 'date:asc', label: 'Oldest first' },
  { value: 'size:desc', label: 'Largest first' },
  { value: 'size:asc', label: 'Smallest first' },
];
const KIND_ICON: Record<MediaKind, typeof FileIcon> = { image: ImageIcon, document: FileText, video: FileVideo, audio: FileAudio, other: FileIcon };
const PER_PAGE = 40;
const ALL_CAN = { upload: true, create: true, update: true, delete: true };

type Key = `file:${number}` | `folder:${number}`;
const fileKey = (id: number): Key => `file:${id}`;
const folderKey = (id: number): Key => `folder:${id}`;

function readInitial(syncUrl: boolean, initialFilter: MediaFilter) {
  const q = syncUrl ? readUrlParams() : new URLSearchParams();
  const folder = Number(q.get('folder'));
  const filter = FILTERS.some((f) => f.value === q.get('filter')) ? (q.get('filter') as MediaFilter) : initialFilter;
  const sort = SORTS.some((s) => s.value === q.get('sort')) ? q.get('sort')! : 'name:asc';
  return {
    folderId: Number.isInteger(folder) && folder > 0 ? folder : null,
    view: q.get('view') === 'list' ? ('list' as const) : ('grid' as const),
    filter,
    sort,
    search: q.get('search') ?? '',
  };
}

/**
 * The media library (SPEC §2, §3, §4): folders with a breadcrumb, grid and list views, filter,
 * sort and search, uploads of several files by button or drag and drop with a progress bar each,
 * multi-select to move or delete, folder rename and delete, the company's storage against its
 * quota. In pick mode a click on a file chooses it (CMS pages' images, events' media).
 */
export function MediaLibrary({ mode = 'manage', initialFilter = 'all', onPick, modelType, modelId, syncUrl = false, can = ALL_CAN }: MediaLibraryProps) {
  const initial = useMemo(() => readInitial(syncUrl, initialFilter), [syncUrl, initialFilter]);
  const [chosenFolder, setFolderId] = useState<number | null>(initial.folderId);
  const [view, setView] = useState<'grid' | 'list'>(initial.view);
  const [filter, setFilter] = useState<MediaFilter>(initial.filter);
  const [sort, setSort] = useState(initial.sort);
  const [search, setSearch] = useState(initial.search);
  const [perPage, setPerPage] = useState(PER_PAGE);
  const [dialog, setDialog] = useState<null | { kind: 'new-folder' } | { kind: 'rename'; folder: MediaFolder } | { kind: 'move' } | { kind: 'delete' }>(null);
  const [dragging, setDragging] = useState(false);
  const settledSearch = useDebouncedValue(search, 300);
  const searchId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [sortBy, sortOrder] = sort.split(':') as [MediaSort, 'asc' | 'desc'];


  const folders = useGetMediaFoldersQuery();
  const usage = useGetMediaUsageQuery();
  // a folder that is gone (deleted elsewhere, or a stale address) shows the root
  const folderId = chosenFolder !== null && folders.data && !folders.data.some((f) => f.id === chosenFolder) ? null : chosenFolder;
  // the page and the selection belong to one list: another folder, filter, sort or search starts both afresh
  const listKey = `${folderId}|${filter}|${sort}|${settledSearch}|${perPage}`;
  const [paging, setPaging] = useState({ key: listKey, page: 1 });
  const page = paging.key === listKey ? paging.page : 1;
  const setPage = (p: number) => setPaging({ key: listKey, page: p });
  const [selection, setSelection] = useState<{ key: string; keys: Set<Key> }>({ key: listKey, keys: new Set() });
  const selected = selection.key === listKey ? selection.keys : new Set<Key>();
  const setSelected = (next: Set<Key> | ((s: Set<Key>) => Set<Key>)) => setSelection({ key: listKey, keys: typeof next === 'function' ? next(selected) : next });

  const files = useGetMediaFilesQuery({ folder_id: folderId, filter, sort_by: sortBy, sort_order: sortOrder, search: settledSearch, page, per_page: perPage, model_type: modelType, model_id: modelId });
  // while the job makes images' sizes, the list is read again until they are there
  const { refetch } = files;
  const pending = !!files.data?.data.some((f) => f.variants_state === 'pending');
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => void refetch(), 1500);
    return () => clearTimeout(timer);
  }, [pending, files.data, refetch]);

  useEffect(() => {
    if (syncUrl) writeUrlParams({ folder: folderId, view: view === 'grid' ? null : view, filter: filter === 'all' ? null : filter, sort: sort === 'name:asc' ? null : sort, search: settledSearch || null });
  }, [syncUrl, folderId, view, filter, sort, settledSearch]);
  const allFolders = useMemo(() => folders.data ?? [], [folders.data]);
  const trail = breadcrumb(allFolders, folderId);
  const term = settledSearch.trim().toLowerCase();
  const subfolders = modelType ? [] : childrenOf(allFolders, folderId).filter((f) => !term || f.name.toLowerCase().includes(term));
  const fileRows = files.data?.data ?? [];
  const uploads = useUploads({ folderId, modelType, modelId });

  const toggle = (key: Key) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const selectedFiles = [...selected].filter((k) => k.startsWith('file:')).map((k) => Number(k.slice(5)));
  const selectedFolders = [...selected].filter((k) => k.startsWith('folder:')).map((k) => Number(k.slice(7)));
  const visibleKeys: Key[] = [...subfolders.map((f) => folderKey(f.id)), ...fileRows.map((f) => fileKey(f.id))];
  const allSelected = visibleKeys.length > 0 && visibleKeys.every((k) => selected.has(k));

  const open = (id: number | null) => {
    setFolderId(id);
    setSearch('');
  };
  const pick = (f: MediaFile) => onPick?.({ id: f.id, url: f.url, thumb_url: f.thumb_url, medium_url: f.medium_url, file: f });

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setDragging(false);
    if (!can.upload) return;
    const dropped = [...(e.dataTransfer.files ?? [])];
    if (dropped.length) uploads.add(dropped);
  }

  return (
    <div
      className="relative space-y-4"
      onDragOver={(e) => {
        if (!can.upload || !e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      data-testid="media-library"
    >
      {dragging && (
        <div className="pointer-events-none absolute inset-0 z-20 grid place-items-center rounded-lg border-2 border-dashed border-primary bg-primary/10 text-sm font-medium text-primary-strong dark:text-primary-light">
          Drop the files to upload them{trail.length ? ` into ${trail[trail.length - 1].name}` : ''}
        </div>
      )}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Folders" className="min-w-0">
          <ol className="flex flex-wrap items-center gap-1 text-sm">
            <li>
              <button type="button" onClick={() => open(null)} aria-current={folderId === null ? 'page' : undefined} className={crumbClasses(folderId === null)}>
                <Home aria-hidden="true" className="size-4" />
                Media library
              </button>
            </li>
            {trail.map((f, i) => (
              <li key={f.id} className="flex items-center gap-1">
                <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:rotate-180" />
                <button type="button" onClick={() => open(f.id)} aria-current={i === trail.length - 1 ? 'page' : undefined} className={crumbClasses(i === trail.length - 1)}>
                  {f.name}
                </button>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex flex-wrap items-center gap-2">
          {can.create && !modelType && (
            <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'new-folder' })}>
              <FolderPlus aria-hidden="true" className="size-4" />
              New folder
            </Button>
          )}
          {can.upload && (
            <label className={cx('inline-flex h-8 cursor-pointer items-center gap-2 rounded-md bg-primary px-3 text-sm font-medium text-white hover:bg-primary-strong', 'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-primary')}>
              <Upload aria-hidden="true" className="size-4" />
              Upload files
              <input
                ref={inputRef}
                type="file"
                multiple
                accept={MEDIA_ACCEPT}
                className="sr-only"
                data-testid="media-upload-input"
                onChange={(e) => {
                  const chosen = [...(e.target.files ?? [])];
                  if (chosen.length) uploads.add(chosen);
                  e.target.value = '';
                }}
              />
            </label>
          )}
        </div>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search files
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
            <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search by name" className={controlClasses(false, 'ps-9')} />
          </div>
        </div>
        <SelectBox label="Show" value={filter} onChange={(v) => setFilter(v as MediaFilter)} options={FILTERS} />
        <SelectBox label="Sort by" value={sort} onChange={setSort} options={SORTS} />
        <div role="radiogroup" aria-label="View" className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
          {(['grid', 'list'] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="radio"
              aria-checked={view === v}
              onClick={() => setView(v)}
              className={cx(
                'inline-flex h-8 items-center gap-1.5 rounded px-2.5 text-sm focus-visible:outline-2 focus-visible:outline-primary',
                view === v ? 'bg-primary text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700',
              )}
            >
              {v === 'grid' ? <Grid2x2 aria-hidden="true" className="size-4" /> : <List aria-hidden="true" className="size-4" />}
              {v === 'grid' ? 'Grid' : 'List'}
            </button>
          ))}
        </div>
      </div>

      {uploads.items.length > 0 && <UploadPanel items={uploads.items} onClear={uploads.clear} busy={uploads.busy} />}

      {mode === 'manage' && selected.size > 0 && (
        <div role="region" aria-label="Selection" className="flex flex-wrap items-center gap-2 rounded-md bg-primary/10 px-3 py-2 text-sm text-slate-800 dark:text-slate-100">
          <span className="font-medium" aria-live="polite">
            {selected.size} selected
          </span>
          {can.update && selectedFolders.length === 1 && selectedFiles.length === 0 && (
            <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'rename', folder: allFolders.find((f) => f.id === selectedFolders[0])! })}>
              <Pencil aria-hidden="true" className="size-4" />
              Rename
            </Button>
          )}
          {can.update && !modelType && (
            <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'move' })}>
              <FolderInput aria-hidden="true" className="size-4" />
              Move
            </Button>
          )}
          {can.delete && (
            <Button variant="danger-ghost" size="sm" onClick={() => setDialog({ kind: 'delete' })}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())} className="ms-auto">
            <X aria-hidden="true" className="size-4" />
            Clear selection
          </Button>
        </div>
      )}

      {files.isError || folders.isError ? (
        <ErrorAlert
          onRetry={() => {
            void files.refetch();
            void folders.refetch();
          }}
        >
          {errorMessage(files.error ?? folders.error, 'Failed to fetch media')}
        </ErrorAlert>
      ) : files.isLoading || folders.isLoading ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-busy="true" aria-label="Loading media">
          {Array.from({ length: 10 }, (_, i) => (
            <Skeleton key={i} className="aspect-square" />
          ))}
        </div>
      ) : subfolders.length === 0 && fileRows.length === 0 ? (
        <EmptyState
          icon={<Folder aria-hidden="true" className="size-8" />}
          title={term || filter !== 'all' ? 'No files match' : folderId === null ? 'The media library is empty' : 'This folder is empty'}
          description={term || filter !== 'all' ? 'Try another search or filter.' : can.upload ? 'Upload files with the button above, or drop them here.' : undefined}
        />
      ) : (
        <>
          {mode === 'manage' && visibleKeys.length > 0 && (
            <label className="inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
              <input type="checkbox" className="size-4 accent-primary" checked={allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(visibleKeys))} />
              Select all on this page
            </label>
          )}
          {view === 'grid' ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Folders and files">
              {page === 1 &&
                subfolders.map((f) => (
                  <GridTile key={`d${f.id}`} label={f.name} checked={selected.has(folderKey(f.id))} selectable={mode === 'manage'} onToggle={() => toggle(folderKey(f.id))} onOpen={() => open(f.id)} openPrefix="Folder">
                    <Folder aria-hidden="true" className="size-12 text-amber-500" />
                  </GridTile>
                ))}
              {fileRows.map((f) => (
                <GridTile
                  key={`f${f.id}`}
                  label={f.display_name}
                  detail={`${formatBytes(f.size)}${f.width ? ` · ${f.width}×${f.height}` : ''}${f.page_count ? ` · ${f.page_count} pages` : ''}`}
                  checked={selected.has(fileKey(f.id))}
                  selectable={mode === 'manage'}
                  onToggle={() => toggle(fileKey(f.id))}
                  onOpen={() => (mode === 'pick' ? pick(f) : window.open(f.url, '_blank', 'noopener'))}
                  openPrefix={mode === 'pick' ? 'Choose' : undefined}
                >
                  <Preview file={f} />
                </GridTile>
              ))}
            </ul>
          ) : (
            <ListView
              folders={page === 1 ? subfolders : []}
              files={fileRows}
              selected={selected}
              selectable={mode === 'manage'}
              onToggle={toggle}
              onOpenFolder={open}
              onOpenFile={(f) => (mode === 'pick' ? pick(f) : window.open(f.url, '_blank', 'noopener'))}
              pickMode={mode === 'pick'}
            />
          )}
          {files.data && files.data.last_page > 1 && (
            <Pagination
              page={files.data}
              perPage={perPage}
              onPage={setPage}
              onPerPage={(n) => {
                setPerPage(n);
                setPage(1);
              }}
              perPageOptions={[20, 40, 100]}
              disabled={files.isFetching}
            />
          )}
        </>
      )}

      {usage.data && <UsageBar used={usage.data.used} quota={usage.data.quota} />}

      {dialog?.kind === 'new-folder' && <FolderNameDialog title="New folder" parentId={folderId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rename' && <FolderNameDialog title="Rename folder" folder={dialog.folder} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'move' && (
        <MoveDialog
          folders={allFolders}
          fileIds={selectedFiles}
          folderIds={selectedFolders}
          current={folderId}
          onClose={(moved) => {
            setDialog(null);
            if (moved) setSelected(new Set());
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          fileIds={selectedFiles}
          folders={allFolders.filter((f) => selectedFolders.includes(f.id))}
          onClose={(deleted) => {
            setDialog(null);
            if (deleted) setSelected(new Set());
          }}
        />
      )}
    </div>
  );
}

const crumbClasses = (current: boolean) =>
  cx(
    'inline-flex items-center gap-1.5 rounded px-1.5 py-1 focus-visible:outline-2 focus-visible:outline-primary',
    current ? 'font-semibold text-slate-900 dark:text-white' : 'text-primary-strong hover:underline dark:text-primary-light',
  );

function SelectBox({ label, value, onChange, options }: { label: string; value: string; onChange: (v: string) => void; options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={cx(labelClasses, 'mb-1 text-xs')}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={cx(selectClasses, 'h-9 py-1')}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Preview({ file, small = false }: { file: MediaFile; small?: boolean }) {
  if (file.thumb_url) return <img src={file.thumb_url} alt="" loading="lazy" className={cx('object-cover', small ? 'size-10 rounded' : 'size-full')} />;
  const Icon = KIND_ICON[file.kind];
  return (
    <span className="flex flex-col items-center gap-1">
      <Icon aria-hidden="true" className={cx(small ? 'size-6' : 'size-12', 'text-slate-400')} />
      {!small && file.variants_state === 'pending' && <span className="text-xs text-slate-500 dark:text-slate-400">Preparing preview…</span>}
      {!small && file.kind !== 'image' && <span className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">{file.original_name.split('.').pop()}</span>}
    </span>
  );
}

function GridTile({
  label,
  detail,
  checked,
  selectable,
  onToggle,
  onOpen,
  openPrefix,
  children,
}: {
  label: string;
  detail?: string;
  checked: boolean;
  selectable: boolean;
  onToggle: () => void;
  onOpen: () => void;
  /** read before the name by screen readers: "Folder", "Choose" */
  openPrefix?: string;
  children: ReactNode;
}) {
  return (
    <li className={cx('group relative overflow-hidden rounded-lg border bg-white dark:bg-slate-800', checked ? 'border-primary ring-2 ring-primary' : 'border-slate-200 dark:border-slate-700')}>
      <button type="button" onClick={onOpen} className="flex w-full flex-col text-start focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary">
        <span className="grid aspect-[4/3] w-full place-items-center overflow-hidden bg-slate-50 dark:bg-slate-900/40">{children}</span>
        <span className="block w-full px-2.5 py-2">
          <span className="block truncate text-sm font-medium text-slate-800 dark:text-slate-100" dir="auto">
            {openPrefix && <span className="sr-only">{openPrefix} </span>}
            {label}
          </span>
          {detail && <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{detail}</span>}
        </span>
      </button>
      {selectable && (
        <label className="absolute start-2 top-2 grid size-7 cursor-pointer place-items-center rounded bg-white/90 shadow-sm dark:bg-slate-900/90">
          <input type="checkbox" checked={checked} onChange={onToggle} className="size-4 accent-primary" aria-label={`Select ${label}`} />
        </label>
      )}
    </li>
  );
}

function ListView({
  folders,
  files,
  selected,
  selectable,
  onToggle,
  onOpenFolder,
  onOpenFile,
  pickMode,
}: {
  folders: MediaFolder[];
  files: MediaFile[];
  selected: Set<Key>;
  selectable: boolean;
  onToggle: (k: Key) => void;
  onOpenFolder: (id: number) => void;
  onOpenFile: (f: MediaFile) => void;
  pickMode: boolean;
}) {
  const cell = 'px-3 py-2 text-sm';
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
        <thead className="bg-slate-50 text-start text-xs font-semibold text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
          <tr>
            {selectable && (
              <th scope="col" className={cell}>
                <span className="sr-only">Selected</span>
              </th>
            )}
            <th scope="col" className={cx(cell, 'text-start')}>
              Name
            </th>
            <th scope="col" className={cx(cell, 'text-start')}>
              Type
            </th>
            <th scope="col" className={cx(cell, 'text-end')}>
              Size
            </th>
            <th scope="col" className={cx(cell, 'text-start')}>
              Added
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white dark:divide-slate-700/60 dark:bg-slate-800/40">
          {folders.map((f) => (
            <tr key={`d${f.id}`} className={selected.has(folderKey(f.id)) ? 'bg-primary/5' : undefined}>
              {selectable && (
                <td className={cell}>
                  <input type="checkbox" className="size-4 accent-primary" checked={selected.has(folderKey(f.id))} onChange={() => onToggle(folderKey(f.id))} aria-label={`Select ${f.name}`} />
                </td>
              )}
              <td className={cell}>
                <button type="button" onClick={() => onOpenFolder(f.id)} className="inline-flex items-center gap-2 font-medium text-slate-800 hover:underline focus-visible:outline-2 focus-visible:outline-primary dark:text-slate-100">
                  <Folder aria-hidden="true" className="size-5 text-amber-500" />
                  <span dir="auto">{f.name}</span>
                </button>
              </td>
              <td className={cx(cell, 'text-slate-500 dark:text-slate-400')}>Folder</td>
              <td className={cell} />
              <td className={cx(cell, 'text-slate-500 dark:text-slate-400')}><DateText value={f.created_at} /></td>
            </tr>
          ))}
          {files.map((f) => (
            <tr key={`f${f.id}`} className={selected.has(fileKey(f.id)) ? 'bg-primary/5' : undefined}>
              {selectable && (
                <td className={cell}>
                  <input type="checkbox" className="size-4 accent-primary" checked={selected.has(fileKey(f.id))} onChange={() => onToggle(fileKey(f.id))} aria-label={`Select ${f.display_name}`} />
                </td>
              )}
              <td className={cell}>
                <button type="button" onClick={() => onOpenFile(f)} className="inline-flex items-center gap-2 text-start text-slate-800 hover:underline focus-visible:outline-2 focus-visible:outline-primary dark:text-slate-100">
                  <Preview file={f} small />
                  <span dir="auto">{f.display_name}</span>
                  {pickMode && <span className="sr-only">(choose)</span>}
                </button>
              </td>
              <td className={cx(cell, 'text-slate-500 dark:text-slate-400')}>{f.mime}</td>
              <td className={cx(cell, 'text-end text-slate-600 tabular-nums dark:text-slate-300')}>{formatBytes(f.size)}</td>
              <td className={cx(cell, 'text-slate-500 dark:text-slate-400')}><DateText value={f.created_at} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UploadPanel({ items, onClear, busy }: { items: UploadItem[]; onClear: () => void; busy: boolean }) {
  return (
    <section aria-label="Uploads" className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-800">
      <div className="mb-2 flex items-center justify-between">
        <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-100">Uploads</h3>
        {!busy && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear
          </Button>
        )}
      </div>
      <ul className="space-y-2">
        {items.map((i) => (
          <li key={i.key} data-testid="upload-item" data-status={i.status}>
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="truncate text-slate-700 dark:text-slate-200" dir="auto">
                {i.name}
              </span>
              <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                {i.status === 'done' ? (
                  <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
                    <Check aria-hidden="true" className="size-3.5" />
                    Uploaded
                  </span>
                ) : i.status === 'failed' ? (
                  <span className="text-red-700 dark:text-red-300">Upload failed</span>
                ) : i.status === 'waiting' ? (
                  'Waiting'
                ) : (
                  formatBytes(i.size)
                )}
              </span>
            </div>
            {i.status !== 'failed' && <ProgressBar value={i.progress} label={`Uploading ${i.name}`} className="mt-1" />}
            {i.error && (
              <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
                {i.error}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function UsageBar({ used, quota }: { used: number; quota: number }) {
  const pct = quota > 0 ? Math.min(100, (used / quota) * 100) : 0;
  return (
    <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid="media-usage">
      <p className="mb-1.5 text-sm text-slate-600 dark:text-slate-300">
        Storage: <span className="font-medium text-slate-900 tabular-nums dark:text-white">{formatBytes(used)}</span> of {formatBytes(quota)} used
      </p>
      <ProgressBar value={pct} label="Storage used" />
    </div>
  );
}

function FolderNameDialog({ title, folder, parentId = null, onClose }: { title: string; folder?: MediaFolder; parentId?: number | null; onClose: () => void }) {
  const [name, setName] = useState(folder?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [create, created] = useCreateMediaFolderMutation();
  const [rename, renamed] = useRenameMediaFolderMutation();
  const id = useId();
  async function save(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const answer = folder ? await rename({ id: folder.id, name }).unwrap() : await create({ name, parent_id: parentId }).unwrap();
      toast.success(answer.message, SHORT_TOAST);
      onClose();
    } catch (err) {
      setError(fieldErrorsOf(err).name ?? fieldErrorsOf(err).parent_id ?? errorMessage(err, folder ? 'Failed to rename folder' : 'The folder could not be created.'));
    }
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} busy={created.isLoading || renamed.isLoading}>
            {folder ? 'Rename' : 'Create folder'}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={save}>
        <label htmlFor={id} className={labelClasses}>
          Folder name
        </label>
        <input
          id={id}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={100}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={controlClasses(!!error)}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}

function MoveDialog({ folders, fileIds, folderIds, current, onClose }: { folders: MediaFolder[]; fileIds: number[]; folderIds: number[]; current: number | null; onClose: (moved: boolean) => void }) {
  const [target, setTarget] = useState<number | null>(current);
  const [error, setError] = useState<string | null>(null);
  const [move, moving] = useMoveMediaItemsMutation();
  const nodes = flattenTree(folders);
  const name = useId();
  async function submit() {
    setError(null);
    try {
      let message = 'Items moved successfully';
      if (fileIds.length) message = (await move({ item_ids: fileIds, item_type: 'file', target_folder_id: target }).unwrap()).message;
      if (folderIds.length) message = (await move({ item_ids: folderIds, item_type: 'folder', target_folder_id: target }).unwrap()).message;
      toast.success(message, SHORT_TOAST);
      onClose(true);
    } catch (err) {
      setError(fieldErrorsOf(err).target_folder_id ?? errorMessage(err, 'Failed to move items'));
    }
  }
  const option = (id: number | null, label: string, depth: number) => {
    const blocked = isInsideAny(folders, folderIds, id);
    return (
      <li key={id ?? 'root'}>
        <label className={cx('flex items-center gap-2 rounded px-2 py-1.5 text-sm', blocked ? 'cursor-not-allowed opacity-50' : 'cursor-pointer hover:bg-slate-100 dark:hover:bg-slate-700')} style={{ paddingInlineStart: `${0.5 + depth * 1.25}rem` }}>
          <input type="radio" name={name} checked={target === id} disabled={blocked} onChange={() => setTarget(id)} className="accent-primary" />
          {id === null ? <Home aria-hidden="true" className="size-4 text-slate-500" /> : <Folder aria-hidden="true" className="size-4 text-amber-500" />}
          <span dir="auto" className="text-slate-800 dark:text-slate-100">
            {label}
          </span>
        </label>
      </li>
    );
  };
  const count = fileIds.length + folderIds.length;
  return (
    <Modal
      open
      onClose={() => onClose(false)}
      title={`Move ${count} ${count === 1 ? 'item' : 'items'}`}
      description="Choose the folder they go into. A folder cannot go into itself or one of its own folders."
      footer={
        <>
          <Button variant="outline" onClick={() => onClose(false)}>
            Cancel
          </Button>
          <Button onClick={submit} busy={moving.isLoading} disabled={moving.isLoading}>
            Move here
          </Button>
        </>
      }
    >
      <fieldset>
        <legend className="sr-only">Target folder</legend>
        <ul className="max-h-80 overflow-y-auto" role="list">
          {option(null, 'Media library (top level)', 0)}
          {nodes.map((n) => option(n.folder.id, n.folder.name, n.depth + 1))}
        </ul>
      </fieldset>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </Modal>
  );
}

function DeleteDialog({ fileIds, folders, onClose }: { fileIds: number[]; folders: MediaFolder[]; onClose: (deleted: boolean) => void }) {
  const [deleteFiles, deletingFiles] = useDeleteMediaFilesMutation();
  const [deleteFolder, deletingFolder] = useDeleteMediaFolderMutation();
  const parts = [fileIds.length ? `${fileIds.length} ${fileIds.length === 1 ? 'file' : 'files'}` : null, folders.length ? `${folders.length} ${folders.length === 1 ? 'folder' : 'folders'}` : null].filter(Boolean);
  async function confirm() {
    try {
      if (fileIds.length) {
        try {
          await deleteFiles(fileIds).unwrap();
        } catch (err) {
          throw new Error(errorMessage(err, 'Failed to delete files'), { cause: err });
        }
      }
      // the dialog asked: folders go with everything in them (the server empties them in a job)
      for (const f of folders) {
        try {
          await deleteFolder({ id: f.id, confirm: true }).unwrap();
        } catch (err) {
          throw new Error(errorMessage(err, 'Failed to delete folder'), { cause: err });
        }
      }
      toast.warning(DELETED, SHORT_TOAST);
      onClose(true);
    } catch (err) {
      toast.error((err as Error).message);
      onClose(false);
    }
  }
  return (
    <ConfirmDialog open onClose={() => onClose(false)} onConfirm={confirm} title={`Delete ${parts.join(' and ')}?`} confirmLabel="Delete" tone="danger" busy={deletingFiles.isLoading || deletingFolder.isLoading}>
      {folders.length > 0 ? (
        <p>
          The {folders.length === 1 ? 'folder' : 'folders'} {folders.map((f) => `“${f.name}”`).join(', ')} {folders.length === 1 ? 'is' : 'are'} deleted with every file and folder inside. This cannot be undone.
        </p>
      ) : (
        <p>The files are deleted for good, with their previews. Pages that show them will no longer find them.</p>
      )}
    </ConfirmDialog>
  );
}
