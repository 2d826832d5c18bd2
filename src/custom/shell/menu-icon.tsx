import { lazy, Suspense } from 'react';
import AntIcon, {
  AlertOutlined, ApartmentOutlined, ApiOutlined, AppstoreOutlined, BarChartOutlined, BarcodeOutlined, DatabaseOutlined, HomeOutlined, ImportOutlined, MailOutlined, PlusCircleOutlined,
  SettingOutlined, TeamOutlined, ThunderboltOutlined, ToolOutlined, UserOutlined,
} from '@ant-design/icons';

/** antd has no battery icon: an upright cell with a cap and a charge, in the icons' 1024 grid. */
const BatterySvg = () => (
  <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="currentColor" aria-hidden="true">
    <rect x="416" y="48" width="192" height="96" rx="24" />
    <rect x="304" y="176" width="416" height="800" rx="64" fill="none" stroke="currentColor" strokeWidth="64" />
    <rect x="400" y="560" width="224" height="320" rx="24" />
  </svg>
);
const BatteryOutlined = () => <AntIcon component={BatterySvg} />;

const AnyIcon = lazy(() => import('./any-icon'));

/** The icons the seeded menu names, bundled with the shell; any other antd icon loads on demand. */
const ICONS: Record<string, React.ComponentType> = {
  AlertOutlined, ApartmentOutlined, BatteryOutlined, ApiOutlined, BarChartOutlined, BarcodeOutlined, DatabaseOutlined, HomeOutlined, ImportOutlined, MailOutlined, PlusCircleOutlined, SettingOutlined,
  TeamOutlined, ThunderboltOutlined, ToolOutlined, UserOutlined,
};

export function MenuIcon({ name }: { name?: string | undefined }) {
  const Icon = name ? ICONS[name] : AppstoreOutlined;
  if (Icon) return <Icon />;
  return <Suspense fallback={<AppstoreOutlined />}><AnyIcon name={name!} /></Suspense>;
}
