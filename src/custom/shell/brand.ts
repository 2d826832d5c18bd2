// The brand the portal is served as (getOemConfig: the server picks it by host name): its logo,
// platform name and favicon for the shell, the login page and the document titles. Loaded once per
// page and shared; until it arrives (or when the call fails) the built-in name and mark stand in.
// Page-title code reads `useBrand()?.platformName` (or `usePlatformName` beside it) so that a
// partner brand's tabs carry its own name.
import { useSyncExternalStore } from 'react';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';

export type Brand = DataOf<'getOemConfig'>;

let brand: Brand | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Points the page's icon at the brand's favicon (the built-in one stays when it has none). */
function showFavicon(url: string | undefined) {
  if (!url) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = url;
}

function load() {
  loading ??= (async () => {
    try {
      const answer = await call('getOemConfig', { silent: true });
      brand = answer;
      showFavicon(answer.faviconUrl);
      listeners.forEach((notify) => notify());
    } catch {
      // The built-in branding stays; the next page load asks again.
    }
  })();
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  load();
  return () => listeners.delete(notify);
}

/** The served brand, or undefined until getOemConfig has answered. */
export const useBrand = (): Brand | undefined => useSyncExternalStore(subscribe, () => brand);

/** Main-brand-only features (system switch, AI assistant) show for the main brand alone. */
export const useMainBrand = (): boolean => useBrand()?.mainBrand === 1;
