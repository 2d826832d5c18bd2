import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The 404 page of 000 section 2, where unknown paths are sent. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <Result status="404" title="404" subTitle={t('errors.pageNotFound')} extra={<Button type="primary" onClick={() => navigate('/')}>{t('common.backHome')}</Button>} />;
}
