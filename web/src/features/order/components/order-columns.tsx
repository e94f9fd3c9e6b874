import type { OrderItem } from '@gateway/shared';
import { Button, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatMoney, formatTime } from '../../../lib/format';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';
import { OrderStateTags } from './OrderStateTags';

/** The columns of the order table; `staff` adds the buyer; the number opens the order. */
export function orderColumns(
  t: TFunction,
  locale: string,
  display: QuotaDisplay,
  staff: boolean,
  open: (order: OrderItem) => void,
  actions: (order: OrderItem) => ReactNode,
): ColumnsType<OrderItem> {
  const columns: ColumnsType<OrderItem> = [
    {
      title: t('columns.tradeNo'),
      dataIndex: 'trade_no',
      render: (no: string, o) => (
        <>
          <Typography.Text copyable={{ text: no }}>
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(o)}>
              {no}
            </Button>
          </Typography.Text>
          {o.gateway_trade_no && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {o.gateway_trade_no}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('columns.gateway'),
      key: 'gateway',
      render: (_, o) =>
        `${o.gateway_name || o.provider}${o.payment_type ? ` · ${o.payment_type}` : ''}`,
    },
    { title: t('columns.amount'), dataIndex: 'amount', render: (a: number) => `$${a.toFixed(2)}` },
    {
      title: t('columns.paid'),
      key: 'money',
      render: (_, o) => (
        <Tooltip
          title={
            o.discount < 1
              ? t('discount', { percent: Math.round((1 - o.discount) * 100) })
              : undefined
          }
        >
          {formatMoney(o.money_minor, o.currency, locale, o.money_digits)}
        </Tooltip>
      ),
    },
    {
      title: t('columns.credited'),
      dataIndex: 'quota',
      render: (q: number) => renderQuota(q, display),
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      render: (_: OrderItem['status'], o) => <OrderStateTags order={o} />,
    },
    { title: t('columns.created'), dataIndex: 'created_at', render: (s: number) => formatTime(s) },
    {
      title: t('columns.paidAt'),
      dataIndex: 'paid_at',
      render: (s: number) => formatTime(s) || '—',
    },
    { title: t('columns.actions'), key: 'actions', fixed: 'right', render: (_, o) => actions(o) },
  ];
  if (staff) columns.splice(1, 0, { title: t('columns.user'), dataIndex: 'user_id' });
  return columns;
}
