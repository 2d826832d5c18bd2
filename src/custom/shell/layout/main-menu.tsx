// The menu of permitted pages inside the navigation landmark, in the sidebar, the mobile drawer or
// the header (top navigation).
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../menu-routes';
import { MenuIcon } from '../menu-icon';

type AntdItems = NonNullable<MenuProps['items']>;

function toAntd(items: MenuItem[], t: (k: string) => string): AntdItems {
  return items.map((item) => ({
    key: item.key,
    icon: <MenuIcon name={item.icon} />,
    label: t(item.titleKey),
    ...(item.children ? { children: toAntd(item.children, t) } : {}),
  }));
}

function parentKeys(items: MenuItem[], path: string): string[] {
  for (const item of items) {
    if (item.children?.some((c) => path.startsWith(c.key))) return [item.key, ...parentKeys(item.children, path)];
  }
  return [];
}

interface Props {
  items: MenuItem[];
  mode: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  /** After choosing an entry (the mobile drawer closes). */
  onNavigate?: () => void;
}

export function MainMenu({ items, mode, theme, onNavigate }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = useMemo(() => {
    const flat = (list: MenuItem[]): MenuItem[] => list.flatMap((i) => [i, ...flat(i.children ?? [])]);
    return flat(items).filter((i) => i.path && pathname.startsWith(i.path)).sort((a, b) => b.key.length - a.key.length)[0]?.key;
  }, [items, pathname]);
  return (
    <nav aria-label={t('layout.menuLabel')} className={`app-nav app-nav--${mode}`}>
      <Menu
        mode={mode}
        theme={theme}
        items={toAntd(items, t)}
        selectedKeys={selected ? [selected] : []}
        defaultOpenKeys={mode === 'inline' ? parentKeys(items, pathname) : []}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
        data-testid="side-menu"
      />
    </nav>
  );
}
