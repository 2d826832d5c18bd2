// The tab strip's state (000 section 2 "Main layout"): the visited pages, remembered per user as
// the "tab navigation object", and the cached view of each, kept until its tab closes.
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { keys, load, save } from '@/api/storage';
import type { PageRoute } from '../menu-routes';
import { matchPage } from './page-title';
import type { CachedView } from './cached-views';
import { close, nextActive, visit, type CloseAction, type Tab } from './tab-list';

export type TabAction = CloseAction | 'refresh';

const storageKey = () => `${keys.tabNavigation}-${load<{ loginName?: string }>(keys.userInfo)?.loginName ?? ''}`;
const keyOf = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The stored tabs that still lead to a page of this user's menu, after the menu's affixed pages. */
function restore(pages: readonly PageRoute[]): Tab[] {
  const stored = load<unknown>(storageKey());
  const affixed: Tab[] = pages.filter((p) => p.affix).map((p) => ({ key: p.path, path: p.path, affix: true }));
  const tabs = (Array.isArray(stored) ? stored : [])
    .filter((t): t is Tab => typeof t?.key === 'string' && typeof t?.path === 'string')
    .filter((t) => matchPage(pages, t.key) && !affixed.some((a) => a.key === t.key))
    .map((t) => ({ key: t.key, path: t.path, affix: false }));
  return [...affixed, ...tabs];
}

/**
 * `enabled` is the tabs view setting: without tabs nothing is cached either, since nothing could
 * close a cached page again. The forms and details under a generated screen (create, edit, show)
 * have tabs but no cache: the app itself leaves a form once it is saved, and the next "create"
 * must find it empty.
 */
export function useTabs(pages: readonly PageRoute[], enabled: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState(() => restore(pages));
  const [views, setViews] = useState<CachedView[]>([]);
  /** The shown page's tab, just closed: its page must not mount again while the next one loads. */
  const [closing, setClosing] = useState<string>();
  const match = matchPage(pages, location.pathname);
  const activeKey = enabled && match ? keyOf(location.pathname) : undefined;
  /** The shown page's cached view, if it has one. */
  const cachedKey = match?.subPage ? undefined : activeKey;
  const affix = Boolean(match?.page.affix && !match.subPage);
  const path = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    setClosing(undefined);
    if (activeKey) setTabs((open) => visit(open, { key: activeKey, path, affix }));
  }, [activeKey, affix, path]);
  useEffect(() => {
    if (!enabled) setViews((open) => (open.length ? [] : open));
    else if (cachedKey) {
      setViews((open) => (open.some((v) => v.key === cachedKey)
        ? open.map((v) => (v.key === cachedKey ? { ...v, location } : v))
        : [...open, { key: cachedKey, location, generation: 0 }]));
    }
  }, [enabled, cachedKey, location]);

  useEffect(() => {
    save(storageKey(), tabs);
  }, [tabs]);

  /** The views to render: the shown page's joins the cache on this very render, not a frame later. */
  const shownViews = useMemo(() => {
    if (!enabled) return [];
    return !cachedKey || cachedKey === closing || views.some((v) => v.key === cachedKey) ? views : [...views, { key: cachedKey, location, generation: 0 }];
  }, [enabled, views, cachedKey, closing, location]);

  const act = (key: string, action: TabAction) => {
    const tab = tabs.find((t) => t.key === key);
    if (!tab) return;
    if (action === 'refresh') {
      setViews((open) => open.map((v) => (v.key === key ? { ...v, generation: v.generation + 1 } : v)));
      if (key !== activeKey) navigate(tab.path);
      return;
    }
    const left = close(tabs, key, action);
    const next = activeKey && !left.some((t) => t.key === activeKey) ? nextActive(left, activeKey, key) : undefined;
    // Closed pages unmount at once: the navigation is a transition, which may wait for the next
    // page's code, and a closed page left mounted meanwhile could still write its query to the URL.
    setTabs(left);
    setViews((open) => open.filter((v) => left.some((t) => t.key === v.key)));
    if (next) {
      setClosing(activeKey);
      navigate(next.path);
    }
  };

  return { tabs, activeKey, cachedKey, views: shownViews, act, open: (tab: Tab) => navigate(tab.path) };
}
