import { withdrawalStatuses, type WithdrawalItem } from '@gateway/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Modal, Popconfirm, Select, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/common/PagedTable';
import { RefusedButton, useStaffRefusal } from '../../../components/common/StaffAction';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';
import { fetchWithdrawals, reviewWithdrawal } from '../api';
import { withdrawalColor } from '../lib/colors';

/**
 * Withdrawal review (finance staff and above): mark paid, or reject with a reason; not offered
 * on one's own withdrawals nor on those of users of one's rank or above.
 */
export function WithdrawalReview({ display }: { display: QuotaDisplay }) {
  const { t } = useTranslation('agent');
  const client = useQueryClient();
  const [status, setStatus] = useState<WithdrawalItem['status'] | undefined>('pending');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [rejecting, setRejecting] = useState<WithdrawalItem | null>(null);
  const [reason, setReason] = useState('');
  const list = useQuery({
    queryKey: ['withdrawals', status, paging],
    queryFn: () => fetchWithdrawals(status, paging.page, paging.pageSize),
    placeholderData: keepPreviousData,
  });
  const refusalOf = useStaffRefusal();
  const review = useMutation({
    mutationFn: (v: { id: number; action: 'paid' | 'reject'; reason: string }) =>
      reviewWithdrawal(v.id, { action: v.action, reason: v.reason }),
    onSuccess: () => {
      notify.success(t('review.saved'));
      setRejecting(null);
      setReason('');
      void client.invalidateQueries({ queryKey: ['withdrawals'] });
    },
  });
  return (
    <Card
      title={t('review.title')}
      extra={
        <Select
          allowClear
          placeholder={t('review.status')}
          value={status}
          onChange={(v?: WithdrawalItem['status']) => {
            setStatus(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={withdrawalStatuses.map((s) => ({ value: s, label: t(`withdrawalStatus.${s}`) }))}
          style={{ width: 140 }}
        />
      }
      data-testid="withdrawal-review"
    >
      <PagedTable<WithdrawalItem>
        size="small"
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        paging={{ ...paging, total: list.data?.total ?? 0 }}
        onPage={(page, pageSize) => setPaging({ page, pageSize })}
        totalLabel={(count) => t('total', { count })}
        locale={{ emptyText: t('empty.withdrawals') }}
        columns={[
          {
            title: t('columns.time'),
            dataIndex: 'created_at',
            render: (s: number) => formatTime(s),
          },
          {
            title: t('columns.user'),
            key: 'user',
            render: (_, w) => `${w.username} (#${w.agent_id})`,
          },
          {
            title: t('columns.amount'),
            dataIndex: 'quota',
            render: (q: number) => renderQuota(q, display),
          },
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
          {
            title: t('columns.actions'),
            key: 'actions',
            render: (_, w) => {
              if (w.status !== 'pending') return null;
              const refused = refusalOf({ id: w.agent_id, role: w.user_role });
              if (refused) {
                return (
                  <Space size={4}>
                    <RefusedButton reason={refused} type="primary">
                      {t('review.paid')}
                    </RefusedButton>
                    <RefusedButton reason={refused} danger>
                      {t('review.reject')}
                    </RefusedButton>
                  </Space>
                );
              }
              return (
                <Space size={4}>
                  <Popconfirm
                    title={t('review.confirmPaid')}
                    onConfirm={() => review.mutateAsync({ id: w.id, action: 'paid', reason: '' })}
                  >
                    <Button size="small" type="primary">
                      {t('review.paid')}
                    </Button>
                  </Popconfirm>
                  <Button size="small" danger onClick={() => setRejecting(w)}>
                    {t('review.reject')}
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={t('review.rejectTitle')}
        okText={t('review.reject')}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        confirmLoading={review.isPending}
        onOk={() =>
          rejecting && review.mutate({ id: rejecting.id, action: 'reject', reason: reason.trim() })
        }
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Input.TextArea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={255}
          placeholder={t('review.reason')}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Modal>
    </Card>
  );
}
