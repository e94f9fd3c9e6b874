import type { LedgerEntry } from '@gateway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/common/PagedTable';
import { formatTime } from '../../../lib/format';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';
import { fetchRebates } from '../api';

/** Own rebate records: invitation rewards earned and transfers into the quota. */
export function RebateRecords({ display }: { display: QuotaDisplay }) {
  const { t } = useTranslation('growth');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const rows = useQuery({
    queryKey: ['rebates', paging],
    queryFn: () => fetchRebates(paging.page, paging.pageSize),
    placeholderData: keepPreviousData,
  });
  const what = (row: LedgerEntry) => {
    switch (row.reason) {
      case 'inviter_reward':
        return t('rebates.reward', { user: row.ref });
      case 'aff_transfer':
        return t('rebates.transfer');
      case 'agent_dividend':
        return t('rebates.dividend', { day: row.ref.split(':').at(-1) });
      case 'withdrawal_hold':
        return t('rebates.withdrawal');
      case 'withdrawal_return':
        return t('rebates.withdrawalReturn');
      default:
        return t('rebates.other');
    }
  };
  return (
    <Card title={t('rebates.title')}>
      <PagedTable<LedgerEntry>
        size="small"
        columns={[
          {
            title: t('rebates.time'),
            dataIndex: 'created_at',
            render: (s: number) => formatTime(s),
          },
          { title: t('rebates.detail'), key: 'detail', render: (_, row) => what(row) },
          {
            title: t('rebates.amount'),
            dataIndex: 'delta',
            render: (q: number) => (
              <Typography.Text type={q < 0 ? 'secondary' : 'success'}>
                {q < 0 ? '−' : '+'}
                {renderQuota(Math.abs(q), display)}
              </Typography.Text>
            ),
          },
          {
            title: t('rebates.balance'),
            dataIndex: 'balance_after',
            render: (q: number) => renderQuota(q, display),
          },
        ]}
        dataSource={(rows.data?.items ?? []).filter((r) => r.reason !== 'opening' || r.delta !== 0)}
        loading={rows.isFetching}
        paging={{ ...paging, total: rows.data?.total ?? 0 }}
        onPage={(page, pageSize) => setPaging({ page, pageSize })}
        totalLabel={(count) => t('rebates.total', { count })}
        locale={{ emptyText: t('rebates.empty') }}
        data-testid="rebate-table"
      />
    </Card>
  );
}
