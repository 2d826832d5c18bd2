// The panel's app QR code: the latest app release's download address (getLast), drawn in the
// browser by antd's QRCode; when no release is known, the portal's own address, which opens on a
// phone as well.
import { useEffect, useState } from 'react';
import { QRCode, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';

type Release = DataOf<'getLast'>;

export function PanelQr() {
  const { t } = useTranslation();
  const [release, setRelease] = useState<Release | null>();
  useEffect(() => {
    let live = true;
    call('getLast', { query: { platform: 'android' }, silent: true }).then((data) => live && setRelease(data), () => live && setRelease(null));
    return () => {
      live = false;
    };
  }, []);
  const address = release?.downloadUrl ?? location.origin;
  return (
    <Space direction="vertical" align="center" style={{ width: '100%' }} data-testid="panel-qr">
      <div data-testid="panel-qr-code" data-value={address}>
        <QRCode value={address} status={release === undefined ? 'loading' : 'active'} size={168} bordered={false} />
      </div>
      <Typography.Text>{release ? t('floatingPanel.qrApp', { version: release.appVersion }) : t('floatingPanel.qrPortal')}</Typography.Text>
      <Typography.Link href={address} target="_blank" rel="noreferrer" ellipsis style={{ maxWidth: 220 }}>{address}</Typography.Link>
    </Space>
  );
}
