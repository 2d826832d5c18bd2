// The feedback page (menu "Feedback"): the form the floating panel's feedback tab also shows.
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from './feedback-form';

export default function FeedbackPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('feedback.title')} style={{ maxWidth: 640 }} data-testid="feedback-page">
      <FeedbackForm />
    </Card>
  );
}
