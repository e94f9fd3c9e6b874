import type { CapacityMap, ChannelItem } from '@gateway/shared';
import { CopyOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import { CapacityCell } from '../../../components/common/CapacityCell';
import type { QuotaDisplay } from '../../../lib/quota';
import { renderCost } from '../../../lib/format';
import { channelTypeName, channelTypes } from '../lib/channel-types';
import { BalanceCell } from './BalanceCell';
import { ChannelStatusCell } from './ChannelStatusCell';
import { ChannelTestButton } from './ChannelTestButton';
import { InlineNumber } from './InlineNumber';
import { ResponseTimeTag } from './ResponseTimeTag';
import { TagCell, type TagAction } from './TagCell';

/** What the channel columns need besides the row. */
export interface ChannelColumnContext {
  t: TFunction<'channel'>;
  display: QuotaDisplay;
  /** Root may change channels; admins only read and test them. */
  canWrite: boolean;
  /** Narrow screen: no fixed columns. */
  mobile: boolean;
  /** Channel types the relay serves; unknown while loading (nothing is marked then). */
  served?: ReadonlySet<number>;
  /** What capped channels use of their caps now, by id. */
  capacity?: CapacityMap;
  /** Ids with an operation under way, by kind. */
  busy: { test: Set<number>; balance: Set<number>; status: Set<number> };
  onToggle: (c: ChannelItem, enabled: boolean) => void;
  onField: (c: ChannelItem, field: 'priority' | 'weight', value: number) => Promise<unknown>;
  onTest: (c: ChannelItem, model?: string) => void;
  onBalance: (c: ChannelItem) => void;
  onCopy: (c: ChannelItem) => void;
  onDelete: (c: ChannelItem) => void;
  /** Edits, enables or disables every channel with the tag. */
  onTagAction: (tag: string, action: TagAction) => void;
}

const list = (text: string) => text.split(',').filter(Boolean);

/** Columns of the channel table. */
export function channelColumns(ctx: ChannelColumnContext): ColumnsType<ChannelItem> {
  const { t, display, canWrite, busy } = ctx;
  /** Priority or weight: edited in place by root, read-only for admins. */
  const routingColumn = (field: 'priority' | 'weight', min?: number) => ({
    key: field,
    title: t(`columns.${field}`),
    render: (_: unknown, c: ChannelItem) =>
      canWrite ? (
        <InlineNumber
          value={c[field]}
          min={min}
          label={t(`columns.${field}`)}
          onSave={(v) => ctx.onField(c, field, v)}
        />
      ) : (
        c[field]
      ),
  });
  return [
    { key: 'id', title: t('columns.id'), dataIndex: 'id', width: 60 },
    {
      key: 'name',
      title: t('columns.name'),
      render: (_, c) => (
        <Flex vertical gap={2}>
          <Tooltip title={c.remark || undefined}>
            <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
              {c.name}
            </Typography.Text>
          </Tooltip>
          {c.tag && (
            <TagCell
              tag={c.tag}
              canWrite={canWrite}
              testId={`channel-tag-${c.id}`}
              onAction={(action) => ctx.onTagAction(c.tag, action)}
            />
          )}
        </Flex>
      ),
    },
    {
      key: 'type',
      title: t('columns.type'),
      render: (_, c) => (
        <Flex gap={4} wrap>
          <Tag color={channelTypes[c.type]?.color} style={{ whiteSpace: 'nowrap' }}>
            {channelTypeName(c.type)}
          </Tag>
          {ctx.served && !ctx.served.has(c.type) && (
            <Tooltip title={t('form.typeNotServed')}>
              <Tag color="error" data-testid={`channel-not-served-${c.id}`}>
                {t('form.typeNotServedTag')}
              </Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, c) => (
        <ChannelStatusCell
          channel={c}
          canWrite={canWrite}
          busy={busy.status.has(c.id)}
          onToggle={(enabled) => ctx.onToggle(c, enabled)}
        />
      ),
    },
    routingColumn('priority'),
    routingColumn('weight', 0),
    {
      key: 'capacity',
      title: t('columns.capacity'),
      render: (_, c) => (
        <CapacityCell
          use={ctx.capacity?.[String(c.id)]}
          maxInFlight={c.max_concurrency}
          maxPerMinute={c.max_rpm}
          unit="requests"
          testId={`channel-capacity-${c.id}`}
        />
      ),
    },
    {
      key: 'response',
      title: t('columns.response'),
      render: (_, c) => <ResponseTimeTag ms={c.response_time} testedAt={c.test_time} />,
    },
    {
      key: 'balance',
      title: t('columns.balance'),
      render: (_, c) => (
        <BalanceCell
          balance={c.balance}
          updatedAt={c.balance_updated_time}
          busy={busy.balance.has(c.id)}
          onRefresh={() => ctx.onBalance(c)}
        />
      ),
    },
    {
      key: 'used',
      title: t('columns.used'),
      align: 'right',
      render: (_, c) => (
        <span style={{ whiteSpace: 'nowrap' }}>{renderCost(c.used_quota, display)}</span>
      ),
    },
    {
      key: 'groups',
      title: t('columns.groups'),
      render: (_, c) => (
        <Flex wrap gap={2}>
          {list(c.group).map((g) => (
            <Tag key={g} style={{ marginInlineEnd: 0 }}>
              {g}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'models',
      title: t('columns.models'),
      render: (_, c) => (
        <Tooltip title={list(c.models).join(', ')}>
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>
            {t('modelCount', { count: list(c.models).length })}
          </Typography.Text>
        </Tooltip>
      ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: ctx.mobile ? undefined : 'right',
      render: (_, c) => (
        <Flex gap={4} wrap={false}>
          <ChannelTestButton
            models={list(c.models)}
            busy={busy.test.has(c.id)}
            onTest={(model) => ctx.onTest(c, model)}
            testId={`channel-test-${c.id}`}
          />
          {canWrite && (
            <>
              <Tooltip title={t('ui.edit')}>
                <Link to={`/channel/edit/${c.id}`} aria-label={t('ui.edit')}>
                  <Button size="small" icon={<EditOutlined />} />
                </Link>
              </Tooltip>
              <Tooltip title={t('actions.copy')}>
                <Button
                  size="small"
                  icon={<CopyOutlined />}
                  onClick={() => ctx.onCopy(c)}
                  aria-label={t('actions.copy')}
                />
              </Tooltip>
              <Popconfirm
                title={t('confirmDelete', { name: c.name })}
                onConfirm={() => ctx.onDelete(c)}
              >
                <Tooltip title={t('ui.delete')}>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('ui.delete')}
                  />
                </Tooltip>
              </Popconfirm>
            </>
          )}
        </Flex>
      ),
    },
  ];
}
