// Content rendered only once it comes near the screen (000 section 9: threshold 0.01, 50 px
// margin), so that below-the-fold cards of a dashboard make their calls when the user scrolls to
// them. Once shown it stays. Where the browser has no IntersectionObserver it renders at once.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export const LAZY_THRESHOLD = 0.01;
export const LAZY_ROOT_MARGIN = '50px';

export function LazyContent({ children, minHeight = 200, testId }: { children: ReactNode; minHeight?: number; testId?: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (shown || !holder.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setShown(true);
    }, { threshold: LAZY_THRESHOLD, rootMargin: LAZY_ROOT_MARGIN });
    observer.observe(holder.current);
    return () => observer.disconnect();
  }, [shown]);
  // Until shown, the holder keeps the content's place so that the page does not jump.
  return shown ? <>{children}</> : <div ref={holder} style={{ minHeight }} data-testid={testId} data-lazy="waiting" />;
}
