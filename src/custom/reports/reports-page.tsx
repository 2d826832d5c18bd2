// The report forms page (001 "report forms": statistics by plant, download records): the figures
// of every plant in scope for a period, and the reports the user downloaded. One plant's report,
// by time and by device, is its Reports tab. The tab is kept in ?tab=.
import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlantReportsTable } from './plant-reports-table';
import { DownloadRecords } from './download-records';

export default function ReportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  return (
    <Card title={t('reports.title')} data-testid="reports-page">
      <Tabs activeKey={params.get('tab') ?? 'plants'} destroyOnHidden
        onChange={(key) => setParams((p) => {
          p.set('tab', key);
          return p;
        })}
        items={[
          { key: 'plants', label: t('reports.byPlant'), children: <PlantReportsTable /> },
          { key: 'downloads', label: t('reports.downloads.title'), children: <DownloadRecords /> },
        ]} />
    </Card>
  );
}
