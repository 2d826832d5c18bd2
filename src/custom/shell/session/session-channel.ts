// What one tab tells the others about the session (issue 24 "Across tabs"): a logout, a login
// (possibly as someone else) and a language switch take effect in every tab of the portal at once.
// A BroadcastChannel carries the messages; where a browser has none, a local-storage key written
// and removed at once does (the storage event reaches every other tab of the origin).

export type SessionMessage =
  | { type: 'logout' }
  | { type: 'login' }
  | { type: 'lang'; lang: string };

export const CHANNEL_NAME = 'portal-session';
/** The fallback's key: only its storage events matter, the value is removed as soon as written. */
export const STORAGE_KEY = 'portal-session-message';

const isMessage = (value: unknown): value is SessionMessage => {
  const message = value as SessionMessage | null;
  if (!message || typeof message !== 'object') return false;
  if (message.type === 'lang') return typeof message.lang === 'string' && message.lang !== '';
  return message.type === 'logout' || message.type === 'login';
};

/** Reads a message the fallback wrote; anything else is not ours. */
export function parseStored(raw: string | null): SessionMessage | undefined {
  if (!raw) return undefined;
  try {
    const { message } = JSON.parse(raw) as { message?: unknown };
    return isMessage(message) ? message : undefined;
  } catch {
    return undefined;
  }
}

const hasBroadcastChannel = () => typeof BroadcastChannel !== 'undefined';

/** Tells the other tabs; the sending tab does not hear its own message. */
export function broadcastSession(message: SessionMessage): void {
  if (hasBroadcastChannel()) {
    const channel = new BroadcastChannel(CHANNEL_NAME);
    channel.postMessage(message);
    channel.close();
    return;
  }
  // A nonce makes every message a change, so that two logouts in a row both fire.
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ message, nonce: `${Date.now()}-${Math.random()}` }));
  localStorage.removeItem(STORAGE_KEY);
}

/** Hears the other tabs' messages until the returned function is called. */
export function listenSession(handler: (message: SessionMessage) => void): () => void {
  if (hasBroadcastChannel()) {
    const channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent) => {
      if (isMessage(event.data)) handler(event.data);
    };
    return () => channel.close();
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    const message = parseStored(event.newValue);
    if (message) handler(message);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
