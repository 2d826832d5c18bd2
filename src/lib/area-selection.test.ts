import { describe, expect, it } from 'vitest';
import { codesOf, isComplete, loadsChildren, pollForList, selectionOf, type AreaNode } from './area-selection';

const GUANGDONG: AreaNode = { code: '44', label: '广东省', type: 3 };
const SHENZHEN: AreaNode = { code: '4403', label: '深圳市', type: 4 };
const NANSHAN: AreaNode = { code: '440305', label: '南山区', type: 5 };

describe('area picker rules', () => {
  it.each([
    [3, true],
    [4, true],
    [5, false],
    [1, false],
    [0, false],
  ])('type %i loads children: %s', (type, loads) => expect(loadsChildren(type)).toBe(loads));

  it.each([
    ['nothing (reset)', [], {}, [], false],
    ['a province, city and county cleared', [GUANGDONG], { provinceCode: '44', province: '广东省' }, ['44'], false],
    ['a city, county cleared', [GUANGDONG, SHENZHEN], { provinceCode: '44', province: '广东省', cityCode: '4403', city: '深圳市' }, ['44', '4403'], false],
    ['a county', [GUANGDONG, SHENZHEN, NANSHAN],
      { provinceCode: '44', province: '广东省', cityCode: '4403', city: '深圳市', countyCode: '440305', county: '南山区' }, ['44', '4403', '440305'], true],
  ])('%s', (_name, path, selection, codes, complete) => {
    expect(selectionOf(path)).toEqual(selection);
    expect(codesOf(selection)).toEqual(codes);
    expect(isComplete(selection)).toBe(complete);
  });

  it('reads codes only as far as the path goes', () => expect(codesOf({ provinceCode: '44', countyCode: '440305' })).toEqual(['44']));
});

describe('waiting for the province list', () => {
  /** A clock that the sleeps move, so that the test waits for no real time. */
  function clock() {
    let t = 0;
    return { now: () => t, sleep: async (ms: number) => void (t += ms), at: () => t };
  }

  it.each([
    ['answers at once', [['a']], ['a'], 0, 1],
    ['asks again every 500 ms after empty answers and failures', [[], 'fail', [], ['a']], ['a'], 1500, 4],
    ['gives up after 10 s', Array.from({ length: 40 }, () => []), undefined, 10_000, 21],
  ])('%s', async (_name, answers, result, elapsed, calls) => {
    const time = clock();
    let asked = 0;
    const load = async () => {
      const answer = answers[asked++] ?? [];
      if (answer === 'fail') throw new Error('offline');
      return answer as string[];
    };
    expect(await pollForList(load, { now: time.now, sleep: time.sleep })).toEqual(result);
    expect(time.at()).toBe(elapsed);
    expect(asked).toBe(calls);
  });

  it('stops when cancelled', async () => {
    const time = clock();
    let asked = 0;
    expect(await pollForList(async () => (asked++, []), { now: time.now, sleep: time.sleep, cancelled: () => asked >= 2 })).toBeUndefined();
    expect(asked).toBe(2);
  });

  it('asks no more once cancelled while it waits, and counts a loader that answers nothing as an empty list', async () => {
    const time = clock();
    let cancelled = false;
    const asked: string[] = [];
    const sleep = async (ms: number) => {
      await time.sleep(ms);
      cancelled = asked.length >= 2;
    };
    const load = () => {
      asked.push('load');
      return undefined as unknown as Promise<string[]>;
    };
    expect(await pollForList(load, { now: time.now, sleep, cancelled: () => cancelled })).toBeUndefined();
    expect(asked).toHaveLength(2);
  });
});
