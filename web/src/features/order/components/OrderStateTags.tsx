import type { OrderItem } from '@gateway/shared';
import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const statusColor: Record<OrderItem['status'], string> = {
  pending: 'gold',
  paid: 'success',
  closed: 'default',
  failed: 'error',
};

/** An order's state, with its note on hover, and whether money went back since it was paid. */
export function OrderStateTags({ order }: { order: OrderItem }) {
  const { t } = useTranslation('order');
  const refund =
    order.refunded_minor <= 0
      ? null
      : order.refunded_minor >= order.money_minor
        ? 'refunded'
        : 'partlyRefunded';
  return (
    <Flex gap={4} wrap>
      <Tooltip title={order.note || undefined}>
        <Tag color={statusColor[order.status]}>{t(`status.${order.status}`)}</Tag>
      </Tooltip>
      {refund && <Tag color="magenta">{t(`reversal.${refund}`)}</Tag>}
      {order.dispute_status && (
        <Tag color={order.dispute_status === 'won' ? 'cyan' : 'volcano'}>
          {t(`dispute.${order.dispute_status}`)}
        </Tag>
      )}
    </Flex>
  );
}
