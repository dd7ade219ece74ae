import type { ImportPreviewAnswer, ImportStatusAnswer, ImportUploadAnswer } from '@common/schemas/import';
import { xsrfToken } from '@/lib/cookies';
import { api } from './api';

type Target = { base: string; id: string };

/** An error shaped like RTK Query's (`status`, `data`), so `errorMessage` and the 422 readers work on it. */
export type UploadError = { status: number | 'FETCH_ERROR'; data?: { message?: string; errors?: Record<string, string[]> } };

/**
 * POST <base>/import/upload with the file, reporting the upload's progress (0–100). A fetch
 * cannot report upload progress, so this one call uses XMLHttpRequest, with the same headers as
 * the RTK base query (script call, JSON answer, CSRF token).
 */
export function uploadImport(base: string, file: File, onProgress: (percent: number) => void): { done: Promise<ImportUploadAnswer>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<ImportUploadAnswer>((resolve, reject) => {
    xhr.open('POST', `${base}/import/upload`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = xsrfToken();
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let data: UploadError['data'];
      try {
        data = JSON.parse(xhr.responseText) as UploadError['data'];
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as unknown as ImportUploadAnswer);
      else reject({ status: xhr.status, data } satisfies UploadError as UploadError);
    };
    xhr.onerror = () => reject({ status: 'FETCH_ERROR' } satisfies UploadError);
    xhr.onabort = () => reject({ status: 'FETCH_ERROR', data: { message: 'The upload was cancelled.' } } satisfies UploadError);
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/** The import calls of the ImportWizard (server/http/import-export.ts). */
export const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST <base>/import/preview/{id} { mapping } */
    previewImport: build.mutation<ImportPreviewAnswer, Target & { mapping: Record<string, string> }>({
      query: ({ base, id, mapping }) => ({ url: `${base}/import/preview/${id}`, method: 'POST', body: { mapping } }),
    }),
    /** POST <base>/import/commit/{id} → 202 { message, total } */
    commitImport: build.mutation<{ message: string; total: number }, Target & { mapping: Record<string, string> }>({
      query: ({ base, id, mapping }) => ({ url: `${base}/import/commit/${id}`, method: 'POST', body: { mapping } }),
    }),
    /** GET <base>/import/status/{id}; the wizard polls it while the job runs */
    getImportStatus: build.query<ImportStatusAnswer, Target>({
      query: ({ base, id }) => `${base}/import/status/${id}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { usePreviewImportMutation, useCommitImportMutation, useGetImportStatusQuery } = importApi;
