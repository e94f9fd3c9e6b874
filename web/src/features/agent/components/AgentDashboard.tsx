import type { AgentSelf, DividendItem, WithdrawalItem } from '@gateway/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, InputNumber, Modal, Statistic, Tabs, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/common/PagedTable';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { quotaToUnit, renderQuota, unitToQuota, type QuotaDisplay } from '../../../lib/quota';
import { fetchDividends, fetchInvitedUsers, fetchOwnWithdrawals, requestWithdrawal } from '../api';
import { withdrawalColor } from '../lib/colors';

/** A paged list kept in component state. */
function usePaged<T>(
  key: string,
  load: (p: number, size: number) => Promise<{ items: T[]; total: number }>,
) {
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const query = useQuery({
    queryKey: [key, paging],
    queryFn: () => load(paging.page, paging.pageSize),
    placeholderData: keepPreviousData,
  });
  return {
    rows: query.data?.items ?? [],
    loading: query.isFetching,
    paging: { ...paging, total: query.data?.total ?? 0 },
    onPage: (page: number, pageSize: number) => setPaging({ page, pageSize }),
  };
}

/** An active agent's page: totals, the users they brought, dividends and withdrawals. */
export function AgentDashboard({ self, display }: { self: AgentSelf; display: QuotaDisplay }) {
  const { t } = useTranslation('agent');
  const client = useQueryClient();
  const agent = self.agent!;
  const users = usePaged('agent-users', fetchInvitedUsers);
  const dividends = usePaged<DividendItem>('agent-dividends', fetchDividends);
  const withdrawals = usePaged<WithdrawalItem>('agent-withdrawals', fetchOwnWithdrawals);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState<number | null>(null);
  const [account, setAccount] = useState('');
  const inCurrency = display.displayInCurrency;
  const toQuota = (v: number) =>
    inCurrency ? unitToQuota(v, display.quotaPerUnit) : Math.floor(v);
  const toUnit = (q: number) => (inCurrency ? quotaToUnit(q, display.quotaPerUnit) : q);
  const withdraw = useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: () => {
      notify.success(t('withdraw.done'));
      setOpen(false);
      setAmount(null);
      void client.invalidateQueries({ queryKey: ['agent-self'] });
      void client.invalidateQueries({ queryKey: ['agent-withdrawals'] });
    },
  });
  const quota = (q: number) => renderQuota(q, display);

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex wrap gap={32} justify="space-between" align="center">
          <Flex wrap gap={32}>
            <Statistic title={t('stats.users')} value={agent.users} data-testid="agent-users" />
            <Statistic title={t('stats.consumption')} value={quota(self.users_consumption ?? 0)} />
            <Statistic title={t('stats.topup')} value={quota(self.users_topup ?? 0)} />
            <Statistic
              title={t('stats.rate')}
              value={t('stats.rateValue', {
                percent: Math.round(agent.rate * 1000) / 10,
                basis: t(`basis.${agent.basis}`),
              })}
            />
            <Statistic
              title={t('stats.dividends')}
              value={quota(agent.dividends)}
              data-testid="agent-dividends"
            />
            <Statistic title={t('stats.balance')} value={quota(self.balance)} />
          </Flex>
          <Button
            type="primary"
            disabled={self.balance < self.min_withdrawal}
            onClick={() => setOpen(true)}
            data-testid="agent-withdraw"
          >
            {t('withdraw.open')}
          </Button>
        </Flex>
      </Card>
      <Card>
        <Tabs
          items={[
            {
              key: 'users',
              label: t('tabs.users'),
              children: (
                <PagedTable
                  size="small"
                  dataSource={users.rows}
                  loading={users.loading}
                  paging={users.paging}
                  onPage={users.onPage}
                  totalLabel={(count) => t('total', { count })}
                  locale={{ emptyText: t('empty.users') }}
                  data-testid="agent-user-table"
                  columns={[
                    { title: t('columns.user'), dataIndex: 'username' },
                    {
                      title: t('columns.joined'),
                      dataIndex: 'created_at',
                      render: (s: number) => formatTime(s),
                    },
                    { title: t('columns.consumption'), dataIndex: 'used_quota', render: quota },
                    { title: t('columns.topup'), dataIndex: 'topup_quota', render: quota },
                  ]}
                />
              ),
            },
            {
              key: 'dividends',
              label: t('tabs.dividends'),
              children: (
                <PagedTable<DividendItem>
                  size="small"
                  dataSource={dividends.rows}
                  loading={dividends.loading}
                  paging={dividends.paging}
                  onPage={dividends.onPage}
                  totalLabel={(count) => t('total', { count })}
                  locale={{ emptyText: t('empty.dividends') }}
                  data-testid="agent-dividend-table"
                  columns={[
                    { title: t('columns.day'), dataIndex: 'period' },
                    {
                      title: t('columns.basis'),
                      key: 'basis',
                      render: (_, d) => `${t(`basis.${d.basis}`)}: ${quota(d.base_quota)}`,
                    },
                    {
                      title: t('columns.rate'),
                      dataIndex: 'rate',
                      render: (r: number) => `${Math.round(r * 1000) / 10}%`,
                    },
                    { title: t('columns.dividend'), dataIndex: 'quota', render: quota },
                  ]}
                />
              ),
            },
            {
              key: 'withdrawals',
              label: t('tabs.withdrawals'),
              children: (
                <PagedTable<WithdrawalItem>
                  size="small"
                  dataSource={withdrawals.rows}
                  loading={withdrawals.loading}
                  paging={withdrawals.paging}
                  onPage={withdrawals.onPage}
                  totalLabel={(count) => t('total', { count })}
                  locale={{ emptyText: t('empty.withdrawals') }}
                  columns={[
                    {
                      title: t('columns.time'),
                      dataIndex: 'created_at',
                      render: (s: number) => formatTime(s),
                    },
                    { title: t('columns.amount'), dataIndex: 'quota', render: quota },
                    { title: t('columns.account'), dataIndex: 'account', ellipsis: true },
                    {
                      title: t('columns.status'),
                      dataIndex: 'status',
                      render: (s: WithdrawalItem['status'], w) => (
                        <Tooltip title={w.reason || undefined}>
                          <Tag color={withdrawalColor[s]}>{t(`withdrawalStatus.${s}`)}</Tag>
                        </Tooltip>
                      ),
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={open}
        title={t('withdraw.title')}
        okText={t('withdraw.submit')}
        okButtonProps={{ disabled: !amount || !account.trim() }}
        confirmLoading={withdraw.isPending}
        onOk={() => amount && withdraw.mutate({ quota: toQuota(amount), account: account.trim() })}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <span>
            {t('withdraw.hint', { balance: quota(self.balance), min: quota(self.min_withdrawal) })}
          </span>
          <InputNumber
            min={toUnit(self.min_withdrawal)}
            max={toUnit(self.balance)}
            precision={inCurrency ? 2 : 0}
            prefix={inCurrency ? '$' : undefined}
            value={amount}
            onChange={setAmount}
            placeholder={t('withdraw.amount')}
            style={{ width: '100%' }}
          />
          <Input
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            maxLength={255}
            placeholder={t('withdraw.account')}
          />
        </Flex>
      </Modal>
    </Flex>
  );
}
