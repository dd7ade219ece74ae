// Checks made in the browser before a file is sent, with the server's wording, so that a wrong
// file is refused at once instead of after the upload.

/** "image/png", "image/*" or an extension (".pdf"); compared case-insensitively. */
export type AcceptRule = string;

const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  csv: 'text/csv',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** What the user is told is accepted: ["jpg", "png"] → "jpg, png". */
export function acceptedLabel(accept: readonly AcceptRule[]): string {
  const names = accept.map((rule) => {
    const r = rule.trim().toLowerCase();
    if (r.startsWith('.')) return r.slice(1);
    if (r.endsWith('/*')) return `${r.slice(0, -2)} files`;
    const ext = Object.entries(EXTENSION_TYPES).find(([, type]) => type === r)?.[0];
    return ext ?? r;
  });
  return [...new Set(names)].join(', ');
}

/** The `accept` attribute of the file input for these rules. */
export function acceptAttribute(accept: readonly AcceptRule[]): string {
  return accept.join(',');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether a file's type or name matches one of the rules. */
export function matchesAccept(file: { name: string; type: string }, accept: readonly AcceptRule[]): boolean {
  if (accept.length === 0) return true;
  const type = (file.type || EXTENSION_TYPES[extensionOf(file.name)] || '').toLowerCase();
  const ext = extensionOf(file.name);
  return accept.some((rule) => {
    const r = rule.trim().toLowerCase();
    if (r.startsWith('.')) return ext === r.slice(1) || (EXTENSION_TYPES[r.slice(1)] ?? '') === type;
    if (r.endsWith('/*')) return type.startsWith(r.slice(0, -1));
    return type === r;
  });
}

/** 2097152 → "2 MB", 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${rounded} ${units[unit]}`;
}

export type FileRules = { accept?: readonly AcceptRule[]; maxBytes?: number; label?: string };

/**
 * Null when the file may be sent, else the sentence that says why not:
 * "The avatar field must be a file of type: jpg, png, webp." / "… must not be greater than 2 MB."
 */
export function checkFile(file: { name: string; type: string; size: number }, { accept = [], maxBytes, label = 'file' }: FileRules): string | null {
  if (!matchesAccept(file, accept)) return `The ${label} field must be a file of type: ${acceptedLabel(accept)}.`;
  if (maxBytes !== undefined && file.size > maxBytes) return `The ${label} field must not be greater than ${formatBytes(maxBytes)}.`;
  if (file.size === 0) return `The ${label} field must not be an empty file.`;
  return null;
}

/** An upload's progress as a whole percentage 0–100 (Inertia gives `percentage`, XHR gives loaded/total). */
export function progressPercent(progress: { percentage?: number; loaded?: number; total?: number } | number | null | undefined): number | null {
  if (progress == null) return null;
  if (typeof progress === 'number') return Math.max(0, Math.min(100, Math.round(progress)));
  if (typeof progress.percentage === 'number') return Math.max(0, Math.min(100, Math.round(progress.percentage)));
  if (progress.total && progress.loaded !== undefined) return Math.max(0, Math.min(100, Math.round((progress.loaded / progress.total) * 100)));
  return null;
}
