// The tab strip's list of visited pages (000 section 2 "Main layout"): pure rules, so that the
// strip, its context menu and the stored list agree on what each action keeps.

export interface Tab {
  /** The page's path without its query: one tab per page. */
  key: string;
  /** Where the tab leads back to: the path with the query and hash last seen there. */
  path: string;
  /** The home entry of the menu (meta.affix): always open, never closed. */
  affix: boolean;
}

/** Opens `tab`, or updates the open tab of the same page to where the user now is. */
export function visit(tabs: readonly Tab[], tab: Tab): Tab[] {
  const index = tabs.findIndex((t) => t.key === tab.key);
  if (index < 0) return [...tabs, tab];
  if (tabs[index]!.path === tab.path && tabs[index]!.affix === tab.affix) return tabs as Tab[];
  return tabs.map((t, i) => (i === index ? tab : t));
}

export type CloseAction = 'close' | 'others' | 'left' | 'right' | 'all';

/** The tabs left after `action` on the tab `key`: affixed tabs stay whatever the action. */
export function close(tabs: readonly Tab[], key: string, action: CloseAction): Tab[] {
  const index = tabs.findIndex((t) => t.key === key);
  if (index < 0) return tabs as Tab[];
  const keep = (t: Tab, i: number): boolean => {
    if (t.affix) return true;
    switch (action) {
      case 'close': return i !== index;
      case 'others': return i === index;
      case 'left': return i >= index;
      case 'right': return i <= index;
      case 'all': return false;
    }
  };
  return tabs.filter(keep);
}

/** Whether `action` on the tab `key` would close anything: the context menu disables the others. */
export function closes(tabs: readonly Tab[], key: string, action: CloseAction): boolean {
  return close(tabs, key, action).length !== tabs.length;
}

/**
 * The tab to show after closing: the active one if it is still open; otherwise the tab the action
 * was taken on when it survived, else the last tab left (the home tab once all are closed).
 */
export function nextActive(left: readonly Tab[], activeKey: string | undefined, actedOn: string): Tab | undefined {
  return left.find((t) => t.key === activeKey) ?? left.find((t) => t.key === actedOn) ?? left.at(-1);
}
