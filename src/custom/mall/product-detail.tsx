// One product's page in a dialog: its pictures (the cover first, each previewed), price, stock
// and per-user limit, the description as plain text, and Redeem (the order form).
import { useState } from 'react';
import { Button, Descriptions, Image, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxQuantity, productImages, type Product } from './mall-logic';
import { RedeemDialog } from './redeem-dialog';
import type { PointInfo } from './use-point-info';
import { count } from './count';

export function ProductDetail({ product, points, onClose, onOrdered }: { product: Product; points: PointInfo | undefined; onClose(): void; onOrdered(): void }) {
  const { t } = useTranslation();
  const [redeeming, setRedeeming] = useState(false);
  const images = productImages(product);
  const canOrder = maxQuantity(product) > 0;
  return (
    <Modal open title={product.productName} onCancel={onClose} width={720} destroyOnHidden
      footer={<Button type="primary" disabled={!canOrder} onClick={() => setRedeeming(true)} data-testid="mall-redeem">{canOrder ? t('mall.redeem') : t('mall.soldOut')}</Button>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Image.PreviewGroup>
          <Space wrap data-testid="mall-product-images">
            {images.map((src, i) => <Image key={`${src}-${i}`} src={src} alt={`${product.productName} ${i + 1}`} width={i ? 96 : 240} height={i ? 96 : 240} style={{ objectFit: 'cover' }} />)}
          </Space>
        </Image.PreviewGroup>
        <Descriptions column={2} size="small" items={[
          { key: 'price', label: t('product.fields.pointsPrice'), children: t('mall.price', { points: count(product.pointsPrice) }) },
          { key: 'stock', label: t('product.fields.stock'), children: product.stock },
          { key: 'category', label: t('product.fields.categoryName'), children: product.categoryName ?? '' },
          { key: 'limit', label: t('mall.limit'), children: product.limitPerUser ? product.limitPerUser : t('mall.noLimit') },
        ]} />
        {product.description && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{product.description}</Typography.Paragraph>}
      </Space>
      {redeeming && <RedeemDialog product={product} points={points} onClose={() => setRedeeming(false)} onOrdered={onOrdered} />}
    </Modal>
  );
}
