// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { ignoreRepeatedPush } from './same-route';

describe('ignoreRepeatedPush', () => {
  beforeAll(() => {
    window.history.replaceState({ idx: 0 }, '', '/index');
    ignoreRepeatedPush();
  });

  it('adds a history entry for another route', () => {
    const before = window.history.length;
    window.history.pushState({ idx: 1 }, '', '/plant');
    expect(window.history.length).toBe(before + 1);
    expect(window.location.pathname).toBe('/plant');
  });

  it('adds none for the route the browser is on, and keeps its index', () => {
    window.history.pushState({ idx: 1 }, '', '/alarm?level=1');
    const before = window.history.length;
    window.history.pushState({ idx: 2, key: 'again' }, '', '/alarm?level=1');
    expect(window.history.length).toBe(before);
    expect(window.history.state).toEqual({ idx: 1, key: 'again' });
  });

  it('treats another query or fragment as another route', () => {
    const before = window.history.length;
    window.history.pushState({ idx: 3 }, '', '/alarm?level=2');
    window.history.pushState({ idx: 4 }, '', '/alarm?level=2#top');
    expect(window.history.length).toBe(before + 2);
  });
});
