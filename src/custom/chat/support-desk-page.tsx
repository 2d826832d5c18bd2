// The support staff's view of the chat (menu "Support chat", system:chat:reply): the conversations
// of users of their organisations, open ones first, with what the staff side has not read; the
// chosen one opens beside the list to read and answer.
import { useState } from 'react';
import { Badge, Card, Col, Empty, Row, Segmented, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { formatDateTime } from '@/lib/date-time';
import { usePage } from '@/custom/plant/components/use-page';
import { Conversation } from './conversation';

type ChatConversation = DataOf<'chatConversationPage'>['list'][number];
type StateFilter = 'all' | 'open' | 'closed';

export default function SupportDeskPage() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<StateFilter>('open');
  const [chosen, setChosen] = useState<number>();
  const [version, setVersion] = useState(0);
  const { page, loading, pagination } = usePage(
    ({ version: _v, ...q }) => call('chatConversationPage', { query: q, silent: true }),
    { version, ...(filter === 'all' ? {} : { state: filter }) },
  );
  const current = page.list.find((c) => c.id === chosen);
  const changed = () => setVersion((v) => v + 1);
  return (
    <Row gutter={16} data-testid="support-desk">
      <Col xs={24} lg={12}>
        <Card title={t('chat.desk.title')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Segmented<StateFilter> value={filter} onChange={setFilter}
              options={(['open', 'closed', 'all'] as const).map((f) => ({ value: f, label: t(`chat.desk.filter.${f}`) }))} />
            <Table<ChatConversation> rowKey="id" size="small" loading={loading} dataSource={page.list} pagination={pagination}
              onRow={(c) => ({ onClick: () => setChosen(c.id), style: { cursor: 'pointer' } })}
              rowClassName={(c) => (c.id === chosen ? 'ant-table-row-selected' : '')}
              columns={[
                { key: 'user', title: t('chat.fields.nickname'), render: (_: unknown, c) => <Badge count={c.unreadNum} size="small" offset={[8, 0]}>{`${c.nickname} (${c.loginName})`}</Badge> },
                { key: 'office', title: t('chat.fields.officeName'), dataIndex: 'officeName' },
                { key: 'state', title: t('chat.fields.state'), dataIndex: 'state', render: (s: string) => <Tag color={s === 'open' ? 'green' : 'default'}>{t(`chat.state.${s}`)}</Tag> },
                { key: 'last', title: t('chat.fields.lastTime'), dataIndex: 'lastTime', render: (v: string) => formatDateTime(v, { lang: i18n.language }) },
              ]} />
          </Space>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={current ? `${current.nickname} (${current.loginName})` : t('chat.desk.choose')}>
          {current ? <Conversation key={current.id} conversationId={current.id} staff state={current.state} onChanged={changed} />
            : <Empty description={t('chat.desk.choose')} />}
        </Card>
      </Col>
    </Row>
  );
}
