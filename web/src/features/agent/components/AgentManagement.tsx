import { agentBases, agentStatuses, type AgentItem } from '@gateway/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/common/PagedTable';
import { RefusedButton, useStaffRefusal } from '../../../components/common/StaffAction';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';
import { fetchAgents, manageAgent, settleDividends } from '../api';
import { agentColor } from '../lib/colors';

/**
 * Agent management (administrators): applications to approve or reject, agents' terms. An
 * agency of one's own, or of a user of one's rank or above, is shown but not offered.
 */
export function AgentManagement({ display }: { display: QuotaDisplay }) {
  const { t } = useTranslation('agent');
  const client = useQueryClient();
  const [status, setStatus] = useState<AgentItem['status'] | undefined>();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [editing, setEditing] = useState<AgentItem | null>(null);
  const [form] = Form.useForm<{ rate: number; basis: AgentItem['basis'] }>();
  const list = useQuery({
    queryKey: ['agents', status, paging],
    queryFn: () => fetchAgents(status, paging.page, paging.pageSize),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: manageAgent,
    onSuccess: () => {
      notify.success(t('manage.saved'));
      setEditing(null);
      void client.invalidateQueries({ queryKey: ['agents'] });
    },
  });
  const settle = useMutation({
    mutationFn: settleDividends,
    onSuccess: ({ credited }) => {
      notify.success(t('manage.settled', { count: credited }));
      void client.invalidateQueries({ queryKey: ['agents'] });
    },
  });
  const refusalOf = useStaffRefusal();
  const mainAction = (a: AgentItem) =>
    a.status === 'pending'
      ? t('manage.approve')
      : a.status === 'disabled'
        ? t('manage.enable')
        : t('manage.terms');
  const act = (a: AgentItem, next: 'active' | 'disabled' | 'rejected') =>
    decide.mutateAsync({ user_id: a.user_id, status: next, rate: a.rate, basis: a.basis });

  return (
    <Card
      title={t('manage.title')}
      extra={
        <Space wrap>
          <Button
            loading={settle.isPending}
            onClick={() => settle.mutate()}
            data-testid="agent-settle"
          >
            {t('manage.settle')}
          </Button>
          <Select
            allowClear
            placeholder={t('manage.status')}
            value={status}
            onChange={(v?: AgentItem['status']) => {
              setStatus(v);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={agentStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            style={{ width: 140 }}
          />
        </Space>
      }
      data-testid="agent-management"
    >
      <PagedTable<AgentItem>
        size="small"
        rowKey="user_id"
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        paging={{ ...paging, total: list.data?.total ?? 0 }}
        onPage={(page, pageSize) => setPaging({ page, pageSize })}
        totalLabel={(count) => t('total', { count })}
        locale={{ emptyText: t('empty.agents') }}
        columns={[
          {
            title: t('columns.user'),
            key: 'user',
            render: (_, a) => `${a.username} (#${a.user_id})`,
          },
          { title: t('columns.contact'), dataIndex: 'contact', ellipsis: true },
          {
            title: t('columns.status'),
            dataIndex: 'status',
            render: (s: AgentItem['status']) => <Tag color={agentColor[s]}>{t(`status.${s}`)}</Tag>,
          },
          {
            title: t('columns.rate'),
            key: 'rate',
            render: (_, a) => `${Math.round(a.rate * 1000) / 10}% · ${t(`basis.${a.basis}`)}`,
          },
          { title: t('columns.users'), dataIndex: 'users' },
          {
            title: t('columns.dividend'),
            dataIndex: 'dividends',
            render: (q: number) => renderQuota(q, display),
          },
          {
            title: t('columns.applied'),
            dataIndex: 'applied_at',
            render: (s: number) => formatTime(s),
          },
          {
            title: t('columns.actions'),
            key: 'actions',
            render: (_, a) => {
              const refused = refusalOf({ id: a.user_id, role: a.user_role });
              if (refused) {
                return a.status === 'rejected' ? null : (
                  <RefusedButton reason={refused} data-testid={`agent-refused-${a.username}`}>
                    {mainAction(a)}
                  </RefusedButton>
                );
              }
              return (
                <Space size={4} wrap>
                  {a.status !== 'rejected' && (
                    <Button
                      size="small"
                      type={a.status === 'pending' ? 'primary' : 'default'}
                      onClick={() => {
                        form.setFieldsValue({ rate: a.rate || 0.1, basis: a.basis });
                        setEditing(a);
                      }}
                      data-testid={`agent-approve-${a.username}`}
                    >
                      {mainAction(a)}
                    </Button>
                  )}
                  {a.status === 'pending' && (
                    <Popconfirm
                      title={t('manage.confirmReject')}
                      onConfirm={() => act(a, 'rejected')}
                    >
                      <Button size="small" danger>
                        {t('manage.reject')}
                      </Button>
                    </Popconfirm>
                  )}
                  {a.status === 'active' && (
                    <Popconfirm
                      title={t('manage.confirmDisable')}
                      onConfirm={() => act(a, 'disabled')}
                    >
                      <Button size="small" danger>
                        {t('manage.disable')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={t('manage.termsTitle', { name: editing?.username })}
        okText={t('manage.save')}
        confirmLoading={decide.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) =>
            editing &&
            decide.mutate({
              user_id: editing.user_id,
              status: 'active',
              rate: v.rate,
              basis: v.basis,
            })
          }
          data-testid="agent-terms-form"
        >
          <Form.Item
            name="rate"
            label={t('manage.rate')}
            extra={t('manage.rateHint')}
            rules={[{ required: true }]}
          >
            <InputNumber min={0} max={1} step={0.01} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="basis" label={t('manage.basis')}>
            <Select options={agentBases.map((b) => ({ value: b, label: t(`basis.${b}`) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
