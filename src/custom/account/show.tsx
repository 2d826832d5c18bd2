// The personal center (menu entry PersonalCenter): the signed-in user's own account — profile and
// avatar, password, phone, e-mail, language, display settings, and account cancellation. A read-only session (the
// demo visitor) sees its account and no form: the server refuses every change of it.
import { Alert, Avatar, Card, Col, Row, Spin, Tabs } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AvatarUpload } from './components/avatar-upload';
import { ProfileForm } from './components/profile-form';
import { PasswordForm } from './components/password-form';
import { ContactForm } from './components/contact-form';
import { LanguageForm } from './components/language-form';
import { SettingsForm } from './components/settings-form';
import { CancelAccount } from './components/cancel-account';
import { useProfile } from './components/use-profile';
import { useAccess } from '@/custom/shell/permission';

export default function PersonalCenterShow() {
  const { t } = useTranslation();
  const { profile, failed, changed } = useProfile();
  const { readOnly } = useAccess();
  if (failed) return <Alert type="error" showIcon message={t('personal.loadFailed')} />;
  if (!profile) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
  return (
    <Row gutter={16}>
      <Col xs={24} lg={7}>
        <Card>
          {readOnly
            ? <div className="personal-avatar"><Avatar size={96} src={profile.userHead || undefined} icon={<UserOutlined />} /></div>
            : <AvatarUpload userHead={profile.userHead} onUploaded={(userHead) => changed({ ...profile, userHead })} />}
          <div className="personal-summary">
            <strong data-testid="personal-nickname">{profile.nickname}</strong>
            <span>{profile.loginName}</span>
            <span>{profile.officeName}</span>
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={17}>
        <Card title={t('menu.personalCenter')}>
          {readOnly ? <Alert type="info" showIcon message={t('personal.readOnly')} data-testid="personal-read-only" /> : <Tabs
            destroyOnHidden
            items={[
              { key: 'profile', label: t('personal.profile'), children: <ProfileForm profile={profile} onSaved={changed} /> },
              { key: 'password', label: t('personal.password'), children: <PasswordForm /> },
              { key: 'phone', label: t('personal.phone'), children: <ContactForm kind="phone" current={profile.phone} onChanged={() => changed()} /> },
              { key: 'email', label: t('personal.email'), children: <ContactForm kind="email" current={profile.email} onChanged={() => changed()} /> },
              { key: 'language', label: t('personal.language'), children: <LanguageForm current={profile.lang} onSaved={() => changed()} /> },
              { key: 'settings', label: t('userSettings.title'), children: <SettingsForm /> },
              { key: 'cancel', label: t('personal.cancelAccount'), children: <CancelAccount profile={profile} /> },
            ]}
          />}
        </Card>
      </Col>
    </Row>
  );
}
