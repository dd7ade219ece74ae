import { xsrfToken } from '@/lib/cookies';

/** An error shaped like RTK Query's (`status`, `data`), so `errorMessage` and the 422 readers work on it. */
export type UploadError = { status: number | 'FETCH_ERROR'; data?: { message?: string; errors?: Record<string, string[]> } };

/**
 * POST a file (multipart, in the part named `field`, with any other `fields` of the form) reporting
 * the upload's progress (0–100).
 * A fetch cannot report upload progress, so uploads use XMLHttpRequest, with the same headers
 * as the RTK base query (script call, JSON answer, CSRF token).
 */
export function uploadFile<T>(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  field = 'file',
  fields: Record<string, string | number | null | undefined> = {},
): { done: Promise<T>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open('POST', url);
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
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as unknown as T);
      else reject({ status: xhr.status, data } satisfies UploadError as UploadError);
    };
    xhr.onerror = () => reject({ status: 'FETCH_ERROR' } satisfies UploadError);
    xhr.onabort = () => reject({ status: 'FETCH_ERROR', data: { message: 'The upload was cancelled.' } } satisfies UploadError);
    const form = new FormData();
    // the fields first: the server reads them whichever way, but a stream reader need not wait for the file
    for (const [k, v] of Object.entries(fields)) if (v !== null && v !== undefined && v !== '') form.append(k, String(v));
    form.append(field, file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
