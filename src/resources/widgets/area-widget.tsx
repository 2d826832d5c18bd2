// A mainland area as [province, city, county] codes (000 section 4 "Area picker"): provinces load
// with the form, each level's children when its parent opens; a stored value loads its path so
// that it shows as names.
import { useEffect, useState } from 'react';
import { Cascader } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';

interface AreaOption { value: string; label: string; isLeaf: boolean; children?: AreaOption[] }

const LEVELS = 3;
const areasUnder = async (parentCode: string | undefined, depth: number): Promise<AreaOption[]> => {
  const list = parentCode ? await call('sonAreaList', { query: { parentCode }, silent: true }) : await call('provinceList', { query: {}, silent: true });
  return list.map((a) => ({ value: a.code, label: a.label, isLeaf: depth + 1 >= LEVELS }));
};

export function AreaWidget({ id, value, disabled, readonly, onChange, required }: WidgetProps) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<AreaOption[]>([]);
  const codes = Array.isArray(value) ? (value as string[]) : [];

  useEffect(() => {
    let live = true;
    // The provinces, then the children along the stored path.
    void (async () => {
      const top = await areasUnder(undefined, 0);
      let level = top;
      for (const [depth, code] of codes.slice(0, LEVELS - 1).entries()) {
        const node = level.find((o) => o.value === code);
        if (!node) break;
        node.children = await areasUnder(code, depth + 1);
        level = node.children;
      }
      if (live) setOptions(top);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
    // The path is loaded once, for the value the form opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const loadData = async (path: AreaOption[]) => {
    const target = path[path.length - 1]!;
    target.children = await areasUnder(target.value, path.length);
    setOptions((now) => [...now]);
  };

  return (
    <Cascader
      id={id} options={options} value={codes.length ? codes : undefined} disabled={disabled || readonly} allowClear={!required}
      loadData={(path) => void loadData(path as AreaOption[])} placeholder={t('resource.chooseArea')} style={{ width: '100%' }}
      onChange={(path) => onChange(path?.length === LEVELS ? path : undefined)} data-testid={`area-${id}`}
    />
  );
}
