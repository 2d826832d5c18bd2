// The points mall as a user sees it (menu "Mall"): the balance on top, refreshed after every
// order, cancellation and receipt; the products on the shelf by category with their pages and
// the order form; the user's orders and coupons; and the points earned and spent, as a chart and
// as records.
import { useState } from 'react';
import { Card, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { BalanceCard } from './balance-card';
import { MyCoupons } from './my-coupons';
import { MyOrders } from './my-orders';
import { MyPointRecords } from './my-point-records';
import { PointsChart } from './points-chart';
import { ProductBrowser } from './product-browser';
import { usePointInfo } from './use-point-info';

export default function MallPage() {
  const { t } = useTranslation();
  const points = usePointInfo();
  const [tab, setTab] = useState('products');
  // Bumped by every change of the user's points, so that the orders and the chart read them again.
  const [version, setVersion] = useState(0);
  const changed = () => {
    points.reload();
    setVersion((v) => v + 1);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="mall-page">
      <BalanceCard info={points.info} error={points.error} loading={points.loading} onRefresh={changed} />
      <Card>
        <Tabs activeKey={tab} onChange={setTab} destroyOnHidden items={[
          { key: 'products', label: t('mall.tabs.products'), children: <ProductBrowser points={points.info} onOrdered={changed} /> },
          { key: 'orders', label: t('mall.tabs.orders'), children: <MyOrders version={version} onChanged={changed} /> },
          { key: 'coupons', label: t('mall.tabs.coupons'), children: <MyCoupons version={version} /> },
          {
            key: 'points', label: t('mall.tabs.points'),
            children: <Space direction="vertical" size="large" style={{ width: '100%' }}><PointsChart version={version} /><MyPointRecords version={version} /></Space>,
          },
        ]} />
      </Card>
    </Space>
  );
}
