import type { CapacityMap, TokenItem } from '@gateway/shared';
import { Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { BudgetCell } from '../../../components/common/BudgetCell';
import { CapacityCell } from '../../../components/common/CapacityCell';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';
import { formatTime, renderCost } from '../../../lib/format';
import { groupColor } from '../../../lib/group-colors';
import { ChatClientMenu } from './ChatClientMenu';
import { TokenKeyCell } from './TokenKeyCell';
import { TokenStatusCell } from './TokenStatusCell';

/** What the key columns need besides the row. */
export interface TokenColumnContext {
  t: TFunction<'token'>;
  display: QuotaDisplay;
  chats: Array<Record<string, string>>;
  address: string;
  busyId: number | null;
  /** What capped keys use of their caps now, by id. */
  capacity?: CapacityMap;
  onToggle: (item: TokenItem, enabled: boolean) => void;
  onEdit: (item: TokenItem) => void;
  onDelete: (item: TokenItem) => void;
}

/** Columns of the key table. */
export function tokenColumns(ctx: TokenColumnContext): ColumnsType<TokenItem> {
  const { t, display } = ctx;
  const now = Date.now() / 1000;
  return [
    {
      key: 'name',
      title: t('columns.name'),
      dataIndex: 'name',
      fixed: 'left',
      render: (name: string) => <Typography.Text strong>{name || '-'}</Typography.Text>,
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, item) => (
        <TokenStatusCell
          item={item}
          busy={ctx.busyId === item.id}
          onToggle={(enabled) => ctx.onToggle(item, enabled)}
        />
      ),
    },
    {
      key: 'key',
      title: t('columns.key'),
      render: (_, item) => <TokenKeyCell id={item.id} masked={item.key} />,
    },
    {
      key: 'used',
      title: t('columns.used'),
      align: 'right',
      render: (_, item) => renderCost(item.used_quota, display),
    },
    {
      key: 'remain',
      title: t('columns.remain'),
      align: 'right',
      render: (_, item) =>
        item.unlimited_quota ? (
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {t('unlimited')}
          </Tag>
        ) : (
          renderQuota(item.remain_quota, display)
        ),
    },
    {
      key: 'group',
      title: t('columns.group'),
      render: (_, item) =>
        item.group ? (
          <Tag color={groupColor(item.group)}>{item.group}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('userGroup')}</Typography.Text>
        ),
    },
    {
      key: 'limits',
      title: t('columns.models'),
      render: (_, item) =>
        item.model_limits_enabled ? (
          <Typography.Text title={item.model_limits}>
            {t('modelCount', { count: item.model_limits.split(',').filter(Boolean).length })}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('allModels')}</Typography.Text>
        ),
    },
    {
      key: 'capacity',
      title: t('columns.capacity'),
      render: (_, item) => (
        <Flex vertical gap={2}>
          <CapacityCell
            use={ctx.capacity?.[String(item.id)]}
            maxInFlight={item.max_parallel}
            maxPerMinute={item.tpm_limit}
            unit="tokens"
            testId={`token-capacity-${item.id}`}
          />
          <BudgetCell
            period={item.budget_period}
            quota={item.budget_quota}
            used={item.budget_used}
            display={display}
            testId={`token-budget-${item.id}`}
          />
        </Flex>
      ),
    },
    {
      key: 'created',
      title: t('columns.created'),
      render: (_, item) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatTime(item.created_time)}</span>
      ),
    },
    {
      key: 'expires',
      title: t('columns.expires'),
      render: (_, item) =>
        item.expired_time === -1 ? (
          <Typography.Text type="secondary">{t('never')}</Typography.Text>
        ) : (
          <Typography.Text
            type={item.expired_time <= now ? 'danger' : undefined}
            style={{ whiteSpace: 'nowrap' }}
          >
            {formatTime(item.expired_time)}
          </Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, item) => (
        <Flex gap={4} wrap={false}>
          <ChatClientMenu id={item.id} chats={ctx.chats} address={ctx.address} />
          <Button size="small" onClick={() => ctx.onEdit(item)}>
            {t('ui.edit')}
          </Button>
          <Popconfirm
            title={t('confirmDelete', { name: item.name })}
            onConfirm={() => ctx.onDelete(item)}
          >
            <Button size="small" danger>
              {t('ui.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];
}
