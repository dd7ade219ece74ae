import { api } from '@/store/api';

/** One record the top bar's search found (GET /search/json, server/http/search.ts). */
export type RecordHit = { id: number; title: string; detail: string | null; href: string };
/** The records of one kind ("Customers", "Invoices"…), a few of them. */
export type RecordGroup = { kind: string; label: string; items: RecordHit[] };

/** Shorter phrases are not sent: the server answers nothing for them (no trigram to search by). */
export const MIN_RECORD_SEARCH = 3;

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchRecords: build.query<{ data: RecordGroup[] }, string>({
      query: (q) => `/search/json?q=${encodeURIComponent(q)}`,
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchRecordsQuery } = searchApi;
