// What a page of a multi-tab route calls its tab (a plant's name), known once its data arrives:
// the strip shows it after the page title; until then, the object's id from the query.
import { useEffect, useSyncExternalStore } from 'react';

const labels = new Map<string, string>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version++;
  listeners.forEach((listener) => listener());
}

/** Called by the page: `key` is its tab's key (tabKeyOf of its location). */
export function useTabLabel(key: string, label: string | undefined) {
  useEffect(() => {
    if (!label || labels.get(key) === label) return;
    labels.set(key, label);
    changed();
  }, [key, label]);
}

/** For the strip: re-renders when a label arrives. */
export function useTabLabels(): ReadonlyMap<string, string> {
  useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, () => version);
  return labels;
}
