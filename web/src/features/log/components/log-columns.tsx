import type { LogItem } from '@gateway/shared';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { QuotaDisplay } from '../../../lib/quota';
import { formatDuration, formatTime, renderCost } from '../../../lib/format';
import { logTypeColor } from '../lib/log-types';

/** What the log columns need besides the row. */
export interface LogColumnContext {
  t: TFunction<'log'>;
  admin: boolean;
  display: QuotaDisplay;
  onDetail: (item: LogItem) => void;
  /** Narrow screen: no fixed columns. */
  mobile: boolean;
}

/** Whether a log line comes from the console playground (no key, a `/pg/` path). */
const isPlayground = (l: LogItem) => !l.token_id && l.other.includes('"/pg/');

/** Columns of the usage log table. */
export function logColumns({
  t,
  admin,
  display,
  onDetail,
  mobile,
}: LogColumnContext): ColumnsType<LogItem> {
  const columns: ColumnsType<LogItem> = [
    {
      key: 'time',
      title: t('columns.time'),
      render: (_, l) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(l.created_at)}</span>,
    },
  ];
  if (admin) {
    columns.push(
      {
        key: 'channel',
        title: t('columns.channel'),
        render: (_, l) =>
          l.channel ? (
            <Tooltip title={l.channel_name}>
              <Tag>#{l.channel}</Tag>
            </Tooltip>
          ) : (
            '-'
          ),
      },
      { key: 'user', title: t('columns.user'), dataIndex: 'username' },
    );
  }
  columns.push(
    {
      key: 'token',
      title: t('columns.token'),
      render: (_, l) =>
        l.token_name || (isPlayground(l) ? <Tag color="purple">{t('playground')}</Tag> : '-'),
    },
    {
      key: 'type',
      title: t('columns.type'),
      render: (_, l) => (
        <Tag color={logTypeColor(l.type)}>
          {t(`types.${l.type}`, { defaultValue: String(l.type) })}
        </Tag>
      ),
    },
    {
      key: 'model',
      title: t('columns.model'),
      render: (_, l) =>
        l.model_name ? (
          <Typography.Text copyable={{ text: l.model_name }} style={{ whiteSpace: 'nowrap' }}>
            {l.model_name}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      key: 'timing',
      title: t('columns.timing'),
      render: (_, l) =>
        l.type === 2 || l.type === 5 ? (
          <Flex gap={4} wrap={false} style={{ whiteSpace: 'nowrap' }}>
            <Tag>{formatDuration(l.use_time)}</Tag>
            {l.frt > 0 && (
              <Tag color="geekblue">{t('frtShort', { time: formatDuration(l.frt) })}</Tag>
            )}
            <Tag color={l.is_stream ? 'blue' : 'default'}>
              {l.is_stream ? t('stream') : t('nonStream')}
            </Tag>
          </Flex>
        ) : (
          '-'
        ),
    },
    {
      key: 'prompt',
      title: t('columns.prompt'),
      align: 'right',
      render: (_, l) => l.prompt_tokens || '-',
    },
    {
      key: 'completion',
      title: t('columns.completion'),
      align: 'right',
      render: (_, l) => l.completion_tokens || '-',
    },
    {
      key: 'quota',
      title: t('columns.quota'),
      align: 'right',
      render: (_, l) =>
        l.quota ? <span data-testid="log-quota">{renderCost(l.quota, display)}</span> : '-',
    },
    {
      key: 'content',
      title: t('columns.content'),
      render: (_, l) => (
        <Typography.Text ellipsis={{ tooltip: l.content }} style={{ maxWidth: 260 }}>
          {l.content}
        </Typography.Text>
      ),
    },
    {
      key: 'detail',
      title: t('columns.detail'),
      fixed: mobile ? undefined : 'right',
      render: (_, l) => (
        <Button size="small" onClick={() => onDetail(l)} data-testid={`log-detail-${l.id}`}>
          {t('detail')}
        </Button>
      ),
    },
  );
  return columns;
}
