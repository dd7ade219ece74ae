import type { Answer, One } from '@common/answers/http';
import type { CmsPageRevisionRow, CmsPageRow } from '@common/answers/cms';
import type { PageInput, ScheduleInput } from '@common/schemas/cms';
import { api } from '@/store/api';
import { resourceApi } from '@/store/resource-api';

// CMS pages (issue 18): the resource through the factory of decision 0017, its revisions and
// the publishing actions (server/modules/cms/pages.ts).

export type { CmsPageRevisionRow, CmsPageRow } from '@common/answers/cms';

export const { useGetPagesQuery, useGetPageQuery, useCreatePageMutation, useUpdatePageMutation, useDeletePageMutation } = resourceApi<CmsPageRow, PageInput>()({
  one: 'Page',
  many: 'Pages',
  base: '/cms/pages',
  singular: 'page',
  tag: 'Page',
});

const pageActions = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /cms/pages/{id}/revisions: the saved versions of the draft, newest first */
    getPageRevisions: build.query<CmsPageRevisionRow[], number>({
      query: (id) => `/cms/pages/${id}/revisions`,
      transformResponse: (answer: One<CmsPageRevisionRow[]>) => answer.data,
      providesTags: (_r, _e, id) => [{ type: 'Page', id: `revisions-${id}` }],
    }),
    restorePageRevision: build.mutation<Answer<CmsPageRow>, { id: number; revision: number }>({
      query: ({ id, revision }) => ({ url: `/cms/pages/${id}/revisions/${revision}/restore`, method: 'POST' }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Page', id }, { type: 'Page', id: 'LIST' }, { type: 'Page', id: `revisions-${id}` }],
    }),
    publishPage: build.mutation<Answer<CmsPageRow>, number>({
      query: (id) => ({ url: `/cms/pages/${id}/publish`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Page', id }, { type: 'Page', id: 'LIST' }],
    }),
    unpublishPage: build.mutation<Answer<CmsPageRow>, number>({
      query: (id) => ({ url: `/cms/pages/${id}/unpublish`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Page', id }, { type: 'Page', id: 'LIST' }],
    }),
    schedulePage: build.mutation<Answer<CmsPageRow>, { id: number } & ScheduleInput>({
      query: ({ id, publish_at }) => ({ url: `/cms/pages/${id}/schedule`, method: 'POST', body: { publish_at } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Page', id }, { type: 'Page', id: 'LIST' }],
    }),
  }),
});

export const { useGetPageRevisionsQuery, useRestorePageRevisionMutation, usePublishPageMutation, useUnpublishPageMutation, useSchedulePageMutation } = pageActions;
