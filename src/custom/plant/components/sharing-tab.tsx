// The plant's visitors (getPlantVisitorList): add, edit what each may do, and stop sharing.
import { useEffect, useState } from 'react';
import { Alert, App, Button, Popconfirm, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import { errorText } from '@/lib/error-text';
import { formatDateTime, withZone } from '@/lib/date-time';
import { useAccess } from '@/custom/shell/permission';
import { usePage } from './use-page';
import { VisitorDialog, type Visitor } from './visitor-dialog';

/** `timeZone`: the plant's, in which the shares' times are shown. */
export function SharingTab({ plantUid, timeZone }: { plantUid: string; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const { readOnly } = useAccess();
  const { message } = App.useApp();
  const { page, loading, error, reload, pagination } = usePage((q) => call('getPlantVisitorList', { query: q, silent: true }), { plantUid });
  const [dialog, setDialog] = useState<{ visitor?: Visitor }>();
  const [names, setNames] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    void call('getPlantPermissionList', { silent: true }).then((list) => setNames(new Map(list.map((p) => [p.code, p.name]))), () => undefined);
  }, []);

  const remove = async (visitor: Visitor) => {
    try {
      await call('deletePlantVisitor', { body: { id: visitor.id! }, silent: true });
      void message.success(t('sharing.removed'));
      reload();
    } catch (failure) {
      void message.error(failure instanceof ApiError ? errorText(t, failure) : t('errors.unknown'));
    }
  };

  const canChange = !readOnly && error === undefined;
  return (
    <>
      {error !== undefined && <Alert type="warning" showIcon message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} style={{ marginBottom: 16 }} />}
      {/* A caller who may not list the visitors (or changes nothing) is offered no change to them. */}
      {canChange && <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} onClick={() => setDialog({})} data-testid="add-visitor">{t('sharing.addTitle')}</Button>}
      <Table<Visitor> rowKey="id" loading={loading} dataSource={page.list} pagination={pagination} data-testid="visitor-table" columns={[
        { key: 'account', dataIndex: 'account', title: t('plantVisitor.fields.account') },
        { key: 'nickname', dataIndex: 'nickname', title: t('plantVisitor.fields.nickname') },
        { key: 'permissions', dataIndex: 'permissions', title: t('plantVisitor.fields.permissions'),
          render: (codes: string) => codes.split(',').map((code) => names.get(code) ?? code).join(', ') },
        { key: 'remark', dataIndex: 'remark', title: t('plantVisitor.fields.remark') },
        { key: 'createTime', dataIndex: 'createTime', title: withZone(t('common.fields.createTime'), timeZone),
          render: (v: string | undefined) => formatDateTime(v, { lang: i18n.language, timeZone }) },
        ...canChange ? [{ key: 'actions', title: t('common.actions.title'), render: (_: unknown, visitor: Visitor) => (
          <Space>
            <Button size="small" onClick={() => setDialog({ visitor })} data-testid="edit-visitor">{t('common.actions.edit')}</Button>
            <Popconfirm title={t('sharing.removeConfirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => remove(visitor)}>
              <Button size="small" danger data-testid="delete-visitor">{t('common.actions.delete')}</Button>
            </Popconfirm>
          </Space>
        ) }] : [],
      ]} />
      <VisitorDialog plantUid={plantUid} visitor={dialog?.visitor} open={Boolean(dialog)} onClose={(saved) => {
        setDialog(undefined);
        if (saved) reload();
      }} />
    </>
  );
}
