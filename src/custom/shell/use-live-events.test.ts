// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { untreatedOf } from './use-live-events';

describe('an alarm event\'s untreated count', () => {
  it('is read from the event\'s data', () => {
    expect(untreatedOf('{"untreatedNum":3,"untreatedTotal":7,"alarm":null}')).toBe(3);
    expect(untreatedOf('{"untreatedNum":0,"untreatedTotal":0,"alarm":null}')).toBe(0);
  });

  it('is unknown when the data is not what the contract says', () => {
    expect(untreatedOf('not json')).toBeUndefined();
    expect(untreatedOf('{"untreatedNum":"3"}')).toBeUndefined();
    expect(untreatedOf('{}')).toBeUndefined();
  });
});
