// The going-offline alert (000 sections 2 and 8): a modal without buttons that cannot be
// dismissed while the browser is offline; coming back online reloads the page, so that whatever
// failed meanwhile is asked again.
import { useEffect, useState } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export function OfflineNotice() {
  const { t } = useTranslation();
  const [offline, setOffline] = useState(() => !navigator.onLine);

  useEffect(() => {
    const goneOffline = () => setOffline(true);
    const backOnline = () => location.reload();
    window.addEventListener('offline', goneOffline);
    window.addEventListener('online', backOnline);
    return () => {
      window.removeEventListener('offline', goneOffline);
      window.removeEventListener('online', backOnline);
    };
  }, []);

  return (
    <Modal open={offline} title={t('offline.title')} closable={false} maskClosable={false} keyboard={false} footer={null} centered>
      {t('offline.text')}
    </Modal>
  );
}
