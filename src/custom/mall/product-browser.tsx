// The products on the shelf by category (getProductCategory's tabs, "All" first) with a name
// search, a page of cards at a time: cover, name, price in points and stock. A card opens the
// product's page (its pictures, description and Redeem).
import { useEffect, useState } from 'react';
import { Alert, Card, Col, Empty, Image, Input, Pagination, Row, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { usePage } from '@/custom/plant/components/use-page';
import { productImages, type Product } from './mall-logic';
import { ProductDetail } from './product-detail';
import type { PointInfo } from './use-point-info';
import { count } from './count';

type Category = DataOf<'getProductCategory'>[number];
const ALL = 'all';

export function ProductBrowser({ points, onOrdered }: { points: PointInfo | undefined; onOrdered(): void }) {
  const { t } = useTranslation();
  const [categories, setCategories] = useState<Category[]>([]);
  const [category, setCategory] = useState(ALL);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<Product>();
  useEffect(() => {
    let live = true;
    // Without categories the mall still lists every product under "All".
    call('getProductCategory', { silent: true }).then((list) => live && setCategories(list), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  const query = { ...(category === ALL ? {} : { categoryId: Number(category) }), ...(search ? { productName: search } : {}) };
  const { page, loading, error, reload, pagination } = usePage((q) => call('pageMallProduct', { query: q, silent: true }) as Promise<{ list: Product[]; total: number }>, query);

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="mall-products">
      <Tabs activeKey={category} onChange={setCategory} data-testid="mall-categories"
        items={[{ key: ALL, label: t('mall.allCategories') }, ...categories.map((c) => ({ key: String(c.id), label: `${c.categoryName} (${c.productNum})` }))]} />
      <Input.Search allowClear placeholder={t('mall.search')} onSearch={(text) => setSearch(text.trim())} style={{ maxWidth: 320 }} data-testid="mall-search" />
      {error !== undefined && <Alert type="warning" showIcon message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} />}
      <Spin spinning={loading}>
        {!loading && !page.list.length ? <Empty description={t('mall.noProducts')} /> : (
          <Row gutter={[16, 16]}>
            {page.list.map((product) => (
              <Col key={product.id} xs={24} sm={12} md={8} lg={6}>
                <Card hoverable onClick={() => setOpen(product)} data-testid="mall-product"
                  cover={<Image preview={false} src={productImages(product)[0]} alt={product.productName} height={160} style={{ objectFit: 'cover' }} />}>
                  <Card.Meta title={product.productName} description={(
                    <Space direction="vertical" size={2}>
                      <Typography.Text strong style={{ color: '#fa541c' }}>{t('mall.price', { points: count(product.pointsPrice) })}</Typography.Text>
                      <Space size={4} wrap>
                        {product.categoryName && <Tag>{product.categoryName}</Tag>}
                        {product.stock > 0 ? <Typography.Text type="secondary">{t('mall.stock', { count: product.stock })}</Typography.Text>
                          : <Tag color="default">{t('mall.soldOut')}</Tag>}
                      </Space>
                    </Space>
                  )} />
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      <Pagination {...pagination} align="end" showTotal={(total) => t('common.total', { total })} />
      {open && (
        <ProductDetail product={open} points={points} onClose={() => setOpen(undefined)}
          onOrdered={() => {
            setOpen(undefined);
            reload();
            onOrdered();
          }} />
      )}
    </Space>
  );
}
