import type { LogItem } from '@gateway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/common/PagedTable';
import { formatTime } from '../../../lib/format';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';
import { fetchRechargeRecords } from '../api';

/** Own recharge records (redeemed codes, gifts, credits), newest first. */
export function RechargeRecords({ display }: { display: QuotaDisplay }) {
  const { t } = useTranslation('topup');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const records = useQuery({
    queryKey: ['recharge-records', paging],
    queryFn: () => fetchRechargeRecords(paging.page, paging.pageSize),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title={t('records.title')}>
      <PagedTable<LogItem>
        size="small"
        columns={[
          {
            title: t('records.time'),
            dataIndex: 'created_at',
            render: (s: number) => formatTime(s),
          },
          { title: t('records.detail'), dataIndex: 'content' },
          {
            title: t('records.amount'),
            dataIndex: 'quota',
            render: (q: number) => renderQuota(q, display),
          },
        ]}
        dataSource={records.data?.items ?? []}
        loading={records.isFetching}
        paging={{ ...paging, total: records.data?.total ?? 0 }}
        onPage={(page, pageSize) => setPaging({ page, pageSize })}
        totalLabel={(count) => t('records.total', { count })}
        locale={{ emptyText: t('records.empty') }}
      />
    </Card>
  );
}
