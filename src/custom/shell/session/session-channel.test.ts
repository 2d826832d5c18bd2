// @vitest-environment jsdom
// The messages between tabs: through a BroadcastChannel where the browser has one, else through
// the storage events of a key written and removed at once; and what a tab does about each.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY, broadcastSession, listenSession, parseStored, type SessionMessage } from './session-channel';
import { reactionTo } from './session-sync';

describe('with a BroadcastChannel', () => {
  it('another listener hears every message, in order', async () => {
    const heard: SessionMessage[] = [];
    const stop = listenSession((message) => heard.push(message));
    broadcastSession({ type: 'logout' });
    broadcastSession({ type: 'login' });
    broadcastSession({ type: 'lang', lang: 'zh-CN' });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'logout' }, { type: 'login' }, { type: 'lang', lang: 'zh-CN' }]));
    stop();
  });

  it('ignores what is not one of its messages', async () => {
    const heard: SessionMessage[] = [];
    const stop = listenSession((message) => heard.push(message));
    const stranger = new BroadcastChannel('portal-session');
    stranger.postMessage({ type: 'shutdown' });
    stranger.postMessage({ type: 'lang' });
    stranger.close();
    broadcastSession({ type: 'logout' });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'logout' }]));
    stop();
  });
});

describe('without a BroadcastChannel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes the message to storage and removes it at once; the other tabs\' storage event carries it', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const written: string[] = [];
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === STORAGE_KEY) written.push(value);
    });
    broadcastSession({ type: 'logout' });
    broadcastSession({ type: 'logout' });
    setItem.mockRestore();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    // Two logouts are two changes of the key, so that both reach the other tabs.
    expect(new Set(written).size).toBe(2);

    const heard: SessionMessage[] = [];
    const stop = listenSession((message) => heard.push(message));
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: written[0]! }));
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'lang', newValue: written[1]! }));
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: written[1]! }));
    expect(heard).toEqual([{ type: 'logout' }]);
  });

  it('reads only well-formed messages from storage', () => {
    expect(parseStored(JSON.stringify({ message: { type: 'lang', lang: 'en' } }))).toEqual({ type: 'lang', lang: 'en' });
    expect(parseStored(JSON.stringify({ message: { type: 'lang', lang: '' } }))).toBeUndefined();
    expect(parseStored(JSON.stringify({ message: { type: 'reboot' } }))).toBeUndefined();
    expect(parseStored('{not json')).toBeUndefined();
    expect(parseStored(null)).toBeUndefined();
  });
});

describe('what a tab does about another tab\'s message', () => {
  const at = (pathname: string, search = '', lang = 'en') => ({ pathname, search, lang });

  it('a logout sends a portal page to the login page, and leaves the login area alone', () => {
    expect(reactionTo({ type: 'logout' }, at('/plant'))).toEqual({ kind: 'leave', to: '/login' });
    expect(reactionTo({ type: 'logout' }, at('/login'))).toEqual({ kind: 'none' });
    expect(reactionTo({ type: 'logout' }, at('/register'))).toEqual({ kind: 'none' });
  });

  it('a login reloads a portal page as the new user, and sends the login page where it was going', () => {
    expect(reactionTo({ type: 'login' }, at('/alarm'))).toEqual({ kind: 'reload' });
    expect(reactionTo({ type: 'login' }, at('/login', '?redirect=%2Fplant'))).toEqual({ kind: 'leave', to: '/plant' });
    expect(reactionTo({ type: 'login' }, at('/login', '?redirect=https%3A%2F%2Fevil.example'))).toEqual({ kind: 'leave', to: '/' });
    expect(reactionTo({ type: 'login' }, at('/forgetPsd'))).toEqual({ kind: 'none' });
  });

  it('a language switch is followed unless the tab shows that language already', () => {
    expect(reactionTo({ type: 'lang', lang: 'zh-CN' }, at('/plant'))).toEqual({ kind: 'lang', lang: 'zh-CN' });
    expect(reactionTo({ type: 'lang', lang: 'zh-CN' }, at('/login', '', 'zh-CN'))).toEqual({ kind: 'none' });
  });
});
