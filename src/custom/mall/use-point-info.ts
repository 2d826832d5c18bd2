// The caller's points (getPointInfo): balance, member level and its discount, with a reload for
// after an order, a cancellation or the refresh button.
import { useCallback, useEffect, useState } from 'react';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';

export type PointInfo = DataOf<'getPointInfo'>;

export function usePointInfo() {
  const [info, setInfo] = useState<PointInfo>();
  const [error, setError] = useState<unknown>();
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    call('getPointInfo', { silent: true }).then((data) => {
      if (!live) return;
      setInfo(data);
      setError(undefined);
    }, (failure: unknown) => live && setError(failure)).finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { info, error, loading, reload };
}
