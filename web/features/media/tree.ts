import type { MediaFolder } from '@common/media';

// The folder tree of the media library, read off the flat list GET /media/get-folders answers
// (each folder's `path` is its ancestry of ids): pure, so it is tested alone.

/** The folders from the root down to `folderId` (empty at the root or for an unknown folder). */
export function breadcrumb(folders: readonly MediaFolder[], folderId: number | null): MediaFolder[] {
  if (folderId === null) return [];
  const byId = new Map(folders.map((f) => [f.id, f]));
  const current = byId.get(folderId);
  if (!current) return [];
  return current.path
    .split('/')
    .filter(Boolean)
    .map((id) => byId.get(Number(id)))
    .filter((f): f is MediaFolder => !!f);
}

const byName = (a: MediaFolder, b: MediaFolder) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }) || a.id - b.id;

/** The folders directly inside `parentId` (null: the root), by name. */
export function childrenOf(folders: readonly MediaFolder[], parentId: number | null): MediaFolder[] {
  return folders.filter((f) => f.parent_id === parentId).sort(byName);
}

export interface FolderNode {
  folder: MediaFolder;
  depth: number;
}

/** Every folder in tree order (a parent before its children, siblings by name), with its depth. */
export function flattenTree(folders: readonly MediaFolder[]): FolderNode[] {
  const out: FolderNode[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const f of childrenOf(folders, parent)) {
      out.push({ folder: f, depth });
      walk(f.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** Whether `target` (null: the root) is inside one of the moving folders or is one of them: a move there is refused. */
export function isInsideAny(folders: readonly MediaFolder[], moving: readonly number[], target: number | null): boolean {
  if (target === null || moving.length === 0) return false;
  const t = folders.find((f) => f.id === target);
  if (!t) return false;
  const paths = folders.filter((f) => moving.includes(f.id)).map((f) => f.path);
  return paths.some((p) => t.path.startsWith(p));
}
