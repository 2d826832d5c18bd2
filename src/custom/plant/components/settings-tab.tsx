// The plant's settings: edit in the wizard, delete with confirmation, hand over to another owner
// or installer (each checked first), correct the owner's contact details, and set the plant's own
// alarm thresholds (which the server lets only the plant's managers change).
import { App, Button, Card, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import { errorText } from '@/lib/error-text';
import { PLANT_PAGE, editPlantPath } from '../paths';
import { useCloseOwnTab } from '@/custom/shell/layout/close-tab';
import type { PlantAccess } from '../plant-access';
import type { Plant } from '../show';
import { AlarmThresholdsForm } from './alarm-thresholds-form';
import { HandOverDialog } from './hand-over-dialog';
import { OwnerInformationForm } from './owner-information-form';

/** Editing for those who may edit the plant; deleting and handing over for those who manage it. */
export function SettingsTab({ plant, access, onChanged }: { plant: Plant; access: PlantAccess; onChanged(): void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  // A deleted plant's tab has nothing left to show.
  const closeOwnTab = useCloseOwnTab();
  const plantUid = plant.plantUid!;

  const remove = () => modal.confirm({
    title: t('plant.deleteTitle'),
    content: t('plant.deleteConfirm', { name: plant.plantName }),
    okText: t('common.actions.delete'),
    okButtonProps: { danger: true, 'data-testid': 'delete-plant-confirm' },
    cancelText: t('common.cancel'),
    onOk: async () => {
      try {
        await call('deletePlant', { body: { plantUid }, silent: true });
        void message.success(t('plant.deleted'));
        closeOwnTab();
        navigate(PLANT_PAGE);
      } catch (error) {
        void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
      }
    },
  });

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card size="small" title={t('plant.settings.plant')}>
        <Space wrap>
          {access.edits && <Button icon={<EditOutlined />} onClick={() => navigate(editPlantPath(plantUid))} data-testid="edit-plant">{t('common.actions.edit')}</Button>}
          {access.manages && <Button danger icon={<DeleteOutlined />} onClick={remove} data-testid="delete-plant">{t('common.actions.delete')}</Button>}
        </Space>
      </Card>
      {access.manages && (
        <>
          <Card size="small" title={t('plant.settings.handOver')}>
            <Typography.Paragraph type="secondary">{t('plant.settings.handOverHint')}</Typography.Paragraph>
            <Space wrap>
              <HandOverDialog
                title={t('plant.owner.change')} inputLabel={t('plant.owner.account')} maxLength={100} testId="change-owner" changedText={t('plant.owner.changed')}
                check={(account) => call('checkChangePlantOwner', { body: { plantUid, account }, silent: true })}
                describe={(found) => [[t('plant.owner.nickname'), found.nickname], [t('plant.owner.account'), found.account]]}
                change={async (_, found) => void await call('changePlantOwner', { body: { plantUid, userId: found.userId }, silent: true })}
                onChanged={onChanged}
              />
              <HandOverDialog
                title={t('plant.installer.change')} inputLabel={t('plant.fields.pointInviteCode')} maxLength={32} testId="change-installer"
                changedText={t('plant.installer.changed')}
                check={(inviteCode) => call('checkChangePlantInstaller', { body: { plantUid, inviteCode }, silent: true })}
                describe={(found) => [[t('plant.fields.installerOfficeName'), found.name], [t('plant.fields.installerOperatorEmail'), found.email]]}
                change={async (inviteCode) => void await call('changePlantInstaller', { body: { plantUid, inviteCode }, silent: true })}
                onChanged={onChanged}
              />
            </Space>
          </Card>
          <Card size="small" title={t('plant.settings.ownerInformation')}>
            <OwnerInformationForm plant={plant} onSaved={onChanged} />
          </Card>
          <Card size="small" title={t('plant.alarmThresholds.title')}>
            <AlarmThresholdsForm plantUid={plantUid} />
          </Card>
        </>
      )}
    </Space>
  );
}
