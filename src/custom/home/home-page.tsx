// The home page. Until the plant dashboards exist it shows who is logged in, in which
// organisation, and how many plants they can see, all from getLoginInfo.
import { useEffect, useState } from 'react';
import { Card, Col, Descriptions, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLoginInfo, type LoginInfo } from '@/providers/session';

export default function HomePage() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<LoginInfo>();
  useEffect(() => {
    void currentLoginInfo().then(setInfo);
  }, []);
  if (!info) return null;
  return (
    <>
      <Typography.Title level={4}>{t('home.welcome', { name: info.userInfo.nickname })}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Card><Statistic title={t('home.visiblePlants')} value={info.plantCount ?? 0} /></Card>
        </Col>
        <Col xs={24} md={16}>
          <Card>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('home.loginName')}>{info.userInfo.loginName}</Descriptions.Item>
              <Descriptions.Item label={t('home.role')}>{info.roles.map((r) => t(`roles.${r}`)).join(', ')}</Descriptions.Item>
              <Descriptions.Item label={t('home.office')}>{info.officeName}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </>
  );
}
