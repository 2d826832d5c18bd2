// The caller's points at the top of the mall: available now, the member level and its discount,
// what expires soon, and a refresh.
import { Alert, Button, Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { errorText } from '@/lib/error-text';
import type { PointInfo } from './use-point-info';
import { count } from './count';

export function BalanceCard({ info, error, loading, onRefresh }: { info: PointInfo | undefined; error: unknown; loading: boolean; onRefresh(): void }) {
  const { t } = useTranslation();
  return (
    <Card size="small" data-testid="mall-balance"
      extra={<Button icon={<ReloadOutlined />} onClick={onRefresh} loading={loading} aria-label={t('mall.refresh')} data-testid="mall-refresh">{t('mall.refresh')}</Button>}
      title={t('mall.balance.title')}>
      {error !== undefined && !info && <Alert type="warning" showIcon message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} />}
      {info && (
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Statistic title={t('mall.balance.available')} value={info.availablePoints} valueStyle={{ color: '#1677ff' }}
              suffix={t('mall.points')} data-testid="mall-available" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('mall.balance.level')} value={info.memberLevelName ?? t('mall.balance.noLevel')}
              suffix={info.discountPercent ? <Tag color="gold">{t('mall.balance.discount', { percent: info.discountPercent })}</Tag> : undefined} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('mall.balance.earned')} value={info.totalEarnedPoints} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('mall.balance.expiring')} value={info.expiringPoints} />
            {info.nextExpireDate && info.expiringPoints > 0 && (
              <Typography.Text type="secondary">{t('mall.balance.expiresOn', { date: info.nextExpireDate })}</Typography.Text>
            )}
          </Col>
          {info.nextLevelName && info.pointsToNextLevel !== undefined && (
            <Col span={24}>
              <Typography.Text type="secondary">{t('mall.balance.nextLevel', { points: count(info.pointsToNextLevel), level: info.nextLevelName })}</Typography.Text>
            </Col>
          )}
        </Row>
      )}
    </Card>
  );
}
