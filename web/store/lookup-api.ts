import { api } from './api';

export type LookupArgs = { url: string; params?: Record<string, string | number | boolean | undefined> };

/**
 * Any JSON list, fetched for a searchable select (the form kit's async SelectField). Answers are
 * cached per URL and query for the store's 60 s, so reopening a select costs nothing.
 */
export const lookupApi = api.injectEndpoints({
  endpoints: (build) => ({
    lookup: build.query<unknown, LookupArgs>({
      query: ({ url, params }) => ({ url, params }),
    }),
  }),
});

export const { useLookupQuery } = lookupApi;
