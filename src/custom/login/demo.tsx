// The demo (000 section 2 /demo): a read-only visitor session on the demo plants, then the portal.
import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { authProvider } from '@/providers/auth-provider';
import { AuthLayout } from './auth-layout';

export default function DemoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();
  // One visitor session per visit, also when React runs effects twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void authProvider.login({ mode: 'visitor' }).then((result) => {
      if (result.success) navigate('/', { replace: true });
      else setFailure(result.error?.message ?? '');
    });
  }, [navigate]);

  return (
    <AuthLayout title={t('demo.title')}>
      {failure === undefined ? (
        <Spin tip={t('demo.opening')} size="large"><div style={{ height: 120 }} /></Spin>
      ) : (
        <div data-testid="demo-error">
          <Result status="warning" title={t('demo.failed')} subTitle={failure === 'network' ? t('errors.network') : failure}
            extra={<Link to="/login"><Button type="primary">{t('forget.backToLogin')}</Button></Link>} />
        </div>
      )}
    </AuthLayout>
  );
}
