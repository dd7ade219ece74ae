// Attachments of invoices, bills, estimates and bank transactions (docs/decisions/0015-attachments.md):
// what the server accepts, shared with the upload field so the browser refuses the same files first.

/** The accepted kinds and the content type each is answered with. */
export const ATTACHMENT_TYPES = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  csv: 'text/csv',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

/** 10 MB, the multipart limit of the whole app. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_MAX_PER_RECORD = 20;

/** For the file input: the extensions (the server checks the bytes). */
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_TYPES).map((ext) => `.${ext}`);

export const attachmentTypeError = () => `The file must be a file of type: ${Object.keys(ATTACHMENT_TYPES).join(', ')}.`;

export interface Attachment {
  id: number;
  name: string;
  content_type: string;
  size: number;
  created_at: string;
}
