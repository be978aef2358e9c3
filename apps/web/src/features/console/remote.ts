/** The load state of one server list/record on a console page, read from its RTK Query result. */
export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface Remote<T> {
  data: T;
  status: LoadStatus;
}

interface QueryState<T> {
  data?: T;
  isUninitialized: boolean;
  isFetching: boolean;
  isError: boolean;
}

/** A query's answer and status; a failed load shows `empty` with no message (docs/web.md, "Texts"). */
export function remoteOf<T>(q: QueryState<T>, empty: T): Remote<T> {
  if (q.isError && !q.isFetching) return { data: empty, status: 'failed' };
  const status: LoadStatus = q.isUninitialized ? 'idle' : q.isFetching ? 'loading' : 'succeeded';
  return { data: q.data ?? empty, status };
}

export const isLoading = (r: Remote<unknown>) => r.status === 'idle' || r.status === 'loading';
