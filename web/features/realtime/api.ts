import type { StatsSample } from '@common/realtime';
import { api } from '@/store/api';

/** The admin's realtime figures (GET /realtime/json): newest first, at most 50 samples a minute apart. */
export const realtimeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRealtimeStats: build.query<StatsSample[], void>({
      query: () => '/realtime/json',
      transformResponse: (r: { data: StatsSample[] }) => r.data,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetRealtimeStatsQuery } = realtimeApi;
