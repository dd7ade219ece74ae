import { z } from 'zod';

/**
 * The import API's shapes (server/http/import-export.ts), shared by the server and the
 * ImportWizard. A mapping names, for each field, the file's column (header) that fills it;
 * a field left out (or mapped to '') is not imported.
 */
export const importMappingSchema = z.object({
  mapping: z
    .record(z.string().max(80), z.string().max(255))
    .refine((m) => Object.keys(m).length <= 100, 'The mapping field must not have more than 100 items.')
    .transform((m) => Object.fromEntries(Object.entries(m).filter(([, header]) => header !== ''))),
});
export type ImportMappingInput = z.input<typeof importMappingSchema>;

/** Preview with a mapping; `merge`: rows matching an existing record would update it (importables that merge). */
export const importPreviewSchema = importMappingSchema.extend({ merge: z.boolean().default(false) });

/**
 * Commit may repeat the mapping; without one it uses the last preview's. `skip_invalid`: import
 * the valid rows and skip those with errors (the error report lists them); by default a file
 * with any error imports nothing. `merge`: as in the preview.
 */
export const importCommitSchema = importMappingSchema.partial().extend({ skip_invalid: z.boolean().default(false), merge: z.boolean().default(false) });

export const IMPORT_STATES = ['uploaded', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStateName = (typeof IMPORT_STATES)[number];

export interface ImportColumnInfo {
  field: string;
  label: string;
  required: boolean;
}

/** POST <base>/import/upload */
export interface ImportUploadAnswer {
  id: string;
  filename: string;
  total: number;
  headers: string[];
  /** the first rows of the file, as text, in header order */
  sample: string[][];
  /** field → header, proposed from the headers' names */
  mapping: Record<string, string>;
  columns: ImportColumnInfo[];
  /** rows matching an existing record can update it instead of being refused (preview and commit with `merge`) */
  merge?: boolean;
  /** rows with errors may be skipped (`skip_invalid`); false where a file is all or nothing */
  skippable?: boolean;
}

export interface ImportRowError {
  /** the spreadsheet row number (the header is row 1) */
  row: number;
  field: string;
  message: string;
}

export interface ImportPreviewRow {
  row: number;
  values: Record<string, string>;
}

/** POST <base>/import/preview/{id} */
export interface ImportPreviewAnswer {
  total: number;
  valid: number;
  invalid: number;
  /** the first errors (at most 500), in row order */
  errors: ImportRowError[];
  errors_total: number;
  /** valid rows that will update an existing record (a merge) rather than add one */
  merging?: number;
  /** the first rows as mapped */
  sample: ImportPreviewRow[];
  /** the first rows that have errors */
  invalid_sample: ImportPreviewRow[];
}

/** GET <base>/import/status/{id} */
export interface ImportStatusAnswer {
  state: ImportStateName;
  processed: number;
  total: number;
  imported: number;
  message: string | null;
}

/** Limits the server enforces (also said on the upload page). */
export const IMPORT_LIMITS = { maxBytes: 10 * 1024 * 1024, maxRows: 50_000 } as const;
