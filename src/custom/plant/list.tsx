// The plant lists: every plant the user can see, end users' plants (professional users) and the
// plants shared with the user; adding a plant opens the wizard page (site:add).
import { Button, Card, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { currentLoginInfo, type LoginInfo } from '@/providers/session';
import { Permission } from '@/custom/shell/permission';
import { AllPlantsTable } from './components/all-plants-table';
import { SharedPlantsTable } from './components/shared-plants-table';
import { EndUserPlantsTable } from './components/end-user-plants-table';
import { WIZARD_PAGE } from './paths';

export function PlantList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [info, setInfo] = useState<LoginInfo>();
  useEffect(() => {
    void currentLoginInfo().then(setInfo, () => undefined);
  }, []);
  const professional = info?.userInfo.userType === 1;
  return (
    <Card title={t('plant.titles.list')} extra={
      <Permission anyOf="site:add">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(WIZARD_PAGE)}>{t('plantWizard.addTitle')}</Button>
      </Permission>
    }>
      <Tabs destroyOnHidden items={[
        { key: 'all', label: t('plant.lists.all'), children: <AllPlantsTable /> },
        ...(professional ? [{ key: 'endUser', label: t('plant.lists.endUser'), children: <EndUserPlantsTable /> }] : []),
        { key: 'shared', label: t('plant.lists.shared'), children: <SharedPlantsTable /> },
      ]} />
    </Card>
  );
}
