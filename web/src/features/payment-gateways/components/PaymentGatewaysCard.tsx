import { PlusOutlined } from '@ant-design/icons';
import type { PaymentGateway, SavePaymentGatewayRequest } from '@gateway/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { deleteGateway, fetchGateways, saveGateway } from '../api';
import { GatewayDialog } from './GatewayDialog';

/** Root's payment gateways: what buyers can pay with on `/topup`, at what fees and rate. */
export function PaymentGatewaysCard() {
  const { t } = useTranslation('payment');
  const client = useQueryClient();
  const gateways = useQuery({ queryKey: ['payment-gateways'], queryFn: fetchGateways });
  const [editing, setEditing] = useState<PaymentGateway | undefined>();
  const [open, setOpen] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: ['payment-gateways'] });
  const save = useMutation({
    mutationFn: (body: SavePaymentGatewayRequest) => saveGateway(body),
    onSuccess: () => {
      notify.success(t('saved'));
      setOpen(false);
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: deleteGateway, onSuccess: refresh });
  const toggle = (g: PaymentGateway, enabled: boolean) =>
    save.mutate({ ...g, enabled, config: { ...g.config, key: '' } });

  return (
    <Card
      title={t('title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(undefined);
            setOpen(true);
          }}
        >
          {t('add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('description')}</Typography.Paragraph>
      <Table<PaymentGateway>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        pagination={false}
        loading={gateways.isFetching}
        dataSource={gateways.data ?? []}
        locale={{ emptyText: t('empty') }}
        data-testid="gateway-table"
        columns={[
          { title: t('fields.name'), dataIndex: 'name' },
          {
            title: t('fields.provider'),
            key: 'provider',
            render: (_, g) => (
              <Tag>{`${g.provider}${g.payment_type ? ` · ${g.payment_type}` : ''}`}</Tag>
            ),
          },
          {
            title: t('fields.currencyRate'),
            key: 'rate',
            render: (_, g) => `1 USD = ${g.currency_rate} ${g.currency}`,
          },
          {
            title: t('columns.fees'),
            key: 'fees',
            render: (_, g) => `$${g.fixed_fee} + ${Math.round(g.percent_fee * 10_000) / 100}%`,
          },
          {
            title: t('fields.enabled'),
            key: 'enabled',
            render: (_, g) => (
              <Switch size="small" checked={g.enabled} onChange={(on) => toggle(g, on)} />
            ),
          },
          {
            title: t('columns.actions'),
            key: 'actions',
            render: (_, g) => (
              <Space size={4}>
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(g);
                    setOpen(true);
                  }}
                >
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('confirmDelete', { name: g.name })}
                  onConfirm={() => remove.mutateAsync(g.id)}
                >
                  <Button size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <GatewayDialog
        open={open}
        item={editing}
        saving={save.isPending}
        onCancel={() => setOpen(false)}
        onSubmit={(body) => save.mutate(body)}
      />
    </Card>
  );
}
