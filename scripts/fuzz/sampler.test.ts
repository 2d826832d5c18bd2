import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../server/contract/contract.ts';
import { HOSTILE_STRINGS, validValue } from './sampler.ts';

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
