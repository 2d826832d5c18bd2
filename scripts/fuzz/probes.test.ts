import { describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/contract.ts';
import { brokenProbes, describeBroken, identityOf, listedPlants, namedPlants, PROBES, plantsToProbe, probeKey, type Outcome } from './probes.ts';

const ok: Outcome = { errCode: 0, errMsg: '' };
const failed: Outcome = { errCode: 10001, errMsg: 'system error' };
const refused: Outcome = { errCode: 10005, errMsg: 'no permission' };

describe('brokenProbes', () => {
  it('names the probes that answered 0 before and do not now', () => {
    const before = new Map([['getPlantList', ok], ['pageOffice', refused], ['getLoginInfo', ok]]);
    const now = new Map([['getPlantList', failed], ['pageOffice', failed], ['getLoginInfo', ok]]);
    expect(brokenProbes(before, now)).toEqual([{ key: 'getPlantList', now: failed }]);
  });

  it('judges no probe that has no answer from before the write', () => {
    const key = probeKey({ operationId: 'getOnePlantInfo', plantUid: 'p1' });
    expect(brokenProbes(new Map(), new Map([[key, failed]]))).toEqual([]);
  });

  it('counts an answer without an envelope as broken', () => {
    const none: Outcome = { errCode: undefined, errMsg: 'HTTP 502' };
    expect(brokenProbes(new Map([['getPlantList', ok]]), new Map([['getPlantList', none]]))).toEqual([{ key: 'getPlantList', now: none }]);
  });
});

describe('describeBroken', () => {
  it('gives one line per probe and answer, naming the callers', () => {
    expect(describeBroken([
      { key: 'getPlantList', now: failed, role: 'owner' },
      { key: 'getPlantList', now: failed, role: 'installer' },
      { key: 'pageOffice', now: refused, role: 'installer' },
    ])).toEqual(['getPlantList → 10001 system error (as owner, installer)', 'pageOffice → 10005 no permission (as installer)']);
  });
});

describe('plantsToProbe', () => {
  it('asks about the first listed plant and the named plants listed before and now', () => {
    expect(plantsToProbe(['a', 'b', 'c'], ['a', 'b', 'c'], ['c', 'x'])).toEqual(['a', 'c']);
    // A plant the write removed from the list (deleted, given away) is no longer asked about.
    expect(plantsToProbe(['a', 'b', 'c'], ['a', 'b'], ['c'])).toEqual(['a']);
    // A plant the write added is not judged against an earlier answer it never gave.
    expect(plantsToProbe(['a'], ['a', 'n'], ['n'])).toEqual(['a']);
  });

  it('falls back on the earlier list when the list no longer answers', () => {
    expect(plantsToProbe(['a', 'b'], undefined, ['b'])).toEqual(['a', 'b']);
    expect(plantsToProbe([], undefined, ['b'])).toEqual([]);
  });
});

describe('namedPlants', () => {
  it('finds stored plants named plantUid anywhere in the request', () => {
    const request = { query: { plantUid: 'p1' }, body: { plantUid: 'nope', items: [{ plantUid: 'p2' }], other: 'p3' } };
    expect(namedPlants(request, ['p1', 'p2', 'p3'])).toEqual(['p1', 'p2']);
  });
});

describe('listedPlants and identityOf', () => {
  it('read a list answer and a login answer', () => {
    expect(listedPlants({ errCode: 0, data: { list: [{ plantUid: 'b' }, { plantUid: 'a' }] } })).toEqual(['b', 'a']);
    expect(listedPlants({ errCode: 10001, data: null })).toBeUndefined();
    const info = (permissions: string[], officeId = '11') => ({ errCode: 0, data: { userInfo: { userId: 'u', userType: 0, visitor: false }, roles: ['EndUser'], permissions, officeId } });
    expect(identityOf(info(['b', 'a']))).toBe(identityOf(info(['a', 'b'])));
    expect(identityOf(info(['a']))).not.toBe(identityOf(info(['a', 'b'])));
    expect(identityOf(info(['a'], '12'))).not.toBe(identityOf(info(['a'])));
    expect(identityOf({ errCode: 10002, data: null })).toBeUndefined();
  });
});

describe('the probes', () => {
  it('are GETs of the contract that need no parameter but a plant', () => {
    const contract = loadContract();
    for (const probe of PROBES) {
      const operation = contract.operations.find((o) => o.operationId === probe.operationId);
      expect(operation?.method, probe.operationId).toBe('GET');
    }
  });
});
