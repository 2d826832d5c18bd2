// @vitest-environment jsdom
// The project widgets in a real generated form: numbers are not clamped, enums start unchosen,
// and the area picker loads each level from the server as it opens.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import '@/i18n';
import { call } from '@/api/client';
import { SchemaForm } from '../components/schema-form';
import type { EntitySchema, ResourceDescriptor } from '../types';
import modelCodeDescriptor from '../../../schemas/resources/model-code.resource.json';
import modelCodeEntity from '../../../schemas/entities/model-code.schema.json';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
const api = vi.mocked(call);
afterEach(() => {
  cleanup();
  api.mockReset();
});

const entity: EntitySchema = {
  type: 'object',
  required: ['power', 'kind'],
  properties: {
    power: { type: 'number', title: 'modelCode.fields.ratedPower', exclusiveMinimum: 0, maximum: 2500 },
    kind: { type: 'integer', title: 'modelCode.fields.deviceType', enum: [1, 2] },
    area: { type: 'array', title: 'plant.fields.province', items: { type: 'string' }, minItems: 3, maxItems: 3 },
  },
};
const descriptor = {
  name: 'modelCode', entity: 'model-code', idField: 'id', operations: { list: 'pageList' }, permissions: {}, list: { columns: ['power'] },
  form: { fields: ['power', 'kind', 'area'], uiSchema: { area: { 'ui:widget': 'area' } } },
} as unknown as ResourceDescriptor;

function renderForm(onSubmit = vi.fn(async () => undefined), form: { descriptor: ResourceDescriptor; entity: EntitySchema } = { descriptor, entity }) {
  render(<App><SchemaForm descriptor={form.descriptor} entity={form.entity} submitText="Save" onSubmit={onSubmit} /></App>);
  return onSubmit;
}

// A form that is submitted validates with the build's precompiled validators: a real screen's.
const modelCodeForm = { descriptor: modelCodeDescriptor as unknown as ResourceDescriptor, entity: modelCodeEntity as unknown as EntitySchema };

describe('the project widgets', () => {
  it('keep a number above its maximum as typed and say so, and start an enum unchosen', async () => {
    api.mockResolvedValue([] as never);
    const onSubmit = renderForm(undefined, modelCodeForm);
    const power = screen.getByLabelText(/Rated power/) as HTMLInputElement;
    fireEvent.change(power, { target: { value: '3000' } });
    fireEvent.blur(power);
    expect(power.value).toBe('3000');
    expect(screen.getByText('Choose…')).toBeTruthy();
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(document.body.textContent).toContain('Must be at most 2500'));
    expect(document.body.textContent).toContain('This field is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('load the area picker level by level', async () => {
    api.mockImplementation((async (operation: string, args: { query: { parentCode?: string } }) => {
      if (operation === 'provinceList') return [{ code: '44', label: 'Guangdong', type: 3 }];
      if (args.query.parentCode === '44') return [{ code: '4403', label: 'Shenzhen', type: 4 }];
      return [{ code: '440305', label: 'Nanshan', type: 5 }];
    }) as never);
    renderForm();
    await waitFor(() => expect(api).toHaveBeenCalledWith('provinceList', { query: {}, silent: true }));
    fireEvent.mouseDown(screen.getByTestId('area-root_area').querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByText('Guangdong'));
    fireEvent.click(await screen.findByText('Shenzhen'));
    expect(api).toHaveBeenCalledWith('sonAreaList', { query: { parentCode: '44' }, silent: true });
    expect(await screen.findByText('Nanshan')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('sonAreaList', { query: { parentCode: '4403' }, silent: true });
  });

  it('start a required list of choices with none chosen, not with its minimum of empty items', async () => {
    api.mockResolvedValue({ list: [{ userId: 'u1', loginName: 'engineer' }], total: 1 } as never);
    const recipients: EntitySchema = {
      type: 'object', required: ['userIdArr'],
      properties: { userIdArr: { type: 'array', title: 'userCoupon.fields.recipients', items: { type: 'string' }, minItems: 1 } },
    };
    const chooser = {
      ...descriptor, form: { fields: ['userIdArr'], uiSchema: { userIdArr: {
        'ui:widget': 'reference', 'ui:options': { operation: 'webUserPointsRecordList', valueField: 'userId', labelField: 'loginName', multiple: true },
      } } },
    } as unknown as ResourceDescriptor;
    renderForm(undefined, { descriptor: chooser, entity: recipients });
    await waitFor(() => expect(api).toHaveBeenCalled());
    const select = screen.getByTestId('reference-root_userIdArr');
    expect(select.querySelectorAll('.ant-select-selection-item')).toHaveLength(0);
    expect(select.textContent).not.toContain('undefined');
  });
});
