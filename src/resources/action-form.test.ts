import { describe, expect, it } from 'vitest';
import { actionEntityName, dialogForm } from './action-form';
import { formSchema } from './schema-utils';
import type { EntitySchema, ResourceDescriptor, RowAction } from './types';

const holdings = { name: 'userCoupon', entity: 'user-coupon', idField: 'id', operations: { list: 'pageUserCoupon' }, permissions: {}, list: { columns: ['couponNo'] } } as unknown as ResourceDescriptor;
const coupon: EntitySchema = {
  type: 'object',
  required: ['couponName', 'couponType'],
  properties: {
    couponName: { type: 'string', title: 'coupon.fields.couponName', maxLength: 50 },
    couponType: { type: 'integer', title: 'coupon.fields.couponType', enum: [1, 2] },
    faceValue: { type: 'integer', title: 'coupon.fields.faceValue', minimum: 1 },
    givenNum: { type: 'integer', readOnly: true },
    remark: { type: 'string', title: 'coupon.fields.remark', maxLength: 255 },
  },
  allOf: [{ if: { required: ['couponType'], properties: { couponType: { const: 1 } } }, then: { required: ['faceValue'], properties: { faceValue: { type: 'integer' } } } }],
};
const give = {
  name: 'give', operation: 'giveCoupon', permission: 'market:coupon:give', toolbar: true, entity: 'coupon', fields: ['couponName', 'couponType'],
  schema: { required: ['userIdArr'], properties: { userIdArr: { type: 'array', title: 'userCoupon.fields.recipients', items: { type: 'string' } } } },
} as unknown as RowAction;
const t = (key: string) => key;

describe('an action\'s dialog form', () => {
  it('takes the fields from the entity the action names, with their conditions, and adds its own', () => {
    expect(actionEntityName(holdings, give)).toBe('coupon');
    const form = dialogForm(holdings, give, coupon);
    expect(form.descriptor.entity).toBe('coupon');
    const schema = formSchema(t, form.descriptor, form.entity) as { properties: Record<string, unknown>; required: string[]; allOf: unknown[] };
    expect(Object.keys(schema.properties)).toEqual(['couponName', 'couponType', 'userIdArr']);
    expect(schema.required).toEqual(['couponName', 'couponType', 'userIdArr']);
    // The face value shows when the type asks for it, as on the entity's own form.
    expect(JSON.stringify(schema.allOf)).toContain('faceValue');
  });

  it('asks only for its own schema when it names no entity fields (a carrier and a tracking number)', () => {
    const ship = { name: 'ship', operation: 'shipOrder', permission: 'p', schema: { required: ['carrier'], properties: { carrier: { type: 'string', title: 'order.fields.carrier' } } } } as unknown as RowAction;
    const form = dialogForm(holdings, ship, coupon);
    expect(form.descriptor.entity).toBe('user-coupon');
    expect(form.entity).toEqual({ type: 'object', properties: { carrier: { type: 'string', title: 'order.fields.carrier' } }, required: ['carrier'] });
  });

  it('asks for the entity\'s fields alone as they are when it has no schema of its own (where a transfer goes)', () => {
    const transfer = { name: 'transfer', operation: 'x', permission: 'p', fields: ['couponName'] } as unknown as RowAction;
    const form = dialogForm(holdings, transfer, coupon);
    expect(form.entity).toBe(coupon);
    expect(form.descriptor.form).toEqual({ fields: ['couponName'], uiSchema: {} });
  });

  it('requires entity fields the entity leaves optional when its own schema says so (shipping needs a carrier and a tracking number)', () => {
    const ship = { name: 'ship', operation: 'shipOrder', permission: 'p', fields: ['couponName', 'remark'], schema: { required: ['remark'], properties: {} } } as unknown as RowAction;
    const schema = formSchema(t, dialogForm(holdings, ship, coupon).descriptor, dialogForm(holdings, ship, coupon).entity) as { properties: object; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(['couponName', 'remark']);
    expect(schema.required).toEqual(['couponName', 'remark']);
  });

  it('requires a field once when the entity and its own schema both require it', () => {
    const both = { ...give, fields: ['couponName'], schema: { required: ['couponName', 'userIdArr'], properties: give.schema!.properties } } as RowAction;
    expect(dialogForm(holdings, both, coupon).entity.required).toEqual(['couponName', 'couponType', 'userIdArr']);
  });
});
