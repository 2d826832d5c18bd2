// The pagination bar of every list (000 section 9): page 1 and 10 rows to begin with, sizes
// 10/20/50/100, total, prev, pager, next, jumper and sizes in that order, 7 pager items on screens
// up to 1440 px wide and 9 above, and a smooth scroll back to the top over 800 ms on a page change,
// so that the new page is read from its first row.
import { useCallback, useEffect, useState } from 'react';
import type { PaginationProps } from 'antd';
import { useTranslation } from 'react-i18next';

export const FIRST_PAGE = 1;
export const PAGE_SIZES = [10, 20, 50, 100];
/** Up to this window width the pager shows 7 items (first, last, ellipses, current ±1), else 9. */
export const NARROW_PAGER_MAX_WIDTH = 1440;
export const SCROLL_TOP_MS = 800;

/** Items of the pager at a window width: 7 up to 1440 px, 9 above. */
export const pagerCount = (windowWidth: number): 7 | 9 => (windowWidth <= NARROW_PAGER_MAX_WIDTH ? 7 : 9);

/** Ease-in-out position from `from` to 0 at `elapsed` of `duration` ms. */
export function scrollPosition(from: number, elapsed: number, duration = SCROLL_TOP_MS): number {
  const t = Math.min(1, Math.max(0, elapsed / duration));
  const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  return Math.round(from * (1 - eased));
}

/** Scrolls the page to the top over 800 ms (the browser's smooth scroll has no duration). */
export function scrollToTop(): void {
  const from = window.scrollY;
  if (from <= 0) return;
  const start = performance.now();
  const step = (now: number) => {
    const y = scrollPosition(from, now - start);
    window.scrollTo(0, y);
    if (y > 0) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const follow = () => setWidth(window.innerWidth);
    window.addEventListener('resize', follow);
    return () => window.removeEventListener('resize', follow);
  }, []);
  return width;
}

/**
 * Makes a table's or a list's pagination (its page, size, total and onChange, from Refine's useTable or a
 * hand-written list) the portal's bar. antd's pager has no item count; its "less items" layout is
 * the 7-item one. `pagination-bar` orders the jumper before the sizes (global.css).
 */
export function usePaginationBar(): (pagination?: PaginationProps) => PaginationProps {
  const { t } = useTranslation();
  const narrow = pagerCount(useWindowWidth()) === 7;
  return useCallback((pagination?: PaginationProps): PaginationProps => {
    const onChange = pagination?.onChange;
    return {
      ...pagination,
      className: ['pagination-bar', pagination?.className].filter(Boolean).join(' '),
      showTotal: (total: number) => t('common.total', { total }),
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES,
      showQuickJumper: true,
      showLessItems: narrow,
      onChange: (page: number, pageSize: number) => {
        onChange?.(page, pageSize);
        scrollToTop();
      },
    };
  }, [t, narrow]);
}
