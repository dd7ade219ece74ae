import { useEffect, useRef, useState } from 'react';
import type { Paginator } from '@common/schemas/list-query';
import { paramsKey, type ListParams } from './query';

/** The answer of a list source: an RTK Query hook's result has exactly these fields. */
export type ListResult<Row> = {
  data?: Paginator<Row> | readonly Row[];
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

/** An RTK Query hook of a list endpoint (`useGetNotificationsQuery`), called with the list params. */
export type ListQueryHook<Row> = (params: ListParams) => ListResult<Row>;

/** A plain function that fetches one page. */
export type ListQueryFn<Row> = (params: ListParams) => Promise<Paginator<Row> | readonly Row[]>;

/**
 * A `query` function used like an RTK hook: one call per distinct set of params, the previous
 * page kept on screen while the next loads, answers to an older request ignored.
 */
export function usePromiseList<Row>(query: ListQueryFn<Row>, params: ListParams): ListResult<Row> {
  const key = paramsKey(params);
  const [state, setState] = useState<{ key: string | null; data?: Paginator<Row> | readonly Row[]; error?: unknown }>({ key: null });
  const [attempt, setAttempt] = useState(0);
  // The latest function and params, read when the key (or a retry) asks for a new call.
  const latest = useRef({ query, params });
  useEffect(() => {
    latest.current = { query, params };
  });

  useEffect(() => {
    let current = true;
    latest.current
      .query(latest.current.params)
      .then((data) => {
        if (current) setState({ key, data });
      })
      .catch((error: unknown) => {
        if (current) setState((prev) => ({ key, data: prev.data, error }));
      });
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const settled = state.key === key;
  return {
    data: state.data,
    error: settled ? state.error : undefined,
    isLoading: state.data === undefined && !state.error,
    isFetching: !settled,
    refetch: () => setAttempt((n) => n + 1),
  };
}
