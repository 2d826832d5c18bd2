import { describe, expect, it } from 'vitest';
import { operationArgs } from './operation-args';

describe('operationArgs', () => {
  it('sends a GET operation\'s fields in the query', () => {
    expect(operationArgs('pageProduct', { pageNo: 1, status: 1 })).toEqual({ query: { pageNo: 1, status: 1 } });
    expect(operationArgs('copyProduct', { id: 7 })).toEqual({ query: { id: 7 } });
  });

  it('sends a form operation\'s fields in its body (the points lists page and filter in the body)', () => {
    expect(operationArgs('getPointRuleList', { pageNo: 2, pageSize: 20, eventType: 1 })).toEqual({ body: { pageNo: 2, pageSize: 20, eventType: 1 } });
    expect(operationArgs('exportWebPointsRecordList', { changeType: 2 })).toEqual({ body: { changeType: 2 } });
  });
});
