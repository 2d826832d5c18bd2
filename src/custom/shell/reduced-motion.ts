// The user's "reduce motion" setting of their system (prefers-reduced-motion): antd's opening and
// closing animations, the charts' drawing animations and the energy flow's moving lines stop
// (WCAG 2.3.3). Followed live: the setting can change while the portal is open.
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined);

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export const prefersReducedMotion = (): boolean => media()?.matches ?? false;

export const useReducedMotion = (): boolean => useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
