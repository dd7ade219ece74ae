import { api, type TagType } from './api';

export type LookupArgs = { url: string; params?: Record<string, string | number | boolean | undefined> };

/** A record made from a picker's "+ New …" (the form kit's QuickCreate): POST `url` with `body`. */
export type QuickCreateArgs = { url: string; body: Record<string, unknown>; tag?: TagType };

/**
 * Any JSON list, fetched for a searchable select (the form kit's async SelectField). Answers are
 * cached per URL and query for the store's 60 s, so reopening a select costs nothing.
 */
export const lookupApi = api.injectEndpoints({
  endpoints: (build) => ({
    lookup: build.query<unknown, LookupArgs>({
      query: ({ url, params }) => ({ url, params }),
      providesTags: ['Lookup'],
    }),
    /** → 201 { message, data }; every open lookup and the created type's lists are read again */
    quickCreate: build.mutation<{ message: string; data: unknown }, QuickCreateArgs>({
      query: ({ url, body }) => ({ url, method: 'POST', body }),
      invalidatesTags: (_answer, error, { tag }) => (error ? [] : tag ? ['Lookup', tag] : ['Lookup']),
    }),
  }),
});

export const { useLookupQuery, useQuickCreateMutation } = lookupApi;
