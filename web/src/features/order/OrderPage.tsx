import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { hasRole, orderStatuses, Role, type OrderItem } from '@gateway/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, InputNumber, Popconfirm, Segmented, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveCsv } from '../../lib/download';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/common/PageHeader';
import { PagedTable } from '../../components/common/PagedTable';
import { RefusedButton, useStaffRefusal } from '../../components/common/StaffAction';
import { notify } from '../../lib/notify';
import { useUser } from '../../lib/user-store';
import { useSiteInfo } from '../../site/hooks/use-status';
import { closeOrder, completeOrder, fetchOrders, queryOrder } from './api';
import { OrderDrawer } from './components/OrderDrawer';
import { orderColumns } from './components/order-columns';
import { ordersCsv } from './lib/orders-csv';

type Scope = 'own' | 'all';

/** Most orders one export gathers (100 pages of 100). */
const exportPages = 100;

/**
 * `/order`: the buyer's own top-up orders (close a pending one); finance staff also see every
 * order, ask the gateway for its real state and export; administrators complete by hand.
 */
export function OrderPage() {
  const { t, i18n } = useTranslation(['order', 'layout']);
  const me = useUser();
  const { quota: display } = useSiteInfo();
  const [search] = useSearchParams();
  const refusalOf = useStaffRefusal();
  const staff = me ? hasRole(me.role, Role.finance) : false;
  const admin = me ? hasRole(me.role, Role.admin) : false;
  const [scope, setScope] = useState<Scope>('own');
  const [draft, setDraft] = useState({
    trade_no: search.get('trade_no') ?? '',
    user_id: null as number | null,
  });
  const [filter, setFilter] = useState({
    ...draft,
    status: undefined as OrderItem['status'] | undefined,
  });
  const [paging, setPaging] = useState({ p: 1, page_size: 10 });
  const [opened, setOpened] = useState<OrderItem | null>(null);
  const [unmatched, setUnmatched] = useState(false);
  const all = staff && scope === 'all';
  const query = {
    trade_no: filter.trade_no,
    status: filter.status,
    ...(all && filter.user_id ? { user_id: filter.user_id } : {}),
    ...paging,
  };
  const list = useQuery({
    queryKey: ['orders', all, query],
    queryFn: () => fetchOrders(all, query),
    placeholderData: keepPreviousData,
  });
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['orders'] });
  const close = useMutation({ mutationFn: closeOrder, onSuccess: refresh });
  const ask = useMutation({
    mutationFn: queryOrder,
    onSuccess: ({ provider_state, order }) => {
      notify.info(t(`asked.${provider_state}`, { status: t(`status.${order.status}`) }));
      void refresh();
    },
  });
  const complete = useMutation({
    mutationFn: completeOrder,
    onSuccess: () => {
      notify.success(t('completed'));
      void refresh();
    },
  });

  const exportCsv = async () => {
    const orders: OrderItem[] = [];
    for (let p = 1; p <= exportPages; p++) {
      const page = await fetchOrders(all, { ...query, p, page_size: 100 });
      orders.push(...page.items);
      if (orders.length >= page.total || page.items.length === 0) break;
    }
    const header = [
      'tradeNo',
      'gatewayTradeNo',
      'user',
      'gateway',
      'type',
      'amount',
      'paid',
      'credited',
      'status',
      'refunded',
      'disputed',
      'created',
      'paidAt',
      'note',
    ].map((k) => t(`csv.${k}`));
    saveCsv(`orders-${new Date().toISOString().slice(0, 10)}.csv`, ordersCsv(orders, header));
  };

  const columns = orderColumns(t, i18n.language, display, all, setOpened, (o) => {
    // Asking the gateway and completing by hand credit the buyer: not offered on one's own
    // orders nor on those of users of one's rank or above (the server refuses them).
    const refused = all ? refusalOf({ id: o.user_id, role: o.user_role ?? -1 }) : null;
    return (
      <Space size={4} wrap>
        {o.status === 'pending' && (o.user_id === me?.id || staff) && (
          <Popconfirm title={t('confirmClose')} onConfirm={() => close.mutateAsync(o.trade_no)}>
            <Button size="small">{t('close')}</Button>
          </Popconfirm>
        )}
        {all && o.status !== 'paid' && refused && (
          <RefusedButton reason={refused}>{t('ask')}</RefusedButton>
        )}
        {all && o.status !== 'paid' && !refused && (
          <Button
            size="small"
            loading={ask.isPending && ask.variables === o.trade_no}
            onClick={() => ask.mutate(o.trade_no)}
          >
            {t('ask')}
          </Button>
        )}
        {all && admin && o.status !== 'paid' && refused && (
          <RefusedButton reason={refused} danger>
            {t('complete')}
          </RefusedButton>
        )}
        {all && admin && o.status !== 'paid' && !refused && (
          <Popconfirm
            title={t('confirmComplete', { tradeNo: o.trade_no })}
            onConfirm={() => complete.mutateAsync(o.trade_no)}
          >
            <Button size="small" danger>
              {t('complete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    );
  });

  const apply = () => {
    setFilter((f) => ({ ...f, ...draft, trade_no: draft.trade_no.trim() }));
    setPaging((p) => ({ ...p, p: 1 }));
  };

  return (
    <>
      <PageHeader title={t('layout:nav.order')} description={t('description')} />
      <Card>
        <Flex vertical gap={16}>
          <Flex wrap gap={8} justify="space-between">
            <Flex wrap gap={8}>
              {staff && (
                <Segmented<Scope>
                  value={scope}
                  onChange={(v) => {
                    setScope(v);
                    setPaging((p) => ({ ...p, p: 1 }));
                  }}
                  options={[
                    { value: 'own', label: t('scope.own') },
                    { value: 'all', label: t('scope.all') },
                  ]}
                />
              )}
              <Input
                allowClear
                placeholder={t('filters.tradeNo')}
                value={draft.trade_no}
                onChange={(e) => setDraft({ ...draft, trade_no: e.target.value })}
                onPressEnter={apply}
                style={{ width: 240, maxWidth: '100%' }}
              />
              {all && (
                <InputNumber
                  min={1}
                  precision={0}
                  placeholder={t('filters.user')}
                  value={draft.user_id}
                  onChange={(v) => setDraft({ ...draft, user_id: v })}
                  style={{ width: 120 }}
                />
              )}
              <Select
                allowClear
                placeholder={t('filters.status')}
                value={filter.status}
                onChange={(status?: OrderItem['status']) => {
                  setFilter((f) => ({ ...f, status }));
                  setPaging((p) => ({ ...p, p: 1 }));
                }}
                options={orderStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                style={{ width: 140 }}
              />
              <Button icon={<SearchOutlined />} onClick={apply}>
                {t('search')}
              </Button>
            </Flex>
            <Flex gap={8}>
              <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
                {t('refresh')}
              </Button>
              {all && (
                <Button onClick={() => setUnmatched(true)} data-testid="unmatched-callbacks">
                  {t('unmatched')}
                </Button>
              )}
              {all && (
                <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()}>
                  {t('export')}
                </Button>
              )}
            </Flex>
          </Flex>
          <PagedTable<OrderItem>
            columns={columns}
            dataSource={list.data?.items ?? []}
            loading={list.isFetching}
            paging={{ page: paging.p, pageSize: paging.page_size, total: list.data?.total ?? 0 }}
            onPage={(p, page_size) => setPaging({ p, page_size })}
            totalLabel={(count) => t('total', { count })}
            locale={{ emptyText: t('empty') }}
            data-testid="order-table"
          />
        </Flex>
      </Card>
      <OrderDrawer
        order={opened}
        unmatched={unmatched}
        staff={staff}
        display={display}
        onClose={() => {
          setOpened(null);
          setUnmatched(false);
        }}
      />
    </>
  );
}

export default OrderPage;
