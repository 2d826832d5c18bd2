// The plants in scope (getHomePlantStatisticsData): how many, by state, the installed capacity,
// the PV power now and the generation of today, this month, this year and to date. The page loads
// the call once for this card and the power card, so both show the same "now".
import { Badge, Card, Col, Descriptions, Row, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@/api/contract-types';
import { formatCapacity, formatEnergy, formatPower } from '@/lib/units';
import { CardState } from '@/custom/monitoring/card-state';
import type { Load } from '@/custom/monitoring/use-load';

export type PlantStatistics = DataOf<'getHomePlantStatisticsData'>;

export function PlantsCard({ load }: { load: Load<PlantStatistics> }) {
  const { t } = useTranslation();
  return (
    <Card title={t('home.plants.title')} data-testid="plants-card" style={{ height: '100%' }}>
      <CardState load={load} testId="plants" isEmpty={(d) => d.plantNum === 0} emptyText={t('home.plants.empty')}>
        {(d) => (
          <>
            <Row gutter={16} align="middle">
              <Col span={10}><Statistic title={t('home.plants.total')} value={d.plantNum} data-testid="plants-total" /></Col>
              <Col span={14}>
                <Space direction="vertical" size={2}>
                  <Badge status="success" text={`${t('home.plants.normal')}: ${d.normalNum}`} data-testid="plants-normal" />
                  <Badge status="error" text={`${t('home.plants.fault')}: ${d.faultNum}`} data-testid="plants-fault" />
                  <Badge status="default" text={`${t('home.plants.offline')}: ${d.offlineNum}`} data-testid="plants-offline" />
                  {d.newPlantNum !== undefined && <Badge status="processing" text={`${t('home.plants.new')}: ${d.newPlantNum}`} />}
                </Space>
              </Col>
            </Row>
            <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
              <Descriptions.Item label={t('home.plants.capacity')}><span data-testid="plants-capacity">{formatCapacity(d.totalSystemPower)}</span></Descriptions.Item>
              <Descriptions.Item label={t('home.plants.currentPower')}><span data-testid="plants-power">{formatPower(d.currentPower)}</span></Descriptions.Item>
              <Descriptions.Item label={t('home.plants.todayEnergy')}><span data-testid="plants-today">{formatEnergy(d.todayEnergy)}</span></Descriptions.Item>
              <Descriptions.Item label={t('home.plants.monthEnergy')}>{formatEnergy(d.monthEnergy)}</Descriptions.Item>
              <Descriptions.Item label={t('home.plants.yearEnergy')}>{formatEnergy(d.yearEnergy)}</Descriptions.Item>
              <Descriptions.Item label={t('home.plants.totalEnergy')}>{formatEnergy(d.totalEnergy)}</Descriptions.Item>
            </Descriptions>
          </>
        )}
      </CardState>
    </Card>
  );
}
