import type { OrderEvent, OrderEventKind, OrderItem } from '@gateway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatTime } from '../../../lib/format';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';
import { fetchOrderEvents } from '../api';

/** Tag colours of log lines: money in green, money back in red, trouble in orange. */
const kindColor: Partial<Record<OrderEventKind, string>> = {
  credited: 'success',
  late_credited: 'warning',
  completed: 'success',
  mismatch: 'error',
  unknown_order: 'error',
  failed: 'error',
  cancel_failed: 'warning',
  refunded: 'magenta',
  refund_returned: 'cyan',
  dispute_opened: 'volcano',
  dispute_returned: 'cyan',
  dispute_lost: 'red',
};

/**
 * The log of one order (every callback, close, refund and dispute and what it did), or with
 * no order the verified callbacks that named none. Finance staff only.
 */
export function OrderEventList({
  order,
  display,
}: {
  order: OrderItem | null;
  display: QuotaDisplay;
}) {
  const { t, i18n } = useTranslation('order');
  const [paging, setPaging] = useState({ p: 1, page_size: 10 });
  const query = order ? { trade_no: order.trade_no, ...paging } : { unmatched: 'true', ...paging };
  const events = useQuery({
    queryKey: ['order-events', query],
    queryFn: () => fetchOrderEvents(query),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<OrderEvent> = [
    { title: t('events.time'), dataIndex: 'created_at', render: (s: number) => formatTime(s) },
    {
      title: t('events.kind'),
      dataIndex: 'kind',
      render: (kind: OrderEventKind) => (
        <Tag color={kindColor[kind]}>{t(`eventKinds.${kind}`)}</Tag>
      ),
    },
    {
      title: t('events.money'),
      key: 'money',
      render: (_, e) =>
        order && e.amount_minor
          ? formatMoney(e.amount_minor, order.currency, i18n.language, order.money_digits)
          : '—',
    },
    {
      title: t('events.quota'),
      dataIndex: 'quota',
      render: (q: number) => (q ? `${q > 0 ? '+' : '-'}${renderQuota(Math.abs(q), display)}` : '—'),
    },
    {
      title: t('events.detail'),
      key: 'detail',
      render: (_, e) => (
        <>
          {e.detail}
          {e.ref && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} copyable>
              {e.ref}
            </Typography.Text>
          )}
        </>
      ),
    },
  ];
  return (
    <Table<OrderEvent>
      rowKey="id"
      size="small"
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={events.data?.items ?? []}
      loading={events.isFetching}
      locale={{ emptyText: t('events.empty') }}
      pagination={{
        current: paging.p,
        pageSize: paging.page_size,
        total: events.data?.total ?? 0,
        onChange: (p, page_size) => setPaging({ p, page_size }),
      }}
      data-testid="order-events"
    />
  );
}
