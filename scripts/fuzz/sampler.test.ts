import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../server/contract/contract.ts';
import { asSchemaValue, fitsString, HOSTILE_STRINGS, kindOf, plausibleValue, validValue, type KnownObjects } from './sampler.ts';

const document = {
  components: {
    schemas: {
      Kind: { type: 'integer', enum: [1, 2, 6] },
      Device: {
        type: 'object',
        required: ['sn', 'kind'],
        properties: {
          sn: { type: 'string', minLength: 1, maxLength: 30, pattern: '^[A-Za-z0-9_-]+$' },
          kind: { $ref: '#/components/schemas/Kind' },
          power: { type: 'number', exclusiveMinimum: 0, maximum: 2500 },
          count: { type: 'integer', minimum: 1, maximum: 2147483647 },
          email: { type: 'string', format: 'email', maxLength: 64 },
          day: { type: 'string', format: 'date' },
          tags: { type: 'array', maxItems: 3, items: { type: 'string', maxLength: 8 } },
        },
      },
    },
  },
};

describe('validValue', () => {
  it('generates only values the schema accepts, following $refs', () => {
    const validate = createAjv().compile({ ...document.components.schemas.Device, properties: { ...document.components.schemas.Device.properties, kind: document.components.schemas.Kind } });
    for (const value of fc.sample(validValue(document, { $ref: '#/components/schemas/Device' }), { seed: 3, numRuns: 300 })) {
      expect(validate(structuredClone(value)), `${JSON.stringify(value)} ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('reaches the bounds', () => {
    const values = fc.sample(validValue(document, { type: 'integer', minimum: 1, maximum: 2147483647 }), { seed: 5, numRuns: 200 });
    expect(values).toContain(1);
    expect(values).toContain(2147483647);
  });
});

describe('the hostile values', () => {
  it('cover the defects the input rules exist for', () => {
    for (const probe of ['a\u0000b', '\t\r\n', 'Infinity', '9007199254740993', '0x10', "' OR 1=1--", 'half\ud800', 'Cafe\u0301']) expect(HOSTILE_STRINGS).toContain(probe);
  });
});

describe('the plausible values', () => {
  it('fit the schema by type, length, pattern and enum', () => {
    expect(fitsString({ type: 'string', maxLength: 3, pattern: '^[A-Z]{3}$' }, 'XXX')).toBe(true);
    expect(fitsString({ type: 'string', pattern: '^[A-Z]{3}$' }, 'xxx')).toBe(false);
    expect(fitsString({ type: 'string', minLength: 1, maxLength: 2 }, 'abc')).toBe(false);
    expect(fitsString({ type: 'string', enum: ['a'] }, 'b')).toBe(false);
    expect(fitsString({ type: 'integer' }, '1')).toBe(false);
    expect(asSchemaValue({ type: 'integer', minimum: 1 }, '7')).toBe(7);
    expect(asSchemaValue({ type: 'integer', minimum: 1 }, '0')).toBeUndefined();
    expect(asSchemaValue({ type: 'number', exclusiveMinimum: 0 }, '0.001')).toBe(0.001);
    expect(asSchemaValue({ type: 'integer' }, 'abc')).toBeUndefined();
  });

  it('try the time zones that Intl does not know beside ordinary ones', () => {
    const values = fc.sample(plausibleValue(document, { type: 'string', minLength: 1, maxLength: 64 }, { name: 'timeZone' }, new Map())!, { seed: 1, numRuns: 300 });
    for (const zone of ['Mars/Olympus', 'posixrules', 'localtime', 'US/Pacific-New', 'Asia/Shanghai']) expect(values).toContain(zone);
    const troublesome = fc.sample(plausibleValue(document, { type: 'string' }, { name: 'timeZone' }, new Map(), 'troublesome')!, { seed: 1, numRuns: 100 });
    expect(troublesome).not.toContain('Asia/Shanghai');
  });

  it('name stored objects by the field\'s kind, read when drawn, and keep to the schema', () => {
    const known: KnownObjects = new Map();
    const arbitrary = plausibleValue(document, { type: 'string', minLength: 1, maxLength: 64 }, { name: 'plantUid', kind: 'plant' }, known)!;
    known.set('plant', ['demo-plant-01', 'x'.repeat(65)]);
    expect(new Set(fc.sample(arbitrary, { seed: 2, numRuns: 50 }))).toEqual(new Set(['demo-plant-01']));
    const ids = plausibleValue(document, { type: 'array', items: { type: 'integer', minimum: 1 } }, { name: 'ids', kind: 'plantVisitor' }, new Map([['plantVisitor', ['3', '0']]]))!;
    expect(fc.sample(ids, { seed: 2, numRuns: 20 }).flat().every((id) => id === 3)).toBe(true);
    expect(plausibleValue(document, { type: 'string' }, { name: 'remark' }, known)).toBeUndefined();
  });

  it('know the kind of unmarked object fields by name', () => {
    expect(kindOf({ name: 'deviceSn', kind: 'none' })).toBe('device');
    expect(kindOf({ name: 'id', kind: 'plantVisitor' })).toBe('plantVisitor');
    expect(kindOf({ name: 'remark' })).toBeUndefined();
  });
});
