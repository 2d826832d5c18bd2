// One call's state for a dashboard card. The caller memoises the fetcher (useCallback over what
// the call depends on); a new fetcher starts a new load. The last answer stays shown while the
// next one loads (switching a period dims the card instead of blanking it); an answer to an older
// fetcher is dropped, so a slow reply never overwrites a newer one.
import { useEffect, useState } from 'react';
import { isNotImplemented } from '@/custom/plant/components/not-yet';

export interface Load<T> {
  /** The latest answer, possibly of the previous fetcher while `loading`. */
  data?: T;
  /** The current fetcher's failure. */
  error?: unknown;
  loading: boolean;
  /** The server answered 10001 `not implemented` (not-yet.tsx). */
  notYet: boolean;
}

export function useLoad<T>(fetcher: (() => Promise<T>) | undefined): Load<T> {
  const [state, setState] = useState<{ of?: () => Promise<T>; data?: T; error?: unknown }>({});
  useEffect(() => {
    if (!fetcher) return;
    let live = true;
    fetcher().then(
      (data) => live && setState({ of: fetcher, data }),
      (error: unknown) => live && setState({ of: fetcher, error }),
    );
    return () => {
      live = false;
    };
  }, [fetcher]);
  const current = fetcher !== undefined && state.of === fetcher;
  const error = current ? state.error : undefined;
  return { data: fetcher ? state.data : undefined, error, loading: fetcher !== undefined && !current, notYet: isNotImplemented(error) };
}
