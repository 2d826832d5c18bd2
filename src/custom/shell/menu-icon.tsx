import { ApartmentOutlined, ApiOutlined, AppstoreOutlined, BarcodeOutlined, HomeOutlined, MailOutlined, SettingOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';

/** The icons the menu table may name; an unknown name falls back to a neutral one. */
const ICONS: Record<string, React.ComponentType> = { ApartmentOutlined, ApiOutlined, BarcodeOutlined, HomeOutlined, MailOutlined, SettingOutlined, TeamOutlined, UserOutlined };

export function MenuIcon({ name }: { name?: string | undefined }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
