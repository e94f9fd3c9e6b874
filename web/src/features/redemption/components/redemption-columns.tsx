import type { RedemptionItem } from '@gateway/shared';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatTime } from '../../../lib/format';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';
import { redemptionState, type RedemptionState } from '../lib/redemption-view';

const stateColor: Record<RedemptionState, string> = {
  unused: 'success',
  disabled: 'default',
  used: 'blue',
  expired: 'warning',
};

/** The columns of the code table; the last one holds the row's actions. */
export function redemptionColumns(
  t: TFunction,
  display: QuotaDisplay,
  now: number,
  actions: (item: RedemptionItem) => ReactNode,
): ColumnsType<RedemptionItem> {
  const time = (seconds: number) => (seconds > 0 ? formatTime(seconds) : '—');
  return [
    { title: t('columns.id'), dataIndex: 'id', width: 72 },
    { title: t('columns.name'), dataIndex: 'name' },
    {
      title: t('columns.key'),
      dataIndex: 'key',
      render: (key: string) => (
        <Typography.Text code copyable={{ text: key }}>
          {`${key.slice(0, 8)}…${key.slice(-4)}`}
        </Typography.Text>
      ),
    },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_, item) => {
        const state = redemptionState(item, now);
        return <Tag color={stateColor[state]}>{t(`state.${state}`)}</Tag>;
      },
    },
    {
      title: t('columns.quota'),
      dataIndex: 'quota',
      render: (quota: number) => renderQuota(quota, display),
    },
    { title: t('columns.created'), dataIndex: 'created_time', render: time },
    {
      title: t('columns.expires'),
      dataIndex: 'expired_time',
      render: (seconds: number) => (seconds > 0 ? formatTime(seconds) : t('never')),
    },
    { title: t('columns.redeemed'), dataIndex: 'redeemed_time', render: time },
    {
      title: t('columns.redeemer'),
      dataIndex: 'used_user_id',
      render: (id: number) => (id > 0 ? id : '—'),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, item) => actions(item),
    },
  ];
}
