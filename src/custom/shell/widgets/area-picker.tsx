// The one area picker of the portal (000 section 4 "Area picker"): province, city and county from
// the server's divisions (provinceList, sonAreaList), each level loaded when its parent is chosen.
// Choosing a province clears city and county, a county closes the popup, the clear button resets
// all; the rules are src/lib/area-selection.ts. The plant wizard and the generated forms' area
// widget both use it.
import { useEffect, useState } from 'react';
import { Cascader, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { AREA_POPUP_HEIGHT_PX, codesOf, loadsChildren, pollForList, selectionOf, type AreaNode, type AreaSelection } from '@/lib/area-selection';

interface AreaOption { value: string; label: string; isLeaf: boolean; node: AreaNode; children?: AreaOption[] }

const optionOf = (node: AreaNode): AreaOption => ({ value: node.code, label: node.label, isLeaf: !loadsChildren(node.type), node });
/** Each level's list is 200 px high (antd's Cascader token; its column style goes to the items). */
const POPUP_THEME = { components: { Cascader: { dropdownHeight: AREA_POPUP_HEIGHT_PX } } };
const childrenOf = async (parentCode: string) => (await call('sonAreaList', { query: { parentCode }, silent: true })).map(optionOf);

export interface AreaPickerProps {
  value?: AreaSelection;
  onChange: (selection: AreaSelection) => void;
  id?: string;
  disabled?: boolean;
  allowClear?: boolean;
  testId?: string;
}

export function AreaPicker({ value = {}, onChange, id, disabled, allowClear = true, testId }: AreaPickerProps) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<AreaOption[]>([]);
  const codes = codesOf(value);

  useEffect(() => {
    let live = true;
    // The provinces, asked again while they do not come, for up to 10 s.
    void pollForList(() => call('provinceList', { query: {}, silent: true }), { cancelled: () => !live })
      .then((provinces) => live && provinces && setOptions(provinces.map(optionOf)));
    return () => {
      live = false;
    };
  }, []);

  // The levels along a value the form holds (opened with, or set later as an edited plant loads),
  // so that it shows as names.
  const path = codes.join('/');
  useEffect(() => {
    let live = true;
    void (async () => {
      let level = options;
      let loaded = false;
      for (const code of path.split('/').slice(0, -1)) {
        const option = level.find((o) => o.value === code);
        if (!option || option.isLeaf) break;
        if (!option.children) {
          option.children = await childrenOf(code);
          loaded = true;
        }
        level = option.children;
      }
      if (live && loaded) setOptions((now) => [...now]);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [options, path]);

  const loadData = async (chosen: AreaOption[]) => {
    const target = chosen[chosen.length - 1]!;
    target.children = await childrenOf(target.value).catch(() => []);
    setOptions((now) => [...now]);
  };

  return (
    <ConfigProvider theme={POPUP_THEME}>
      <Cascader
        id={id} options={options} value={codes.length ? codes : undefined} disabled={disabled} allowClear={allowClear} changeOnSelect
        loadData={(chosen) => void loadData(chosen as AreaOption[])} placeholder={t('resource.chooseArea')} style={{ width: '100%' }} data-testid={testId}
        onChange={(_codes, chosen) => onChange(selectionOf(((chosen ?? []) as AreaOption[]).map((o) => o.node)))}
      />
    </ConfigProvider>
  );
}
