import type { OrderItem } from '@gateway/shared';
import { Descriptions, Drawer, Flex, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatTime } from '../../../lib/format';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';
import { useIsMobile } from '../../../lib/use-media';
import { OrderEventList } from './OrderEventList';
import { OrderStateTags } from './OrderStateTags';

/**
 * One order in full: what was paid and credited, what was refunded or disputed since, its
 * note; finance staff also read its log. With `unmatched`, the callbacks that named no order.
 */
export function OrderDrawer({
  order,
  unmatched,
  staff,
  display,
  onClose,
}: {
  order: OrderItem | null;
  unmatched: boolean;
  staff: boolean;
  display: QuotaDisplay;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('order');
  const mobile = useIsMobile();
  const money = (minor: number) =>
    order ? formatMoney(minor, order.currency, i18n.language, order.money_digits) : '';
  const items: DescriptionsProps['items'] = [];
  if (order) {
    const add = (key: string, children: React.ReactNode) =>
      items.push({ key, label: t(`drawer.${key}`), children });
    add('tradeNo', <Typography.Text copyable>{order.trade_no}</Typography.Text>);
    if (order.gateway_trade_no) add('gatewayTradeNo', order.gateway_trade_no);
    add(
      'gateway',
      `${order.gateway_name || order.provider}${order.payment_type ? ` · ${order.payment_type}` : ''}`,
    );
    add('state', <OrderStateTags order={order} />);
    add('amount', `$${order.amount.toFixed(2)}`);
    add('paid', money(order.money_minor));
    add('credited', renderQuota(order.quota, display));
    if (order.refunded_minor > 0) add('refunded', money(order.refunded_minor));
    if (order.disputed_minor > 0 || order.dispute_status) {
      add(
        'disputed',
        `${money(order.disputed_minor)}${order.dispute_status ? ` · ${t(`dispute.${order.dispute_status}`)}` : ''}`,
      );
    }
    add('created', formatTime(order.created_at));
    if (order.paid_at) add('paidAt', formatTime(order.paid_at));
    if (order.closed_at) add('closedAt', formatTime(order.closed_at));
    if (order.note) add('note', order.note);
  }
  return (
    <Drawer
      open={order !== null || unmatched}
      onClose={onClose}
      size={mobile ? '100%' : 720}
      title={order ? t('drawer.title', { tradeNo: order.trade_no }) : t('drawer.unmatched')}
      destroyOnHidden
      data-testid="order-drawer"
    >
      <Flex vertical gap={16}>
        {order && <Descriptions column={1} size="small" bordered items={items} />}
        {unmatched && (
          <Typography.Paragraph type="secondary">{t('drawer.unmatchedHelp')}</Typography.Paragraph>
        )}
        {staff && (
          <>
            {order && <Typography.Title level={5}>{t('drawer.log')}</Typography.Title>}
            <OrderEventList order={order} display={display} />
          </>
        )}
      </Flex>
    </Drawer>
  );
}
