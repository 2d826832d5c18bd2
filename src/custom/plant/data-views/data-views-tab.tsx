// The plant's data views (001 "Monitoring"): named sub-groups of its devices (roof faces,
// buildings) with their PV power now and energy today, the devices in none, and the day of the
// sub-group chosen, kept in ?group= like the tab in ?tab=, so that a link opens it. Callers who
// may edit the plant add, edit and delete sub-groups; the server still holds a visitor to the
// share's editPlant, so a hidden button is a courtesy, not the guard.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import { errorText } from '@/lib/error-text';
import { CardState } from '@/custom/monitoring/card-state';
import { SubGroupDay } from './sub-group-day';
import { SubGroupDialog } from './sub-group-dialog';
import { SubGroupsTable } from './sub-groups-table';
import { useDataViews, type SubGroup } from './use-data-views';

/** `editable`: the caller may change the plant (plant-access.ts). */
export function DataViewsTab({ plantUid, timeZone, editable }: { plantUid: string; timeZone?: string | undefined; editable: boolean }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const { views, changed } = useDataViews(plantUid);
  const [dialog, setDialog] = useState<{ group?: SubGroup }>();
  const subGroups = views.data?.subGroups ?? [];
  const ungrouped = views.data?.ungroupedDeviceSns ?? [];
  // A group that is no longer there (deleted elsewhere, an old link) selects nothing.
  const selected = subGroups.find((g) => String(g.subGroupId) === params.get('group'));
  const select = (subGroupId: number | undefined) => setParams((p) => {
    if (subGroupId === undefined) p.delete('group');
    else p.set('group', String(subGroupId));
    return p;
  }, { replace: true });

  const remove = (group: SubGroup) => modal.confirm({
    title: t('plant.views.deleteTitle'),
    content: t('plant.views.deleteConfirm', { name: group.subGroupName }),
    okText: t('common.actions.delete'),
    okButtonProps: { danger: true, 'data-testid': 'view-delete-confirm' },
    cancelText: t('common.cancel'),
    onOk: async () => {
      try {
        changed(await call('editPlantDataViews', { body: { plantUid, subGroupId: group.subGroupId, isDelete: 1 }, silent: true }));
        void message.success(t('plant.views.deleted'));
        if (group.subGroupId === selected?.subGroupId) select(undefined);
      } catch (error) {
        void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
      }
    },
  });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {editable && <Button type="primary" icon={<PlusOutlined />} disabled={!views.data} onClick={() => setDialog({})} data-testid="views-add">{t('plant.views.add')}</Button>}
      <CardState load={views} testId="views" isEmpty={(d) => d.subGroups.length === 0} emptyText={(
        <>
          <div>{t('plant.views.empty')}</div>
          {editable && <Typography.Text type="secondary">{t('plant.views.emptyHint')}</Typography.Text>}
        </>
      )}>
        {(d) => (
          <SubGroupsTable subGroups={d.subGroups} selected={selected?.subGroupId} onSelect={select}
            actions={editable ? { onEdit: (group) => setDialog({ group }), onDelete: remove } : undefined} />
        )}
      </CardState>
      {ungrouped.length > 0 && (
        <Typography.Text type="secondary" data-testid="views-ungrouped">{t('plant.views.ungrouped', { serials: ungrouped.join(', ') })}</Typography.Text>
      )}
      {selected
        ? <SubGroupDay plantUid={plantUid} group={selected} timeZone={timeZone} />
        : subGroups.length > 0 && <Typography.Text type="secondary" data-testid="views-pick">{t('plant.views.pick')}</Typography.Text>}
      <SubGroupDialog plantUid={plantUid} group={dialog?.group} ungrouped={ungrouped} open={Boolean(dialog)} onClose={() => setDialog(undefined)}
        onSaved={(next) => {
          changed(next);
          setDialog(undefined);
        }} />
    </Space>
  );
}
