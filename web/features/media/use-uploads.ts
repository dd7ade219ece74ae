import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { MEDIA_MAX_UPLOAD_BYTES, type MediaFile } from '@common/media';
import { formatBytes } from '@/components/upload/file-checks';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { useAppDispatch } from '@/store';
import { mediaUploaded } from '@/store/media-api';
import { uploadFile } from '@/store/upload';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  /** 0–100 */
  progress: number;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  error: string | null;
  file?: MediaFile;
}

/** files sent at once; the rest wait their turn */
const PARALLEL = 3;

/**
 * Several uploads at once, each with its own 0–100 progress (XMLHttpRequest reports it), the
 * spec's messages ('File uploaded successfully'; the server's reason, else 'Failed to upload
 * file'), and the lists read again once a batch is done.
 */
export function useUploads(target: { folderId: number | null; modelType?: string; modelId?: number }, onUploaded?: (file: MediaFile) => void) {
  const dispatch = useAppDispatch();
  const [items, setItems] = useState<UploadItem[]>([]);
  const running = useRef(0);
  const queue = useRef<{ key: string; file: File; folderId: number | null }[]>([]);
  const targetRef = useRef(target);
  const pumpRef = useRef<() => void>(() => undefined);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i))), []);

  const pump = useCallback(() => {
    while (running.current < PARALLEL && queue.current.length) {
      const next = queue.current.shift()!;
      running.current++;
      patch(next.key, { status: 'uploading' });
      const { modelType, modelId } = targetRef.current;
      const { done } = uploadFile<{ message: string; data: MediaFile }>(
        '/media/upload',
        next.file,
        (progress) => patch(next.key, { progress }),
        'file',
        { folder_id: next.folderId ?? '', model_type: modelType, model_id: modelId },
      );
      done
        .then((answer) => {
          patch(next.key, { status: 'done', progress: 100, file: answer.data });
          toast.success(answer.message || 'File uploaded successfully', SHORT_TOAST);
          onUploaded?.(answer.data);
        })
        .catch((err: unknown) => {
          const message = fieldErrorsOf(err).file ?? errorMessage(err, 'Failed to upload file');
          patch(next.key, { status: 'failed', error: message });
          toast.error(`${next.file.name}: ${message}`);
        })
        .finally(() => {
          running.current--;
          if (running.current === 0 && queue.current.length === 0) dispatch(mediaUploaded());
          pumpRef.current();
        });
    }
  }, [dispatch, onUploaded, patch]);
  useEffect(() => {
    targetRef.current = target;
    pumpRef.current = pump;
  });

  const add = useCallback(
    (files: readonly File[]) => {
      const fresh: UploadItem[] = [];
      for (const file of files) {
        const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
        if (file.size > MEDIA_MAX_UPLOAD_BYTES) {
          fresh.push({ key, name: file.name, size: file.size, progress: 0, status: 'failed', error: `Upload failed: larger than ${formatBytes(MEDIA_MAX_UPLOAD_BYTES)}.` });
          continue;
        }
        if (file.size === 0) {
          fresh.push({ key, name: file.name, size: 0, progress: 0, status: 'failed', error: 'Upload failed: the file is empty.' });
          continue;
        }
        fresh.push({ key, name: file.name, size: file.size, progress: 0, status: 'waiting', error: null });
        queue.current.push({ key, file, folderId: targetRef.current.folderId });
      }
      setItems((list) => [...list.filter((i) => i.status === 'uploading' || i.status === 'waiting'), ...fresh]);
      pumpRef.current();
    },
    [],
  );

  const clear = useCallback(() => setItems((list) => list.filter((i) => i.status === 'uploading' || i.status === 'waiting')), []);

  return { items, add, clear, busy: items.some((i) => i.status === 'uploading' || i.status === 'waiting') };
}
