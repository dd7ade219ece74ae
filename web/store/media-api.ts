import type { Paginator } from '@common/schemas/list-query';
import type { MediaFile, MediaFilter, MediaFolder, MediaSort, MediaUsage } from '@common/media';
import { api } from './api';

// The media library's JSON endpoints (SPEC §7 Media; server/modules/media/routes.ts). Uploads go
// through store/upload.ts (XMLHttpRequest, for their progress) and then invalidate 'Media'.

export type { MediaFile, MediaFolder, MediaUsage } from '@common/media';

export interface MediaFilesQuery {
  /** a folder, null for the root, 'all' for the whole library */
  folder_id: number | null | 'all';
  filter: MediaFilter;
  sort_by: MediaSort;
  sort_order: 'asc' | 'desc';
  search: string;
  page: number;
  per_page: number;
  model_type?: string;
  model_id?: number;
}

type Message = { message: string };

const mediaApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMediaFolders: build.query<MediaFolder[], void>({
      query: () => '/media/get-folders',
      transformResponse: (answer: { data: MediaFolder[] }) => answer.data,
      providesTags: [{ type: 'Folder', id: 'LIST' }],
    }),
    getMediaFiles: build.query<Paginator<MediaFile>, MediaFilesQuery>({
      query: ({ folder_id, model_type, model_id, search, ...rest }) => {
        const params: Record<string, string | number> = { ...rest, folder_id: folder_id === null ? 'root' : folder_id };
        if (search.trim()) params.search = search.trim();
        // a record's media: across its folders unless one is chosen
        if (model_type && model_id) {
          const { folder_id: _f, ...rest } = params;
          return { url: '/media/get-model-media', params: { ...rest, model_type, model_id, ...(typeof folder_id === 'number' ? { folder_id } : {}) } };
        }
        return { url: '/media/files', params };
      },
      providesTags: [{ type: 'Media', id: 'LIST' }],
    }),
    getMediaUsage: build.query<MediaUsage, void>({
      query: () => '/media/usage',
      transformResponse: (answer: { data: MediaUsage }) => answer.data,
      providesTags: [{ type: 'Media', id: 'USAGE' }],
    }),
    createMediaFolder: build.mutation<Message & { data: MediaFolder }, { name: string; parent_id: number | null }>({
      query: (body) => ({ url: '/media/folders/store', method: 'POST', body }),
      invalidatesTags: [{ type: 'Folder', id: 'LIST' }],
    }),
    renameMediaFolder: build.mutation<Message & { data: MediaFolder }, { id: number; name: string }>({
      query: ({ id, name }) => ({ url: `/media/folders/${id}/rename`, method: 'PUT', body: { name } }),
      invalidatesTags: [{ type: 'Folder', id: 'LIST' }],
    }),
    deleteMediaFolder: build.mutation<Message & { queued?: boolean }, { id: number; confirm: boolean }>({
      query: ({ id, confirm }) => ({ url: `/media/folders/${id}${confirm ? '?confirm=true' : ''}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Folder', id: 'LIST' }, { type: 'Media', id: 'LIST' }, { type: 'Media', id: 'USAGE' }],
    }),
    deleteMediaFiles: build.mutation<Message, number[]>({
      query: (file_ids) => ({ url: '/media/files/delete-multiple', method: 'POST', body: { file_ids } }),
      invalidatesTags: [{ type: 'Media', id: 'LIST' }, { type: 'Media', id: 'USAGE' }],
    }),
    moveMediaItems: build.mutation<Message, { item_ids: number[]; item_type: 'file' | 'folder'; target_folder_id: number | null }>({
      query: (body) => ({ url: '/media/move-items', method: 'POST', body }),
      invalidatesTags: [{ type: 'Folder', id: 'LIST' }, { type: 'Media', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetMediaFoldersQuery,
  useGetMediaFilesQuery,
  useGetMediaUsageQuery,
  useCreateMediaFolderMutation,
  useRenameMediaFolderMutation,
  useDeleteMediaFolderMutation,
  useDeleteMediaFilesMutation,
  useMoveMediaItemsMutation,
} = mediaApi;

/** After uploads: the lists and the usage are read again. */
export const mediaUploaded = () => mediaApi.util.invalidateTags([{ type: 'Media', id: 'LIST' }, { type: 'Media', id: 'USAGE' }]);
