// The device import page (menu entry DeviceImport, service:deviceImport:add): one serial at a
// time, or a CSV file of them with the upload's progress and every rejected row with its reason.
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { SingleImportForm } from './components/single-import-form';
import { BatchImport } from './components/batch-import';

export default function DeviceImportPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('deviceImport.title')}>
      <Tabs items={[
        { key: 'single', label: t('deviceImport.single'), children: <SingleImportForm /> },
        { key: 'batch', label: t('deviceImport.batch'), children: <BatchImport /> },
      ]} />
    </Card>
  );
}
