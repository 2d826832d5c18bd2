import { describe, expect, it } from 'vitest';
import { INT32_MAX, INT32_MIN, NUMBER_LIMIT, boundNumbers, describeErrorAnswers } from './contract-rules.ts';

describe('boundNumbers', () => {
  it('gives unbounded integers int32 bounds and numbers ±1e15, keeping bounds and enums of their own', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        pageNo: { type: 'integer', minimum: 1 },
        power: { type: 'number', exclusiveMinimum: 0, maximum: 2500 },
        ratio: { type: ['number', 'null'] },
        kind: { type: 'integer', enum: [1, 2] },
        nested: { anyOf: [{ type: 'integer', maximum: 10 }] },
      },
    };
    boundNumbers(schema);
    const p = schema.properties as Record<string, Record<string, unknown>>;
    expect(p.id).toEqual({ type: 'integer', minimum: INT32_MIN, maximum: INT32_MAX });
    expect(p.pageNo).toEqual({ type: 'integer', minimum: 1, maximum: INT32_MAX });
    expect(p.power).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: 2500 });
    expect(p.ratio).toEqual({ type: ['number', 'null'], minimum: -NUMBER_LIMIT, maximum: NUMBER_LIMIT });
    expect(p.kind).toEqual({ type: 'integer', enum: [1, 2] });
    expect((p.nested!.anyOf as unknown[])[0]).toEqual({ type: 'integer', maximum: 10, minimum: INT32_MIN });
  });
});

describe('describeErrorAnswers', () => {
  it('makes every envelope answer success-or-error, the shared responses and the file answers too', () => {
    const data = { properties: { data: { type: 'string' } } };
    const document = {
      paths: {
        '/a': { get: { responses: { 200: { content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Envelope' }, data] } } } } } } },
        '/b': { get: { responses: { 200: { $ref: '#/components/responses/Empty' } } } },
        '/c': { get: { responses: { 200: { content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } } } } },
      },
      components: {
        responses: { Empty: { content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Envelope' }, { properties: { data: { type: 'null' } } }] } } } } },
      },
    };
    describeErrorAnswers(document);
    const schemaOf = (response: unknown) => (response as { content: Record<string, { schema: unknown }> }).content['application/json']!.schema;
    expect(schemaOf(document.paths['/a'].get.responses[200])).toEqual({
      oneOf: [{ allOf: [{ $ref: '#/components/schemas/SuccessEnvelope' }, data] }, { $ref: '#/components/schemas/ErrorEnvelope' }],
    });
    expect(document.paths['/b'].get.responses[200]).toEqual({ $ref: '#/components/responses/Empty' });
    expect((schemaOf(document.components.responses.Empty) as { oneOf: unknown[] }).oneOf).toHaveLength(2);
    expect(schemaOf(document.paths['/c'].get.responses[200])).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
  });
});
