import { describe, expect, it } from 'vitest';
import { pagerCount, scrollPosition } from './pagination';

describe('pagination bar', () => {
  it.each([
    [390, 7],
    [1280, 7],
    [1440, 7],
    [1441, 9],
    [1920, 9],
  ])('a window %i px wide shows %i pager items', (width, count) => expect(pagerCount(width)).toBe(count));

  it.each([
    [0, 1000],
    [200, 875],
    [400, 500],
    [600, 125],
    [800, 0],
    [1200, 0],
  ])('%i ms into the 800 ms scroll from 1000 px the page is at %i px', (elapsed, y) => expect(scrollPosition(1000, elapsed)).toBe(y));
});
