// The strip of visited pages (000 section 2 "Main layout"): a tab per page, the home tab pinned;
// right click opens refresh and the close actions; a middle click closes (antd's tabs do that for
// every closable tab, as onEdit 'remove').
import { Dropdown, Tabs, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { closes, type Tab } from './tab-list';
import type { TabAction } from './use-tabs';

interface Props {
  tabs: readonly Tab[];
  activeKey: string | undefined;
  titleOf: (tab: Tab) => string;
  onOpen: (tab: Tab) => void;
  onAction: (key: string, action: TabAction) => void;
}

const CLOSE_ACTIONS = [
  ['close', 'layout.tabs.close'],
  ['others', 'layout.tabs.closeOthers'],
  ['left', 'layout.tabs.closeLeft'],
  ['right', 'layout.tabs.closeRight'],
  ['all', 'layout.tabs.closeAll'],
] as const;

export function TabsView({ tabs, activeKey, titleOf, onOpen, onAction }: Props) {
  const { t } = useTranslation();

  const contextMenu = (tab: Tab): MenuProps => ({
    items: [
      { key: 'refresh', label: t('layout.tabs.refresh') },
      ...CLOSE_ACTIONS.map(([action, label]) => ({ key: action, label: t(label), disabled: !closes(tabs, tab.key, action) })),
    ],
    onClick: ({ key, domEvent }) => {
      // The menu sits inside the tab in React's tree: the click would also choose the tab.
      domEvent.stopPropagation();
      onAction(tab.key, key as TabAction);
    },
  });

  return (
    <Tabs
      className="app-tabs"
      data-testid="tabs-view"
      type="editable-card"
      size="small"
      hideAdd
      activeKey={activeKey ?? ''}
      onChange={(key) => {
        const tab = tabs.find((t) => t.key === key);
        if (tab) onOpen(tab);
      }}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') onAction(key, 'close');
      }}
      items={tabs.map((tab) => ({
        key: tab.key,
        closable: !tab.affix,
        label: (
          <Dropdown trigger={['contextMenu']} menu={contextMenu(tab)}>
            <span className="app-tabs__label">{titleOf(tab)}</span>
          </Dropdown>
        ),
      }))}
    />
  );
}
