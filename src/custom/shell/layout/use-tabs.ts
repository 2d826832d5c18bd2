// The tab strip's state (000 section 2 "Main layout"): the visited pages, remembered per user as
// the "tab navigation object".
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { keys, load, save } from '@/api/storage';
import type { PageRoute } from '../menu-routes';
import { matchPage } from './page-title';
import { close, nextActive, visit, type CloseAction, type Tab } from './tab-list';
import { pathOfTabKey, tabKeyOf } from '../routes/multi-tab';
import { keepViews, type View } from './cached-views';

export type TabAction = CloseAction | 'refresh';

const storageKey = () => `${keys.tabNavigation}-${load<{ loginName?: string }>(keys.userInfo)?.loginName ?? ''}`;

/** The stored tabs that still lead to a page of this user's menu, after the menu's affixed pages. */
function restore(pages: readonly PageRoute[]): Tab[] {
  const stored = load<unknown>(storageKey());
  const affixed: Tab[] = pages.filter((p) => p.affix).map((p) => ({ key: p.path, path: p.path, affix: true }));
  const tabs = (Array.isArray(stored) ? stored : [])
    .filter((t): t is Tab => typeof t?.key === 'string' && typeof t?.path === 'string')
    .filter((t) => matchPage(pages, pathOfTabKey(t.key)) && !affixed.some((a) => a.key === t.key))
    .map((t) => ({ key: t.key, path: t.path, affix: false }));
  return [...affixed, ...tabs];
}

/**
 * `enabled` is the tabs view setting. The pages of open tabs stay mounted (`views`, cached-views.ts),
 * hidden but for the shown tab's. A tab's refresh mounts its page afresh: `pageKey` changes.
 */
export function useTabs(pages: readonly PageRoute[], enabled: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState(() => restore(pages));
  /** How often each open tab was refreshed: part of its page's key. */
  const [generations, setGenerations] = useState<Readonly<Record<string, number>>>({});
  const match = matchPage(pages, location.pathname);
  const activeKey = enabled && match ? tabKeyOf(location.pathname, location.search) : undefined;
  const affix = Boolean(match?.page.affix && !match.subPage);
  const path = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (activeKey) setTabs((open) => visit(open, { key: activeKey, path, affix }));
  }, [activeKey, affix, path]);

  useEffect(() => {
    save(storageKey(), tabs);
  }, [tabs]);

  const act = (key: string, action: TabAction) => {
    const tab = tabs.find((t) => t.key === key);
    if (!tab) return;
    if (action === 'refresh') {
      setGenerations((counts) => ({ ...counts, [key]: (counts[key] ?? 0) + 1 }));
      if (key !== activeKey) navigate(tab.path);
      return;
    }
    const left = close(tabs, key, action);
    setTabs(left);
    const next = activeKey && !left.some((t) => t.key === activeKey) ? nextActive(left, activeKey, key) : undefined;
    if (next) navigate(next.path);
  };

  const pageKey = activeKey && `${activeKey}#${generations[activeKey] ?? 0}`;
  // Decided while rendering, so that a tab's page shows in the same frame as its address.
  const kept = useRef<View[]>([]);
  const views = useMemo(() => {
    const open = new Set(tabs.map((t) => `${t.key}#${generations[t.key] ?? 0}`));
    return keepViews(kept.current, pageKey ? { key: pageKey, location } : undefined, open);
  }, [tabs, generations, pageKey, location]);
  useLayoutEffect(() => {
    kept.current = views;
  }, [views]);
  /** Closes a tab without going anywhere (a page that is done: close-tab.tsx); the home tab stays. */
  const forget = useCallback((key: string) => setTabs((open) => open.filter((t) => t.key !== key || t.affix)), []);
  return { tabs, activeKey, pageKey, views: enabled ? views : [], act, forget, open: (tab: Tab) => navigate(tab.path) };
}
