// A record of another list chosen by searching it: a select fed page by page by a list operation
// of the contract (product categories, users, products, offices). `ui:options`: operation (its
// operationId), valueField and labelField (of its rows), searchParam (the request field the
// typed text goes in, in the query or the form body as the operation takes it), multiple (an array of values), pageSize (20) and query (fixed parameters).
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { OperationId } from '@/api/generated/operations';
import { operationArgs } from '../operation-args';

export interface ReferenceOptions {
  operation: OperationId;
  valueField: string;
  labelField: string;
  searchParam?: string;
  multiple?: boolean;
  pageSize?: number;
  query?: Record<string, unknown>;
}

type Row = Record<string, unknown>;
type Loose = (id: OperationId, args: { query?: object; body?: object; silent: boolean }) => Promise<unknown>;
interface Page { rows: Row[]; total: number }

/** One page of the operation's rows: a page answer ({list, total}) or every row at once. */
export async function referencePage(options: ReferenceOptions, search: string, pageNo: number): Promise<Page> {
  const pageSize = options.pageSize ?? 20;
  const fields = { ...options.query, pageNo, pageSize, ...(search && options.searchParam ? { [options.searchParam]: search } : {}) };
  const data = await (call as unknown as Loose)(options.operation, { ...operationArgs(options.operation, fields), silent: true });
  if (data && typeof data === 'object' && 'list' in data) {
    const page = data as { list: Row[]; total: number };
    return { rows: page.list, total: page.total };
  }
  const rows = (Array.isArray(data) ? data : []) as Row[];
  // An unpaged answer is searched here, so that typing still narrows it.
  const shown = search ? rows.filter((r) => String(r[options.labelField] ?? '').toLowerCase().includes(search.toLowerCase())) : rows;
  return { rows: shown, total: shown.length };
}

const SEARCH_DELAY_MS = 300;

export function ReferenceWidget({ id, value, disabled, readonly, onChange, onBlur, onFocus, options, required }: WidgetProps) {
  const { t } = useTranslation();
  const settings = options as unknown as ReferenceOptions;
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const pageNo = useRef(1);
  // Labels of the values chosen so far, so that they still show when another search is listed.
  const known = useRef(new Map<unknown, string>());

  // The newest request: an answer to an older one is dropped, since on a slow line the unfiltered
  // first page, asked for on opening, could otherwise arrive after the search typed since and
  // replace its rows (the searched record then never showed).
  const latest = useRef(0);

  const load = async (text: string, page: number) => {
    const request = ++latest.current;
    setLoading(true);
    try {
      const answer = await referencePage(settings, text, page);
      if (request !== latest.current) return;
      pageNo.current = page;
      setTotal(answer.total);
      setRows((now) => (page === 1 ? answer.rows : [...now, ...answer.rows]));
    } catch {
      if (request === latest.current) setRows((now) => (page === 1 ? [] : now));
    } finally {
      if (request === latest.current) setLoading(false);
    }
  };

  useEffect(() => {
    const timer = setTimeout(() => void load(search, 1), search ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
    // A new search starts from the first page; the settings are the descriptor's and do not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const choices = useMemo(() => {
    for (const row of rows) known.current.set(row[settings.valueField], String(row[settings.labelField] ?? row[settings.valueField]));
    const listed = rows.map((row) => ({ value: row[settings.valueField] as string | number, label: String(row[settings.labelField] ?? row[settings.valueField]) }));
    const chosen = (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]) as (string | number)[];
    // A stored value not on the listed page still shows, by its remembered label or as it is.
    const missing = chosen.filter((v) => !listed.some((o) => o.value === v)).map((v) => ({ value: v, label: known.current.get(v) ?? String(v) }));
    return [...missing, ...listed];
  }, [rows, value, settings.valueField, settings.labelField]);

  return (
    <Select
      id={id} mode={settings.multiple ? 'multiple' : undefined} value={value ?? undefined} disabled={disabled || readonly}
      style={{ width: '100%' }} options={choices} showSearch filterOption={false} onSearch={setSearch} searchValue={search}
      allowClear={!required} placeholder={t('resource.choose')} loading={loading}
      notFoundContent={loading ? <Spin size="small" /> : t('resource.nothingFound')}
      onPopupScroll={(event) => {
        const list = event.currentTarget;
        if (!loading && rows.length < total && list.scrollTop + list.clientHeight >= list.scrollHeight - 24) void load(search, pageNo.current + 1);
      }}
      onChange={(next) => {
        setSearch('');
        onChange(Array.isArray(next) ? (next.length ? next : undefined) : next ?? undefined);
      }}
      onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)}
      data-testid={`reference-${id}`}
    />
  );
}
