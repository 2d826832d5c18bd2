// A paged list call with its page, page size and a reload, for the hand-written plant tables.
import { useCallback, useEffect, useState } from 'react';

export interface Page<Row> {
  list: Row[];
  total: number;
}

export function usePage<Row, Query>(load: (query: Query & { pageNo: number; pageSize: number }) => Promise<Page<Row>>, query: Query) {
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [page, setPage] = useState<Page<Row>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>();
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    let live = true;
    setLoading(true);
    load({ ...(JSON.parse(key) as Query), pageNo, pageSize }).then((answer) => {
      if (!live) return;
      setPage(answer);
      setError(undefined);
    }, (failure: unknown) => live && setError(failure)).finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key, pageNo, pageSize, version]); // eslint-disable-line react-hooks/exhaustive-deps -- load is a new closure each render; the query key decides

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  /** A new filter starts again at page 1. */
  useEffect(() => setPageNo(1), [key]);
  const pagination = {
    current: pageNo, pageSize, total: page.total, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100], showQuickJumper: true,
    onChange: (next: number, size: number) => {
      setPageNo(size === pageSize ? next : 1);
      setPageSize(size);
    },
  };
  return { page, loading, error, reload, pagination };
}
