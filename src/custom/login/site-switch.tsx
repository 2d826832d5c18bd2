// The login area's network-node switch (000 section 2 "Login-area layout"): shown only when the
// site list says siteSwitch 1; a failed or empty answer shows nothing. Choosing a node opens its
// portal.
import { useEffect, useState } from 'react';
import { Button, Modal } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';

type Sites = DataOf<'siteList'>;
export const SITE_DIALOG_WIDTH_PX = 610;

export function SiteSwitch() {
  const { t, i18n } = useTranslation();
  const [sites, setSites] = useState<Sites>();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let live = true;
    call('siteList', { silent: true }).then((answer) => live && setSites(answer), () => live && setSites(undefined));
    return () => {
      live = false;
    };
  }, [i18n.language]);

  if (sites?.siteSwitch !== 1 || sites.list.length === 0) return null;
  const current = sites.list.find((s) => s.isCurrent === 1);
  return (
    <>
      <Button type="text" icon={<GlobalOutlined />} onClick={() => setOpen(true)} data-testid="site-switch">
        {current?.i18nSite ?? t('site.switch')}
      </Button>
      <Modal open={open} width={SITE_DIALOG_WIDTH_PX} title={t('site.switch')} footer={null} onCancel={() => setOpen(false)}>
        {sites.selectNote && <p>{sites.selectNote}</p>}
        <div className="site-switch__list">
          {sites.list.map((site) => (
            <a key={site.id} className={`site-switch__item${site.isCurrent === 1 ? ' site-switch__item--current' : ''}`}
              href={site.isCurrent === 1 ? undefined : site.domainUrl} onClick={site.isCurrent === 1 ? () => setOpen(false) : undefined}>
              {site.sitePicUrl && <img src={site.sitePicUrl} alt="" width={48} height={32} />}
              <span>
                <strong>{site.i18nSite}</strong>
                {site.siteDesc && <span className="site-switch__desc">{site.siteDesc}</span>}
              </span>
            </a>
          ))}
        </div>
        {sites.helpNote && <p className="site-switch__help">{sites.helpNote}</p>}
      </Modal>
    </>
  );
}
