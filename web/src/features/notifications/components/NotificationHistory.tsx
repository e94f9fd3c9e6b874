import type { NotificationItem } from '@gateway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/common/PagedTable';
import { formatTime } from '../../../lib/format';
import { fetchNotificationHistory } from '../api';

const statusColor: Record<NotificationItem['status'], string> = {
  pending: 'processing',
  sent: 'success',
  failed: 'error',
};

/** What was sent to the user, and what could not be (with the reason). */
export function NotificationHistory() {
  const { t } = useTranslation('notifications');
  const [paging, setPaging] = useState({ page: 1, pageSize: 5 });
  const rows = useQuery({
    queryKey: ['notification-history', paging],
    queryFn: () => fetchNotificationHistory(paging.page, paging.pageSize),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('history.title')}
      </Typography.Title>
      <PagedTable<NotificationItem>
        size="small"
        columns={[
          {
            title: t('history.time'),
            dataIndex: 'created_at',
            render: (s: number) => formatTime(s),
          },
          {
            title: t('history.event'),
            dataIndex: 'event',
            render: (e: string) => t(`events.${e}`, { defaultValue: e }),
          },
          {
            title: t('history.method'),
            dataIndex: 'method',
            render: (m: string) => t(`methods.${m}`),
          },
          { title: t('history.subject'), dataIndex: 'title', ellipsis: true },
          {
            title: t('history.status'),
            dataIndex: 'status',
            render: (s: NotificationItem['status'], n) => (
              <Tooltip
                title={n.last_error ? t('history.error', { error: n.last_error }) : undefined}
              >
                <Tag color={statusColor[s]}>{t(`history.states.${s}`)}</Tag>
              </Tooltip>
            ),
          },
        ]}
        dataSource={rows.data?.items ?? []}
        loading={rows.isFetching}
        paging={{ ...paging, total: rows.data?.total ?? 0 }}
        onPage={(page, pageSize) => setPaging({ page, pageSize })}
        totalLabel={(count) => t('history.total', { count })}
        locale={{ emptyText: t('history.empty') }}
        data-testid="notification-history"
      />
    </>
  );
}
