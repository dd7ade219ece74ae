import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TimelineAnswer } from '@common/schemas/users';
import { filterTimeline, METRICS_FAILURE, TIMELINE_FAILURE, USERS_FAILURE, type TimelineFilters } from './user-logs-query';
import { initialUserLogsState, type UserLogsState } from './user-logs-state';
import { fetchUserMetrics, loadPreload, loadTimeline, loadUsers, timelineKeyOf } from './user-logs-thunks';

// The `userLogs` slice (SPEC §3 "User-logs state", §4 "Logs loading"): a fetch sets loading and
// clears the error; success clears loading, stores and caches; failure clears loading and stores
// the message. Reset restores the initial state.

export { fetchTimeline, fetchUserMetrics, fetchUsers, preloadTimeline } from './user-logs-thunks';
export { initialUserLogsState, type UserLogsState } from './user-logs-state';

function showTimeline(state: UserLogsState, answer: TimelineAnswer) {
  state.timeline = answer.timeline ?? [];
  state.filteredTimeline = filterTimeline(state.timeline, state.filter);
  state.timelinePagination = answer.pagination ?? { ...initialUserLogsState.timelinePagination, per_page: state.timelinePagination.per_page };
  state.isAdmin = Boolean(answer.isAdmin);
  const { access_total: pages, action_total: actions } = state.timelinePagination;
  state.stats = { total: pages + actions, pages, actions };
}

const userLogsSlice = createSlice({
  name: 'userLogs',
  initialState: initialUserLogsState,
  reducers: {
    /** Everything back to the start: lists, filters, cache (SPEC §4). The scope stays. */
    resetUserLogs: (state) => ({ ...initialUserLogsState, scope: state.scope }),
    /** Data belongs to one signed-in user in one company: another scope starts from scratch. */
    scopeUserLogs: (state, action: PayloadAction<string>) => (state.scope === action.payload ? state : { ...initialUserLogsState, scope: action.payload }),
    /** Another user's timeline is opened: their first page, with the filters kept. */
    openUserTimeline: (state, action: PayloadAction<number>) => {
      if (state.currentUserId === action.payload) return;
      state.currentUserId = action.payload;
      state.timeline = [];
      state.filteredTimeline = [];
      state.stats = initialUserLogsState.stats;
      state.detailedMetrics = null;
      state.timelinePagination = { ...initialUserLogsState.timelinePagination, per_page: state.timelinePagination.per_page };
    },
    /** New filters start at page 1; a changed search also skips the cache once. */
    setTimelineFilters: (state, action: PayloadAction<Partial<TimelineFilters>>) => {
      const next = { ...state.timelineFilters, ...action.payload };
      if (next.search.trim() !== state.timelineFilters.search.trim()) state.timelineForce = true;
      state.timelineFilters = next;
      state.filter = next.type;
      state.filteredTimeline = filterTimeline(state.timeline, next.type);
      state.timelinePagination.current_page = 1;
    },
    setTimelinePage: (state, action: PayloadAction<number>) => {
      state.timelinePagination.current_page = Math.max(1, Math.trunc(action.payload) || 1);
    },
    setTimelinePerPage: (state, action: PayloadAction<number>) => {
      state.timelinePagination.per_page = action.payload;
      state.timelinePagination.current_page = 1;
    },
  },
  // Answers are cached only for the scope they were asked in (a late answer for another account is dropped).
  extraReducers: (builder) => {
    builder
      .addCase(loadUsers.pending, (state, action) => {
        const { query } = action.meta.arg;
        state.loading = true;
        state.error = null;
        state.requests.users = action.meta.requestId;
        state.searchQuery = query.search;
        state.sortField = query.sortField;
        state.sortOrder = query.sortOrder;
        state.pagination.current_page = query.page;
        state.pagination.per_page = query.perPage;
      })
      .addCase(loadUsers.fulfilled, (state, { payload, meta }) => {
        if (!payload.cached && payload.scope === state.scope) state.cache.users[payload.key] = { data: payload.answer, timestamp: payload.at };
        if (state.requests.users !== meta.requestId) return;
        state.loading = false;
        state.users = payload.answer.data;
        state.pagination = payload.answer.pagination;
      })
      .addCase(loadUsers.rejected, (state, action) => {
        if (state.requests.users !== action.meta.requestId) return;
        state.loading = false;
        state.error = action.payload ?? action.error.message ?? USERS_FAILURE;
      })
      .addCase(loadTimeline.pending, (state, action) => {
        state.loading = true;
        state.error = null;
        state.requests.timeline = action.meta.requestId;
        const { userId, query } = action.meta.arg;
        state.requests.timelineKey = userId ? timelineKeyOf(userId, query) : null;
        if (userId) state.currentUserId = userId;
        state.timelineForce = false;
      })
      .addCase(loadTimeline.fulfilled, (state, { payload, meta }) => {
        if (payload.key && payload.answer && !payload.cached && payload.scope === state.scope) state.cache.timeline[payload.key] = { data: payload.answer, timestamp: payload.at };
        if (state.requests.timeline !== meta.requestId) return;
        state.loading = false;
        state.requests.timelineKey = null;
        if (payload.answer) showTimeline(state, payload.answer);
        else {
          state.timeline = [];
          state.filteredTimeline = [];
          state.stats = initialUserLogsState.stats;
        }
      })
      .addCase(loadTimeline.rejected, (state, action) => {
        if (state.requests.timeline !== action.meta.requestId) return;
        state.loading = false;
        state.requests.timelineKey = null;
        state.error = action.payload ?? action.error.message ?? TIMELINE_FAILURE;
      })
      .addCase(loadPreload.fulfilled, (state, { payload }) => {
        if (payload.scope === state.scope) state.cache.timeline[payload.key] = { data: payload.answer, timestamp: payload.at };
      })
      .addCase(fetchUserMetrics.pending, (state, action) => {
        state.metricsLoading = true;
        state.metricsError = null;
        state.requests.metrics = action.meta.requestId;
      })
      .addCase(fetchUserMetrics.fulfilled, (state, { payload, meta }) => {
        if (!payload.cached && payload.scope === state.scope) state.cache.metrics[payload.key] = { data: payload.metrics, timestamp: payload.at };
        if (state.requests.metrics !== meta.requestId) return;
        state.metricsLoading = false;
        state.detailedMetrics = payload.metrics;
      })
      .addCase(fetchUserMetrics.rejected, (state, action) => {
        if (state.requests.metrics !== action.meta.requestId) return;
        state.metricsLoading = false;
        state.metricsError = action.payload ?? action.error.message ?? METRICS_FAILURE;
      });
  },
});

export const { resetUserLogs, scopeUserLogs, openUserTimeline, setTimelineFilters, setTimelinePage, setTimelinePerPage } = userLogsSlice.actions;
export const userLogsReducer = userLogsSlice.reducer;
