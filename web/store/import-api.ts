import type { ImportPreviewAnswer, ImportStatusAnswer, ImportUploadAnswer } from '@common/schemas/import';
import { api } from './api';
import { uploadFile } from './upload';

type Target = { base: string; id: string };

export type { UploadError } from './upload';

/** POST <base>/import/upload with the file, reporting the upload's progress (0–100). */
export function uploadImport(base: string, file: File, onProgress: (percent: number) => void): { done: Promise<ImportUploadAnswer>; abort: () => void } {
  return uploadFile<ImportUploadAnswer>(`${base}/import/upload`, file, onProgress);
}

/** The import calls of the ImportWizard (server/http/import-export.ts). */
export const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST <base>/import/preview/{id} { mapping, merge? } (merge only when asked: a list that cannot merge never sees it) */
    previewImport: build.mutation<ImportPreviewAnswer, Target & { mapping: Record<string, string>; merge?: boolean }>({
      query: ({ base, id, mapping, merge }) => ({ url: `${base}/import/preview/${id}`, method: 'POST', body: merge ? { mapping, merge } : { mapping } }),
    }),
    /** POST <base>/import/commit/{id} { mapping, skip_invalid, merge? } → 202 { message, total } */
    commitImport: build.mutation<{ message: string; total: number }, Target & { mapping: Record<string, string>; skip_invalid?: boolean; merge?: boolean }>({
      query: ({ base, id, mapping, skip_invalid = false, merge }) => ({
        url: `${base}/import/commit/${id}`,
        method: 'POST',
        body: merge ? { mapping, skip_invalid, merge } : { mapping, skip_invalid },
      }),
    }),
    /** GET <base>/import/status/{id}; the wizard polls it while the job runs */
    getImportStatus: build.query<ImportStatusAnswer, Target>({
      query: ({ base, id }) => `${base}/import/status/${id}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { usePreviewImportMutation, useCommitImportMutation, useGetImportStatusQuery } = importApi;
