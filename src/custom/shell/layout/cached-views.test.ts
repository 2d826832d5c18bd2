import { describe, expect, it } from 'vitest';
import type { Location } from 'react-router';
import { keepViews, type View } from './cached-views';

const at = (pathname: string): Location => ({ pathname, search: '', hash: '', state: null, key: pathname });
const keys = (views: View[]) => views.map((v) => v.key);

describe('keepViews', () => {
  it('adds each page shown, keeps their order and moves none', () => {
    const home = at('/home');
    let views = keepViews([], { key: '/home#0', location: home }, new Set());
    views = keepViews(views, { key: '/plants#0', location: at('/plants') }, new Set(['/home#0']));
    views = keepViews(views, { key: '/home#0', location: home }, new Set(['/home#0', '/plants#0']));
    expect(keys(views)).toEqual(['/home#0', '/plants#0']);
    expect(views[0]!.shown).toBeGreaterThan(views[1]!.shown);
  });

  it('answers the same views when nothing changed, so that nothing renders anew', () => {
    const home = at('/home');
    const open = new Set(['/home#0']);
    const once = keepViews([], { key: '/home#0', location: home }, open);
    const twice = keepViews(once, { key: '/home#0', location: home }, open);
    expect(twice[0]).toBe(once[0]);
  });

  it('moves a shown page to where it is now, and keeps a hidden one where it was left', () => {
    const open = new Set(['/plants#0', '/home#0']);
    let views = keepViews([], { key: '/plants#0', location: at('/plants') }, open);
    const filtered = { ...at('/plants'), search: '?status=2' };
    views = keepViews(views, { key: '/plants#0', location: filtered }, open);
    views = keepViews(views, { key: '/home#0', location: at('/home') }, open);
    expect(views.find((v) => v.key === '/plants#0')!.location).toBe(filtered);
  });

  it('drops the views of closed and refreshed tabs', () => {
    const open = new Set(['/a#0', '/b#0', '/c#0']);
    let views = ['/a#0', '/b#0', '/c#0'].reduce<View[]>((kept, key) => keepViews(kept, { key, location: at(key) }, open), []);
    views = keepViews(views, { key: '/c#1', location: at('/c') }, new Set(['/a#0', '/c#1']));
    expect(keys(views)).toEqual(['/a#0', '/c#1']);
  });

  it('keeps at most `max`, the least recently shown going first', () => {
    const all = ['/a#0', '/b#0', '/c#0', '/d#0'];
    const open = new Set(all);
    let views = all.slice(0, 3).reduce<View[]>((kept, key) => keepViews(kept, { key, location: at(key) }, open, 3), []);
    views = keepViews(views, { key: '/a#0', location: views[0]!.location }, open, 3);
    views = keepViews(views, { key: '/d#0', location: at('/d') }, open, 3);
    expect(keys(views)).toEqual(['/a#0', '/c#0', '/d#0']);
  });

  it('keeps the pages shown before when the page shown is no tab', () => {
    const open = new Set(['/a#0']);
    const views = keepViews([], { key: '/a#0', location: at('/a') }, open);
    expect(keepViews(views, undefined, open)).toEqual(views);
  });
});
