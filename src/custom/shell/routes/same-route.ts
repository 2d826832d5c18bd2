// Pushing the route the browser is already on is silently ignored (000 section 2 "History-mode
// routing"): a second click on the open menu entry must not add a history entry that Back then
// has to walk through. The router pushes through window.history, so a push to the current URL
// becomes a replace of the current entry, keeping its index (react-router reads `idx` from it).

type PushState = History['pushState'];

const sameUrl = (url: string | URL, current: Location) => {
  const next = new URL(url, current.href);
  return next.origin === current.origin && next.pathname === current.pathname && next.search === current.search && next.hash === current.hash;
};

export function ignoreRepeatedPush(history: History = window.history, current: Location = window.location): void {
  const push: PushState = history.pushState.bind(history);
  history.pushState = (state: unknown, unused: string, url?: string | URL | null) => {
    if (url === undefined || url === null || !sameUrl(url, current)) {
      push(state, unused, url);
      return;
    }
    const index = (history.state as { idx?: number } | null)?.idx;
    const kept = state && typeof state === 'object' && index !== undefined ? { ...state, idx: index } : state;
    history.replaceState(kept, unused, url);
  };
}
