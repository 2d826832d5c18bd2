import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { callerScope, escapeLike, narrowScope, parseOfficeIds, plantScope, treeRootPath, userScope, type Scope } from './scope.ts';

const dialect = new PgDialect();
const render = (condition: Parameters<PgDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(condition);

const installer = { userId: 'u-installer', officePath: '/1/11/', userType: 1 };
const office = (id: string, path: string) => ({ id, path });

describe('callerScope', () => {
  it('gives professional users their office subtree and their own objects', () => {
    expect(callerScope(installer)).toEqual({ userId: 'u-installer', officePaths: ['/1/11/'], own: true });
  });

  it('gives end users only their own objects, whatever office holds them', () => {
    expect(callerScope({ userId: 'u-owner', officePath: '/1/', userType: 0 })).toEqual({ userId: 'u-owner', officePaths: [], own: true });
  });

  it('lets the demo visitor see its demo office like staff', () => {
    expect(callerScope({ userId: 'u-visitor', officePath: '/1/', userType: 0, visitor: true }).officePaths).toEqual(['/1/']);
  });
});

describe('parseOfficeIds', () => {
  it('splits, trims and de-duplicates', () => {
    expect(parseOfficeIds(' 11, 12 ,11,,')).toEqual(['11', '12']);
  });

  it('answers no ids for an absent or blank value (not narrowed)', () => {
    expect(parseOfficeIds(undefined)).toEqual([]);
    expect(parseOfficeIds('  , ')).toEqual([]);
  });
});

describe('narrowScope', () => {
  const admin: Scope = { userId: 'u-admin', officePaths: ['/1/'], own: true };

  it('keeps chosen offices inside the scope and drops own objects', () => {
    expect(narrowScope(admin, [office('11', '/1/11/')])).toEqual({ userId: 'u-admin', officePaths: ['/1/11/'], own: false });
  });

  it('ignores offices outside the scope, so it never widens', () => {
    expect(narrowScope(callerScope(installer), [office('1', '/1/'), office('12', '/1/12/'), office('21', '/2/21/')]).officePaths).toEqual([]);
    expect(narrowScope(callerScope(installer), [office('1', '/1/'), office('11', '/1/11/')]).officePaths).toEqual(['/1/11/']);
  });

  it('drops a chosen office inside another chosen one', () => {
    expect(narrowScope(admin, [office('11', '/1/11/'), office('1', '/1/'), office('111', '/1/11/111/')]).officePaths).toEqual(['/1/']);
  });

  it('does not mistake a sibling with a longer id for a descendant', () => {
    expect(narrowScope({ ...admin, officePaths: ['/1/1/'] }, [office('11', '/1/11/')]).officePaths).toEqual([]);
  });

  it('is empty for an end user, who sees no office', () => {
    expect(narrowScope(callerScope({ userId: 'o', officePath: '/1/11/', userType: 0 }), [office('11', '/1/11/')]).officePaths).toEqual([]);
  });
});

describe('conditions', () => {
  it('match a subtree by path prefix, the caller by owner, and plants shared with the caller', () => {
    const { sql, params } = render(plantScope(installer));
    expect(sql).toContain('"scope_office"."path" like $1');
    expect(sql).toContain('"plants"."owner_user_id" = $2');
    expect(sql).toContain('"plant_shares"."visitor_user_id" = $3');
    expect(params).toEqual(['/1/11/%', 'u-installer', 'u-installer']);
  });

  it('leave out the owner branch once narrowed', () => {
    const { sql, params } = render(plantScope({ userId: 'u', officePaths: ['/1/11/'], own: false }));
    expect(sql).not.toContain('owner_user_id');
    expect(sql).not.toContain('plant_shares');
    expect(params).toEqual(['/1/11/%']);
  });

  it('match nothing for an empty narrowed scope', () => {
    expect(render(plantScope({ userId: 'u', officePaths: [], own: false })).sql).toBe('false');
  });

  it('hide cancelled accounts', () => {
    const { sql, params } = render(userScope(installer));
    expect(sql).toContain('"users"."status" <> $3');
    expect(params[2]).toBe('cancelled');
  });

  it('escape LIKE wildcards in paths', () => {
    expect(escapeLike('/1_2%/\\')).toBe('/1\\_2\\%/\\\\');
  });
});

describe('treeRootPath', () => {
  it('is the top-level office of the tree, whatever the depth', () => {
    expect(['/1/', '/1/11/', '/1/11/111/', '/2/21/'].map(treeRootPath)).toEqual(['/1/', '/1/', '/1/', '/2/']);
  });
});
