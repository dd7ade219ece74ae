// The media library (docs/decisions/0040-media-library.md): what the server accepts and answers,
// shared with the library's pages so the browser refuses the same files first.

export const MEDIA_KINDS = ['image', 'document', 'video', 'audio', 'other'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The list's filter (SPEC §3: all by default) and the kind each one shows. */
export const MEDIA_FILTERS = { all: null, images: 'image', documents: 'document', video: 'video', audio: 'audio' } as const;
export type MediaFilter = keyof typeof MEDIA_FILTERS;
export const MEDIA_SORTS = ['name', 'date', 'size'] as const;
export type MediaSort = (typeof MEDIA_SORTS)[number];

/**
 * The accepted types, told by the file's bytes: the extensions a name of that type may have, and
 * its kind. Anything else is refused; SVG is not taken (it can carry script).
 */
export const MEDIA_TYPES: Record<string, { kind: MediaKind; exts: readonly string[] }> = {
  'image/jpeg': { kind: 'image', exts: ['jpg', 'jpeg', 'jfif', 'jpe'] },
  'image/png': { kind: 'image', exts: ['png'] },
  'image/webp': { kind: 'image', exts: ['webp'] },
  'image/gif': { kind: 'image', exts: ['gif'] },
  'image/avif': { kind: 'image', exts: ['avif'] },
  'image/tiff': { kind: 'image', exts: ['tif', 'tiff'] },
  'application/pdf': { kind: 'document', exts: ['pdf'] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { kind: 'document', exts: ['docx'] },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { kind: 'document', exts: ['xlsx'] },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { kind: 'document', exts: ['pptx'] },
  'application/vnd.oasis.opendocument.text': { kind: 'document', exts: ['odt'] },
  'application/vnd.oasis.opendocument.spreadsheet': { kind: 'document', exts: ['ods'] },
  'text/plain': { kind: 'document', exts: ['txt'] },
  'text/csv': { kind: 'document', exts: ['csv'] },
  'video/mp4': { kind: 'video', exts: ['mp4', 'm4v'] },
  'video/webm': { kind: 'video', exts: ['webm'] },
  'video/quicktime': { kind: 'video', exts: ['mov', 'qt'] },
  'audio/mpeg': { kind: 'audio', exts: ['mp3'] },
  'audio/wav': { kind: 'audio', exts: ['wav'] },
  'audio/ogg': { kind: 'audio', exts: ['ogg', 'oga'] },
  'audio/ogg; codecs=opus': { kind: 'audio', exts: ['opus', 'ogg'] },
  'audio/x-m4a': { kind: 'audio', exts: ['m4a'] },
  'audio/mp4': { kind: 'audio', exts: ['m4a', 'mp4'] },
  'audio/aac': { kind: 'audio', exts: ['aac'] },
  'audio/flac': { kind: 'audio', exts: ['flac'] },
  'application/zip': { kind: 'other', exts: ['zip'] },
};

const MB = 1024 * 1024;
/** The largest file of each kind. */
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = { image: 20 * MB, document: 25 * MB, video: 200 * MB, audio: 50 * MB, other: 25 * MB };
export const MEDIA_MAX_UPLOAD_BYTES = Math.max(...Object.values(MEDIA_MAX_BYTES));

/** For the file input (the server checks the bytes). */
export const MEDIA_ACCEPT = [...new Set(Object.values(MEDIA_TYPES).flatMap((t) => t.exts.map((e) => `.${e}`)))].join(',');

/** The sizes made of an image, in a job after the upload: the longest side at most `max` pixels, metadata stripped. */
export const MEDIA_VARIANTS = { thumb: { max: 320, format: 'webp' }, medium: { max: 1280, format: 'jpeg' }, webp: { max: 1280, format: 'webp' } } as const;
export type MediaVariant = keyof typeof MEDIA_VARIANTS;
export const MEDIA_SERVED = ['original', 'thumb', 'medium', 'webp'] as const;
export type MediaServed = (typeof MEDIA_SERVED)[number];

export interface MediaFolder {
  id: number;
  name: string;
  parent_id: number | null;
  /** the ancestry of ids, this folder's last: "/3/8/12/" */
  path: string;
  created_at: string;
  updated_at: string;
}

export interface MediaFile {
  id: number;
  folder_id: number | null;
  display_name: string;
  original_name: string;
  mime: string;
  kind: MediaKind;
  size: number;
  width: number | null;
  height: number | null;
  page_count: number | null;
  /** pending while the job makes the image's sizes; ready, failed, or none for files that have none */
  variants_state: 'pending' | 'ready' | 'failed' | 'none';
  model_type: string | null;
  model_id: number | null;
  created_at: string;
  updated_at: string;
  /** the original, through the app (a member's permission is checked) */
  url: string;
  /** the 320-pixel thumbnail once made, else null */
  thumb_url: string | null;
  /** the 1280-pixel version once made, else null */
  medium_url: string | null;
}

export interface MediaUsage {
  used: number;
  quota: number;
}

export const mediaKindOf = (mime: string): MediaKind => MEDIA_TYPES[mime]?.kind ?? 'other';

