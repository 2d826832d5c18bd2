// The top bar's add-plant icon (site:add): the wizard in an 880 px dialog that an outside click
// does not close (000 section 2); the dialog's content is dropped on close, which resets the wizard.
import { lazy, Suspense, useState } from 'react';
import { Button, Modal, Spin, Tooltip } from 'antd';
import { PlusCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const PlantWizard = lazy(() => import('./plant-wizard').then((m) => ({ default: m.PlantWizard })));
export const ADD_PLANT_DIALOG_WIDTH = 880;

export function AddPlantButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('plantWizard.addTitle')}>
        <Button type="text" icon={<PlusCircleOutlined />} aria-label={t('plantWizard.addTitle')} onClick={() => setOpen(true)} data-testid="add-plant" />
      </Tooltip>
      <Modal open={open} width={ADD_PLANT_DIALOG_WIDTH} title={t('plantWizard.addTitle')} footer={null} maskClosable={false} destroyOnHidden
        onCancel={() => setOpen(false)} data-testid="add-plant-dialog">
        <Suspense fallback={<Spin />}>
          <PlantWizard onDone={() => setOpen(false)} />
        </Suspense>
      </Modal>
    </>
  );
}
