// The add-station page (menu entry AddStation): the wizard as a page, taking PlantUid, ifAgent,
// endUserId and officeId from the query (001 section 2). After an edit it returns to the plant.
// Done, it closes its tab: opened again, it starts empty instead of showing the plant just saved.
import { Card } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlantWizard } from './plant-wizard';
import { plantPath } from '@/custom/plant/paths';
import { useCloseOwnTab } from '@/custom/shell/layout/close-tab';

export default function PlantWizardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const closeOwnTab = useCloseOwnTab();
  const [params] = useSearchParams();
  const plantUid = params.get('PlantUid') ?? undefined;
  const agent = { ifAgent: params.get('ifAgent') ?? undefined, endUserId: params.get('endUserId') ?? undefined, officeId: params.get('officeId') ?? undefined };
  return (
    <Card title={t(plantUid ? 'plantWizard.editTitle' : 'plantWizard.addTitle')}>
      {/* A new key per plant: opening another plant starts a fresh wizard. */}
      <PlantWizard key={plantUid ?? 'new'} plantUid={plantUid} agent={agent} onDone={(uid) => {
        closeOwnTab();
        if (plantUid) navigate(plantPath(uid));
      }} />
    </Card>
  );
}
