import { AppstoreOutlined, BarcodeOutlined, HomeOutlined, SettingOutlined, TeamOutlined, ApartmentOutlined } from '@ant-design/icons';

/** The icons the menu table may name; an unknown name falls back to a neutral one. */
const ICONS: Record<string, React.ComponentType> = { HomeOutlined, SettingOutlined, BarcodeOutlined, TeamOutlined, ApartmentOutlined };

export function MenuIcon({ name }: { name?: string | undefined }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
