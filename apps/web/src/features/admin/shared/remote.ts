/** The load state of one server list/record inside a console slice. */
export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface Remote<T> {
  data: T;
  status: LoadStatus;
}

export const remote = <T>(data: T): Remote<T> => ({ data, status: 'idle' });

export const isLoading = (r: Remote<unknown>) => r.status === 'idle' || r.status === 'loading';
