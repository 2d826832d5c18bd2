import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The 401 page of 000 section 2: a logged-in user on a page their permissions do not open. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <Result status="403" title="401" subTitle={t('errors.pageForbidden')} extra={<Button type="primary" onClick={() => navigate('/')}>{t('common.backHome')}</Button>} />;
}
