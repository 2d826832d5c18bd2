import { describe, expect, it } from 'vitest';
import { close, closes, nextActive, visit, type Tab } from './tab-list';

const tab = (key: string, affix = false): Tab => ({ key, path: key, affix });
const home = tab('/index', true);
const [a, b, c] = [tab('/a'), tab('/b'), tab('/c')];
const strip = [home, a, b, c];
const keysOf = (tabs: Tab[]) => tabs.map((t) => t.key);

describe('visit', () => {
  it('adds a new page at the end', () => {
    expect(keysOf(visit([home, a], b))).toEqual(['/index', '/a', '/b']);
  });

  it('keeps one tab per page, leading back to where the user last was', () => {
    const tabs = visit(strip, { key: '/b', path: '/b?pageNo=2', affix: false });
    expect(keysOf(tabs)).toEqual(keysOf(strip));
    expect(tabs[2]!.path).toBe('/b?pageNo=2');
  });

  it('answers the same list when nothing changed', () => {
    expect(visit(strip, tab('/a'))).toBe(strip);
  });
});

describe('close', () => {
  it.each([
    ['close', '/b', ['/index', '/a', '/c']],
    ['others', '/b', ['/index', '/b']],
    ['left', '/b', ['/index', '/b', '/c']],
    ['right', '/b', ['/index', '/a', '/b']],
    ['all', '/b', ['/index']],
    ['left', '/a', ['/index', '/a', '/b', '/c']],
    ['right', '/c', ['/index', '/a', '/b', '/c']],
  ] as const)('%s on %s keeps %j', (action, key, left) => {
    expect(keysOf(close(strip, key, action))).toEqual(left);
  });

  it('never closes an affixed tab, wherever it stands', () => {
    const tabs = [a, home, b];
    expect(keysOf(close(tabs, '/index', 'close'))).toEqual(['/a', '/index', '/b']);
    expect(keysOf(close(tabs, '/b', 'left'))).toEqual(['/index', '/b']);
    expect(keysOf(close(tabs, '/a', 'right'))).toEqual(['/a', '/index']);
    expect(keysOf(close(tabs, '/b', 'all'))).toEqual(['/index']);
  });

  it('leaves the list alone for a tab that is not open', () => {
    expect(close(strip, '/nowhere', 'others')).toBe(strip);
  });

  it('tells the context menu which actions would close something', () => {
    expect(closes(strip, '/index', 'close')).toBe(false);
    expect(closes(strip, '/a', 'left')).toBe(false);
    expect(closes(strip, '/c', 'right')).toBe(false);
    expect(closes(strip, '/c', 'left')).toBe(true);
    expect(closes([home], '/index', 'all')).toBe(false);
  });
});

describe('nextActive', () => {
  it('stays on the active tab when it is still open', () => {
    expect(nextActive(close(strip, '/a', 'close'), '/c', '/a')?.key).toBe('/c');
  });

  it('goes to the tab acted on when the active one closed', () => {
    expect(nextActive(close(strip, '/b', 'others'), '/c', '/b')?.key).toBe('/b');
  });

  it('goes to the last tab left when the active one itself closed', () => {
    expect(nextActive(close(strip, '/c', 'close'), '/c', '/c')?.key).toBe('/b');
    expect(nextActive(close(strip, '/b', 'all'), '/b', '/b')?.key).toBe('/index');
  });
});
