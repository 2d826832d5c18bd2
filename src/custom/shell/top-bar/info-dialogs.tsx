// The 500 px information dialogs of the top bar's More menu (000 sections 2 and 9): contact us
// (the brand's contact fields), version info (getVersionInfo platform=web) and about us
// (aboutUsGetInfo). Each reads the server when it opens, so an administrator's edit shows at once.
import { useEffect, useState, type ReactNode } from 'react';
import { Descriptions, Empty, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import type { OperationId } from '@/api/generated/operations';
import { safeHtml } from '@/custom/login/safe-html';
import { useBrand } from '../brand';
import './top-bar.css';

export const INFO_DIALOG_WIDTH_PX = 500;
export type InfoDialog = 'contactUs' | 'versionInfo' | 'aboutUs';

/** The answer of a call made when the dialog opens; undefined while it loads or after a failure (toasted). */
function useAnswer<K extends OperationId>(load: () => Promise<DataOf<K>>): DataOf<K> | undefined {
  const [answer, setAnswer] = useState<DataOf<K>>();
  useEffect(() => {
    let live = true;
    load().then((data) => live && setAnswer(data), () => undefined);
    return () => {
      live = false;
    };
    // Once per opening: the dialog's body mounts when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return answer;
}

const Loading = () => <div className="info-dialog__loading"><Spin /></div>;

function ContactUs() {
  const { t } = useTranslation();
  const brand = useBrand();
  const fields = (['callCenter', 'email', 'fax', 'postal', 'address'] as const).filter((f) => brand?.[f]);
  if (!brand) return <Loading />;
  if (!fields.length) return <Empty description={t('topBar.noContact')} />;
  return (
    <Descriptions column={1} size="small" items={fields.map((f) => ({ key: f, label: t(`brand.fields.${f}`), children: brand[f] }))} />
  );
}

function VersionInfo() {
  const { t } = useTranslation();
  const info = useAnswer<'getVersionInfo'>(() => call('getVersionInfo', { query: { platform: 'web' } }));
  if (!info) return <Loading />;
  return (
    <div data-testid="version-info">
      <h3>{t('topBar.currentVersion', { version: info.appVersion })}</h3>
      <p className="info-dialog__date">{t('topBar.released', { date: info.updateDate })}</p>
      {info.updateByLang && <p className="info-dialog__notes">{info.updateByLang}</p>}
      {info.updates.length > 0 && (
        <>
          <h4>{t('topBar.earlierVersions')}</h4>
          <ul className="info-dialog__updates">
            {info.updates.map((u) => (
              <li key={u.appVersion}><strong>{u.appVersion}</strong> · {u.updateDate}{u.updateByLang && <div className="info-dialog__notes">{u.updateByLang}</div>}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function AboutUs() {
  const { t } = useTranslation();
  const about = useAnswer<'aboutUsGetInfo'>(() => call('aboutUsGetInfo'));
  if (!about) return <Loading />;
  return (
    <div data-testid="about-us">
      <h3>{about.platformName}</h3>
      {about.companyBrief && <p className="info-dialog__notes">{about.companyBrief}</p>}
      {/* Escaped by the server (about-html.ts) and cleaned again here. */}
      <div dangerouslySetInnerHTML={{ __html: safeHtml(about.content) }} />
      {about.webVersion && <p className="info-dialog__date">{t('topBar.webVersion', { version: about.webVersion })}</p>}
      {about.copyright && <p className="info-dialog__date">{about.copyright}</p>}
    </div>
  );
}

const BODIES: Record<InfoDialog, () => ReactNode> = { contactUs: ContactUs, versionInfo: VersionInfo, aboutUs: AboutUs };

export function InfoDialogs({ open, onClose }: { open: InfoDialog | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const Body = open && BODIES[open];
  return (
    <Modal open={!!open} width={INFO_DIALOG_WIDTH_PX} title={open && t(`topBar.${open}`)} footer={null} onCancel={onClose} destroyOnHidden>
      {Body && <Body />}
    </Modal>
  );
}
