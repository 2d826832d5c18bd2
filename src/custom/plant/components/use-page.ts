// A paged list call with its page, page size and a reload, for the hand-written tables; their
// pagination is the portal's pagination bar.
import { useCallback, useEffect, useState } from 'react';
import { FIRST_PAGE, PAGE_SIZES, usePaginationBar } from '@/custom/shell/widgets/pagination';

export interface Page<Row> {
  list: Row[];
  total: number;
}

export function usePage<Row, Query>(load: (query: Query & { pageNo: number; pageSize: number }) => Promise<Page<Row>>, query: Query) {
  const [pageNo, setPageNo] = useState(FIRST_PAGE);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
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
  useEffect(() => setPageNo(FIRST_PAGE), [key]);
  const paginationBar = usePaginationBar();
  const pagination = {
    ...paginationBar({
      onChange: (next: number, size: number) => {
        setPageNo(size === pageSize ? next : FIRST_PAGE);
        setPageSize(size);
      },
    }),
    current: pageNo, pageSize, total: page.total,
  };
  return { page, loading, error, reload, pagination };
}
