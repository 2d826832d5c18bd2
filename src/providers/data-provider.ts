// Refine's data provider: resource + action → the operationId its descriptor names, through
// the contract client. Business errors become HttpErrors whose `errors` mark form fields.
import type { BaseRecord, DataProvider, HttpError } from '@refinedev/core';
import { ApiError, call } from '@/api/client';
import type { OperationId } from '@/api/generated/operations';
import { resourceByName } from '@/resources/registry';
import { filterQuery, sortQuery } from '@/resources/filter-query';
import { operationArgs } from '@/resources/operation-args';
import type { ResourceDescriptor } from '@/resources/types';

type Loose = (id: OperationId, args: { query?: object; body?: object; silent?: boolean }) => Promise<unknown>;
const callLoose = call as unknown as Loose;

function descriptorOf(resource: string): ResourceDescriptor {
  const descriptor = resourceByName(resource);
  if (!descriptor) throw new Error(`unknown resource ${resource}`);
  return descriptor;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`resource does not offer ${what}`);
  return value;
}

export function toHttpError(error: unknown): HttpError {
  if (error instanceof ApiError) {
    return {
      message: error.message,
      statusCode: error.errCode,
      errors: Object.fromEntries(error.fields.map((f) => [f.field, f.message])),
    };
  }
  return { message: (error as Error)?.message ?? 'error', statusCode: -1 };
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toHttpError(error);
  }
}

interface PageData {
  list: BaseRecord[];
  total: number;
}

const isPage = (data: unknown): data is PageData => !!data && typeof data === 'object' && 'list' in data && 'total' in data;

export const dataProvider: DataProvider = {
  getApiUrl: () => '/dev-api',

  getList: ({ resource, pagination, filters, sorters }) => guarded(async () => {
    const descriptor = descriptorOf(resource);
    // An unpaged operation answers every row; client-side paging slices them in the browser.
    const paged = descriptor.list.paged !== false && (pagination?.mode ?? 'server') === 'server';
    const paging = paged ? { pageNo: pagination?.currentPage ?? 1, pageSize: pagination?.pageSize ?? 10 } : {};
    const sort = paged ? sortQuery(descriptor, sorters) : {};
    const fields = { ...paging, ...sort, ...filterQuery(descriptor, filters) };
    const data = await callLoose(descriptor.operations.list, { ...operationArgs(descriptor.operations.list, fields), silent: true });
    if (isPage(data)) return { data: data.list as never[], total: data.total };
    const rows = (data ?? []) as never[];
    return { data: rows, total: rows.length };
  }),

  getOne: ({ resource, id }) => guarded(async () => {
    const descriptor = descriptorOf(resource);
    const getOne = required(descriptor.operations.getOne, 'getOne');
    const data = await callLoose(getOne.operation, { ...operationArgs(getOne.operation, { [getOne.idParam]: id }), silent: true });
    const record = isPage(data) ? data.list[0] : (data as BaseRecord | undefined);
    if (!record) throw new ApiError(10003, `${descriptor.idField}: ${String(id)}`);
    return { data: record as never };
  }),

  create: ({ resource, variables }) => guarded(async () => {
    const descriptor = descriptorOf(resource);
    const data = await callLoose(required(descriptor.operations.create, 'create'), { body: variables as object, silent: true });
    return { data: data as never };
  }),

  update: ({ resource, id, variables }) => guarded(async () => {
    const descriptor = descriptorOf(resource);
    const body = { ...(variables as object), [descriptor.idParam ?? descriptor.idField]: id };
    const data = await callLoose(required(descriptor.operations.update, 'update'), { body, silent: true });
    return { data: data as never };
  }),

  deleteOne: ({ resource, id }) => guarded(async () => {
    const descriptor = descriptorOf(resource);
    await callLoose(required(descriptor.operations.delete, 'delete'), { body: { [descriptor.idParam ?? descriptor.idField]: id }, silent: true });
    return { data: { [descriptor.idField]: id } as never };
  }),
};
