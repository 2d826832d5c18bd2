import { describe, expect, it } from 'vitest';
import { brokenRows } from './broken-rows.ts';

describe('brokenRows', () => {
  it('names each failing row once by its identifying fields, never its other contents', () => {
    const data = { list: [{ id: 1, modelName: 'ok' }, { id: 2, modelCode: 'X-2', modelName: '', email: 'a@b.c' }], total: 2 };
    const rows = brokenRows(data, [{ instancePath: '/list/1/modelName' }, { instancePath: '/list/1/email' }, { instancePath: '/total' }]);
    expect(rows).toEqual([{ path: '/list/1', key: { id: 2, modelCode: 'X-2' } }]);
  });

  it('handles a list at the top and nested lists', () => {
    expect(brokenRows([{ sn: 'A' }, { sn: 'B', children: [{ uid: 'c' }] }], [{ instancePath: '/1/children/0/x' }]))
      .toEqual([{ path: '/1', key: { sn: 'B' } }]);
  });
});
