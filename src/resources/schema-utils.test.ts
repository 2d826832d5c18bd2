import { describe, expect, it } from 'vitest';
import descriptorJson from '../../schemas/resources/model-code.resource.json';
import entityJson from '../../schemas/entities/model-code.schema.json';
import legalDescriptorJson from '../../schemas/resources/legal-document.resource.json';
import legalEntityJson from '../../schemas/entities/legal-document.schema.json';
import { conditionalFields, displayValue, enumLabelKey, extraErrorsOf, fieldLabel, formatNumber, formData, formSchema, type Translate } from './schema-utils';
import type { EntitySchema, ResourceDescriptor } from './types';

const descriptor = descriptorJson as unknown as ResourceDescriptor;
const entity = entityJson as unknown as EntitySchema;
const t: Translate = (k) => `T(${k})`;
const withFields = (fields?: string[]): ResourceDescriptor => ({ ...descriptor, form: fields ? { fields } : {} });

describe('formSchema', () => {
  const schema = formSchema(t, descriptor, entity);
  const properties = schema.properties as Record<string, Record<string, unknown>>;

  it('keeps exactly the form fields, in the form order', () => {
    expect(Object.keys(properties)).toEqual(['modelCode', 'modelName', 'deviceType', 'ratedPower', 'manufacturer', 'remark']);
    expect(schema.type).toBe('object');
  });

  it('translates titles and keeps the validation keywords, without descriptions', () => {
    expect(properties.modelCode).toEqual({
      type: 'string', title: 'T(modelCode.fields.modelCode)', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
    });
    expect(properties.ratedPower).toEqual({ type: 'number', title: 'T(modelCode.fields.ratedPower)', exclusiveMinimum: 0, maximum: 2500 });
    expect(properties.ratedPower).not.toHaveProperty('description');
  });

  it('turns an enum into oneOf const/title with the enum label keys', () => {
    expect(properties.deviceType).toEqual({
      type: 'integer',
      title: 'T(modelCode.fields.deviceType)',
      oneOf: [1, 2, 3, 4, 5, 6, 7].map((v) => ({ const: v, title: `T(enums.model-code.deviceType.${v})` })),
    });
    expect(properties.deviceType).not.toHaveProperty('enum');
    expect(properties.deviceType).not.toHaveProperty('description');
  });

  it('keeps required limited to the kept fields', () => {
    expect(schema.required).toEqual(['modelCode', 'modelName', 'deviceType']);
    expect(formSchema(t, withFields(['modelName', 'remark']), entity).required).toEqual(['modelName']);
  });

  it('drops read-only and unknown fields', () => {
    const s = formSchema(t, withFields(['id', 'modelCode', 'serialCount', 'createTime', 'updateTime', 'noSuchField']), entity);
    expect(Object.keys(s.properties as object)).toEqual(['modelCode']);
    expect(s.required).toEqual(['modelCode']);
  });

  it('uses every writable entity property when the form lists no fields', () => {
    const s = formSchema(t, withFields(undefined), entity);
    expect(Object.keys(s.properties as object)).toEqual(['modelCode', 'modelName', 'deviceType', 'ratedPower', 'manufacturer', 'remark']);
  });

  it('falls back to <resource>.fields.<field> for a property without a title', () => {
    expect(fieldLabel(t, descriptor, 'other', { type: 'string' })).toBe('T(modelCode.fields.other)');
    expect(fieldLabel(t, descriptor, 'other')).toBe('T(modelCode.fields.other)');
    expect(fieldLabel(t, descriptor, 'createTime', entity.properties.createTime)).toBe('T(common.fields.createTime)');
  });
});

describe('formData', () => {
  it('picks only the form fields and drops null and undefined', () => {
    const record = {
      id: 7, modelCode: 'SUN-5K', modelName: null, deviceType: 2, ratedPower: 0, manufacturer: undefined, remark: 'note',
      serialCount: 3, createTime: '2024-01-01T00:00:00Z', extra: 'x',
    };
    expect(formData(descriptor, entity, record)).toEqual({ modelCode: 'SUN-5K', deviceType: 2, ratedPower: 0, remark: 'note' });
  });

  it('is empty without a record', () => {
    expect(formData(descriptor, entity, undefined)).toEqual({});
  });
});

describe('displayValue', () => {
  const p = entity.properties;

  it('labels enum values through the enum key', () => {
    expect(enumLabelKey('model-code', 'deviceType', 3)).toBe('enums.model-code.deviceType.3');
    expect(displayValue(t, descriptor, 'deviceType', p.deviceType, 3)).toBe('T(enums.model-code.deviceType.3)');
  });

  it('writes date-times as local YYYY-MM-DD HH:mm:ss', () => {
    const iso = '2024-03-05T07:08:09.000Z';
    const d = new Date(iso);
    const two = (n: number) => String(n).padStart(2, '0');
    const expected = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
    expect(displayValue(t, descriptor, 'createTime', p.createTime, iso)).toBe(expected);
    expect(expected).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('leaves an unreadable date-time as it is', () => {
    expect(displayValue(t, descriptor, 'createTime', p.createTime, 'not a date')).toBe('not a date');
  });

  it('writes empty values as the empty string, but not zero', () => {
    for (const value of [undefined, null, '']) {
      expect(displayValue(t, descriptor, 'deviceType', p.deviceType, value)).toBe('');
      expect(displayValue(t, descriptor, 'createTime', p.createTime, value)).toBe('');
      expect(displayValue(t, descriptor, 'remark', p.remark, value)).toBe('');
    }
    expect(displayValue(t, descriptor, 'ratedPower', p.ratedPower, 0)).toBe('0');
  });

  it('writes other values as they are', () => {
    expect(displayValue(t, descriptor, 'ratedPower', p.ratedPower, 12.5)).toBe('12.5');
    expect(displayValue(t, descriptor, 'modelCode', p.modelCode, 'SUN-5K')).toBe('SUN-5K');
    expect(displayValue(t, descriptor, 'unknown', undefined, 4)).toBe('4');
  });
});

describe('extraErrorsOf', () => {
  it('puts server field errors in RJSF extraErrors shape', () => {
    expect(extraErrorsOf({ modelCode: 'SUN-5K already exists', ratedPower: ['too big', 'not a number'] })).toEqual({
      modelCode: { __errors: ['SUN-5K already exists'] },
      ratedPower: { __errors: ['too big', 'not a number'] },
    });
  });

  it('is undefined without errors and empty for no fields', () => {
    expect(extraErrorsOf(undefined)).toBeUndefined();
    expect(extraErrorsOf({})).toEqual({});
  });
});

describe('formSchema conditions', () => {
  const conditional: ResourceDescriptor = {
    ...descriptor,
    form: {
      fields: ['deviceType', 'modelName'],
      allOf: [{ if: { properties: { deviceType: { const: 1 } }, required: ['deviceType'] }, then: { properties: { ratedPower: {} }, required: ['ratedPower'] } }],
      dependencies: { modelName: { properties: { remark: { maxLength: 20 } } } },
    },
  };
  const schema = formSchema(t, conditional, entity);

  it('keeps if/then from the descriptor, the condition as written and the field it adds titled from the entity', () => {
    expect(schema.allOf).toEqual([{
      if: { properties: { deviceType: { const: 1 } }, required: ['deviceType'] },
      then: { properties: { ratedPower: { type: 'number', title: 'T(modelCode.fields.ratedPower)', exclusiveMinimum: 0, maximum: 2500 } }, required: ['ratedPower'] },
    }]);
  });

  it('keeps dependencies, the added field narrowed by the descriptor', () => {
    expect(schema.dependencies).toEqual({ modelName: { properties: { remark: { type: 'string', title: 'T(modelCode.fields.remark)', maxLength: 20 } } } });
  });

  it('shows a field a condition adds only through its condition, even when the form lists it', () => {
    const listed = formSchema(t, { ...conditional, form: { ...conditional.form, fields: ['deviceType', 'ratedPower', 'modelName', 'remark'] } }, entity);
    expect(Object.keys(listed.properties as object)).toEqual(['deviceType', 'modelName']);
    expect(listed.allOf).toEqual(schema.allOf);
    expect(listed.dependencies).toEqual(schema.dependencies);
  });

  it('adds neither when no one declares them', () => {
    expect(formSchema(t, descriptor, entity)).not.toHaveProperty('allOf');
    expect(formSchema(t, descriptor, entity)).not.toHaveProperty('dependencies');
  });
});

describe('the edit form keeps conditional fields', () => {
  const legal = legalDescriptorJson as unknown as ResourceDescriptor;
  const legalEntity = legalEntityJson as unknown as EntitySchema;

  it('finds the fields that then, else and dependencies add, not those an if tests', () => {
    expect(conditionalFields({
      allOf: [{ if: { properties: { a: { const: 1 } } }, then: { properties: { b: {} } }, else: { properties: { c: {} } } }],
      dependencies: { d: { properties: { e: {} }, allOf: [{ if: { properties: { e: { const: 2 } } }, then: { properties: { f: {} } } }] } },
    }).sort()).toEqual(['b', 'c', 'e', 'f']);
  });

  it('keeps a scheduled document\'s publication time, and still no read-only value', () => {
    const record = { id: 4, kind: 'protocol', language: 'en', version: '2026.2', title: 'Terms', content: 'x', publish: 'scheduled', publishTime: '2026-12-01T08:00:00Z', current: false };
    expect(formData(legal, legalEntity, record)).toEqual({
      kind: 'protocol', language: 'en', version: '2026.2', title: 'Terms', content: 'x', publish: 'scheduled', publishTime: '2026-12-01T08:00:00Z',
    });
  });

  it('keeps a field that a descriptor\'s own condition adds', () => {
    const conditional: ResourceDescriptor = {
      ...descriptor,
      form: { fields: ['deviceType'], allOf: [{ if: { properties: { deviceType: { const: 1 } } }, then: { properties: { ratedPower: {} } } }] },
    };
    expect(formData(conditional, entity, { deviceType: 1, ratedPower: 5, serialCount: 2 })).toEqual({ deviceType: 1, ratedPower: 5 });
  });
});

describe('formatNumber', () => {
  it('shows the decimals of the schema\'s step, never cutting a price', () => {
    expect(formatNumber(0.0811, { type: 'number', multipleOf: 0.0001 })).toBe('0.0811');
    expect(formatNumber(0.3, { type: 'number', multipleOf: 0.0001 })).toBe('0.3000');
    expect(formatNumber(12.5, { type: 'number', multipleOf: 0.1 })).toBe('12.5');
    expect(formatNumber(1234, { type: 'integer' })).toBe((1234).toLocaleString());
  });

  it('is how the detail screen shows a number with a step', () => {
    expect(displayValue(t, descriptor, 'price', { type: 'number', multipleOf: 0.0001 }, 0.3)).toBe('0.3000');
  });

  it('shows every decimal a number has when the schema gives no step', () => {
    expect(formatNumber(0.0811, { type: 'number' })).toBe('0.0811');
    expect(formatNumber(0.123456, undefined)).toBe('0.123456');
  });
});
