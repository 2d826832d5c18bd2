// A device's state (deviceStatus: 1 online, 2 fault, 3 offline) as every device table shows it.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS = { 1: 'green', 2: 'red', 3: 'default' } as const;

export function DeviceStatusTag({ status }: { status: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`deviceModule.enums.status.${status}`)}</Tag>;
}
