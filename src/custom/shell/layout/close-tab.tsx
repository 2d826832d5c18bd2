// A page that is done closes its own tab: a create or edit form once saved. Kept as a cached view,
// it would otherwise come back with what was typed into it the last time.
import { createContext, useCallback, useContext } from 'react';
import { useLocation } from 'react-router';
import { tabKeyOf } from '../routes/multi-tab';

/** Forgets a tab (its view goes with it) without leaving the page shown. */
export const CloseTab = createContext<(key: string) => void>(() => undefined);

/** Closes the tab of the page that calls it, at the page's own location; nothing without tabs. */
export function useCloseOwnTab(): () => void {
  const close = useContext(CloseTab);
  const { pathname, search } = useLocation();
  return useCallback(() => close(tabKeyOf(pathname, search)), [close, pathname, search]);
}
