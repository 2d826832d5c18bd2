// @vitest-environment jsdom
// The widgets the market lists need, each on its own with the contract client mocked: the
// reference picker searches and pages an operation, the gallery uploads, orders and removes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import '@/i18n';
import { call } from '@/api/client';
import { ReferenceWidget, referencePage } from './reference-widget';
import { ImagesWidget, moved } from './images-widget';

vi.mock('@/api/client', async (original) => ({ ...(await original<typeof import('@/api/client')>()), call: vi.fn() }));
const api = vi.mocked(call);
afterEach(() => {
  cleanup();
  api.mockReset();
});

const props = (over: Partial<WidgetProps>): WidgetProps => ({
  id: 'root_x', name: 'x', value: undefined, required: false, disabled: false, readonly: false, autofocus: false, label: 'X', schema: {},
  options: {}, onChange: vi.fn(), onBlur: vi.fn(), onFocus: vi.fn(), registry: {} as never, rawErrors: [], hideError: false, ...over,
} as WidgetProps);

const codes = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ modelCode: `MC-${from + i}`, modelName: `Model ${from + i}` }));

describe('referencePage', () => {
  it('asks the operation for a page with the search in its parameter', async () => {
    api.mockResolvedValue({ list: codes(1, 2), total: 30 } as never);
    const page = await referencePage({ operation: 'pageList', valueField: 'modelCode', labelField: 'modelName', searchParam: 'modelCode', pageSize: 2 }, 'MC', 3);
    expect(api).toHaveBeenCalledWith('pageList', { query: { pageNo: 3, pageSize: 2, modelCode: 'MC' }, silent: true });
    expect(page).toEqual({ rows: codes(1, 2), total: 30 });
  });

  it('sends the page and the search in the form body of an operation that takes one', async () => {
    api.mockResolvedValue({ list: [{ userId: 'u1', loginName: 'anna' }], total: 1 } as never);
    await referencePage({ operation: 'webUserPointsRecordList', valueField: 'userId', labelField: 'loginName', searchParam: 'keyword' }, 'ann', 1);
    expect(api).toHaveBeenCalledWith('webUserPointsRecordList', { body: { pageNo: 1, pageSize: 20, keyword: 'ann' }, silent: true });
  });

  it('searches an unpaged answer itself', async () => {
    api.mockResolvedValue(codes(1, 12) as never);
    const page = await referencePage({ operation: 'listModelCode', valueField: 'modelCode', labelField: 'modelName' }, 'model 1', 1);
    expect(page.rows.map((r) => r.modelCode)).toEqual(['MC-1', 'MC-10', 'MC-11', 'MC-12']);
  });
});

describe('the reference picker', () => {
  it('lists the first page, searches as the user types, and keeps the chosen value', async () => {
    api.mockImplementation((async (_op: string, args: { query: { modelCode?: string } }) =>
      (args.query.modelCode ? { list: [{ modelCode: 'MC-7', modelName: 'Model 7' }], total: 1 } : { list: codes(1, 3), total: 3 })) as never);
    const onChange = vi.fn();
    render(<App><ReferenceWidget {...props({ onChange, options: { operation: 'pageList', valueField: 'modelCode', labelField: 'modelName', searchParam: 'modelCode' } })} /></App>);
    await waitFor(() => expect(api).toHaveBeenCalledWith('pageList', { query: { pageNo: 1, pageSize: 20 }, silent: true }));
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(screen.getByTestId('reference-root_x').querySelector('.ant-select-selector')!);
    expect(await screen.findByText('Model 2')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'MC-7' } });
    await waitFor(() => expect(api).toHaveBeenCalledWith('pageList', { query: { pageNo: 1, pageSize: 20, modelCode: 'MC-7' }, silent: true }));
    fireEvent.click(await screen.findByText('Model 7'));
    expect(onChange).toHaveBeenCalledWith('MC-7');
  });

  it('keeps the search\'s answer when the first page\'s answer comes after it', async () => {
    let firstPage: (rows: unknown) => void = () => undefined;
    api.mockImplementation(((_op: string, args: { query: { modelCode?: string } }) => (args.query.modelCode
      ? Promise.resolve({ list: [{ modelCode: 'MC-7', modelName: 'Model 7' }], total: 1 })
      : new Promise((resolve) => { firstPage = resolve; }))) as never);
    render(<App><ReferenceWidget {...props({ options: { operation: 'pageList', valueField: 'modelCode', labelField: 'modelName', searchParam: 'modelCode' } })} /></App>);
    await waitFor(() => expect(api).toHaveBeenCalledWith('pageList', { query: { pageNo: 1, pageSize: 20 }, silent: true }));
    fireEvent.mouseDown(screen.getByTestId('reference-root_x').querySelector('.ant-select-selector')!);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'MC-7' } });
    expect(await screen.findByText('Model 7')).toBeTruthy();
    // The late answer is let through all its awaits before the list is looked at again.
    await act(async () => {
      firstPage({ list: codes(1, 3), total: 3 });
      await new Promise((done) => setTimeout(done, 0));
    });
    expect(screen.getByText('Model 7')).toBeTruthy();
    expect(screen.queryByText('Model 2')).toBeNull();
  });
});

describe('the gallery', () => {
  it('moves a picture within the list', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('uploads a picture through uploadFile and appends its URL, then orders and removes', async () => {
    api.mockResolvedValue({ id: 'f3', url: '/dev-api/resource/file/f3.png' } as never);
    const onChange = vi.fn();
    const { container } = render(<App><ImagesWidget {...props({ value: ['/a.png', '/b.png'], onChange, schema: { type: 'array', maxItems: 9 } })} /></App>);
    expect(screen.getByText('2 of at most 9 pictures')).toBeTruthy();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'c.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [file] } });
    });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(['/a.png', '/b.png', '/dev-api/resource/file/f3.png']));
    expect(api).toHaveBeenCalledWith('uploadFile', expect.objectContaining({ body: { file } }));
    fireEvent.click(screen.getByRole('button', { name: 'Move later 1' }));
    expect(onChange).toHaveBeenLastCalledWith(['/b.png', '/a.png']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove 2' }));
    expect(onChange).toHaveBeenLastCalledWith(['/a.png']);
  });

  it('keeps a string field\'s pictures comma-joined', () => {
    const onChange = vi.fn();
    render(<App><ImagesWidget {...props({ value: '/a.png,/b.png', onChange, schema: { type: 'string' }, options: { maxItems: 9 } })} /></App>);
    expect(screen.getByText('2 of at most 9 pictures')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move earlier 2' }));
    expect(onChange).toHaveBeenLastCalledWith('/b.png,/a.png');
  });

  it('offers no more uploads at the schema\'s maximum', () => {
    render(<App><ImagesWidget {...props({ value: ['/a.png'], schema: { type: 'array', maxItems: 1 } })} /></App>);
    expect((screen.getByTestId('upload-root_x') as HTMLButtonElement).disabled).toBe(true);
  });
});
