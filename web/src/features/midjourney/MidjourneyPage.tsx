import { Role, hasRole, type DrawingItem } from '@gateway/shared';
import { Card, Flex, Image, Progress, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { PagedTable } from '../../components/common/PagedTable';
import { TaskFilterBar } from '../../components/tasks/TaskFilterBar';
import { useTaskList } from '../../components/tasks/use-task-list';
import { formatTime } from '../../lib/format';
import { renderQuota } from '../../lib/quota';
import { percentOf, secondsSpent } from '../../lib/task-format';
import { useIsMobile } from '../../lib/use-media';
import { useUser } from '../../lib/user-store';
import { useSiteInfo } from '../../site/hooks/use-status';
import { fetchDrawings } from './api';
import { actionColor, drawingActions, drawingStatuses, submitCodeKey } from './lib/drawing-labels';

/** /midjourney: the drawing log, the caller's own (admins: everyone's), with previews. */
export function MidjourneyPage() {
  const { t } = useTranslation('tasks');
  const user = useUser();
  const admin = hasRole(user?.role ?? 0, Role.admin);
  const mobile = useIsMobile();
  const { quota } = useSiteInfo();
  const list = useTaskList('drawings', admin, 'mj_id', fetchDrawings);
  const actionLabel = (action: string) =>
    (drawingActions as readonly string[]).includes(action) ? t(`mjActions.${action}`) : action;

  const columns: ColumnsType<DrawingItem> = [
    {
      title: t('columns.submitted'),
      key: 'submit',
      render: (_, d) => formatTime(Math.floor(d.submit_time / 1000)),
    },
    ...(admin
      ? [
          { title: t('columns.channel'), dataIndex: 'channel_id', key: 'channel' },
          { title: t('columns.user'), dataIndex: 'username', key: 'user' },
        ]
      : []),
    {
      title: t('columns.id'),
      dataIndex: 'mj_id',
      key: 'id',
      render: (id: string) => (
        <Typography.Text copyable={{ text: id }} style={{ whiteSpace: 'nowrap' }}>
          {id}
        </Typography.Text>
      ),
    },
    {
      title: t('columns.type'),
      key: 'action',
      render: (_, d) => <Tag color={actionColor(d.action)}>{actionLabel(d.action)}</Tag>,
    },
    {
      title: t('columns.submitResult'),
      key: 'code',
      render: (_, d) => {
        const key = submitCodeKey(d.code);
        return <Tag>{key === 'codes.refused' ? t(key, { code: d.code }) : t(key)}</Tag>;
      },
    },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_, d) => (
        <Tag color={drawingStatuses[d.status] ?? 'default'} data-testid="drawing-status">
          {t(`mjStatus.${d.status || 'submitting'}`, { defaultValue: d.status })}
        </Tag>
      ),
    },
    {
      title: t('columns.progress'),
      key: 'progress',
      render: (_, d) => (
        <div style={{ width: 120 }}>
          <Progress
            percent={percentOf(d.progress)}
            size="small"
            status={d.status === 'FAILURE' ? 'exception' : undefined}
          />
        </div>
      ),
    },
    {
      title: t('columns.timeSpent'),
      key: 'spent',
      render: (_, d) => {
        const seconds = secondsSpent(d, 'ms', list.now);
        return seconds === null ? '' : t('seconds', { count: seconds });
      },
    },
    {
      title: t('columns.result'),
      key: 'image',
      render: (_, d) => (
        <Flex gap={6} align="center">
          {d.image_url && (
            <Image
              src={d.image_url}
              width={56}
              height={56}
              style={{ objectFit: 'cover', borderRadius: 4 }}
              alt={d.prompt}
              data-testid="drawing-image"
            />
          )}
          {d.video_url && (
            <Typography.Link href={d.video_url} target="_blank" rel="noreferrer">
              {t('viewVideo')}
            </Typography.Link>
          )}
        </Flex>
      ),
    },
    {
      title: t('columns.prompt'),
      key: 'prompt',
      render: (_, d) => (
        <Flex vertical gap={2} style={{ maxWidth: 260 }}>
          <Typography.Paragraph
            ellipsis={{ rows: 2, tooltip: d.prompt || d.final_prompt }}
            style={{ margin: 0 }}
          >
            {d.prompt || d.final_prompt || '—'}
          </Typography.Paragraph>
          {d.prompt && d.final_prompt && (
            <Typography.Paragraph
              type="secondary"
              ellipsis={{ rows: 2, tooltip: d.final_prompt }}
              style={{ margin: 0, whiteSpace: 'pre-line' }}
            >
              {d.final_prompt}
            </Typography.Paragraph>
          )}
        </Flex>
      ),
    },
    {
      title: t('columns.failReason'),
      key: 'fail',
      render: (_, d) =>
        d.fail_reason ? (
          <Typography.Text
            type="danger"
            style={{ maxWidth: 220 }}
            ellipsis={{ tooltip: d.fail_reason }}
          >
            {d.fail_reason}
          </Typography.Text>
        ) : null,
    },
    {
      title: t('columns.quota'),
      key: 'quota',
      render: (_, d) => (
        <Flex gap={4} wrap>
          <span>{renderQuota(d.quota, quota)}</span>
          {d.refunded && <Tag color="green">{t('refunded')}</Tag>}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('drawingTitle')} description={t('drawingDescription')} />
      <Card styles={{ body: { padding: mobile ? 12 : undefined } }}>
        <Flex vertical gap={12}>
          <TaskFilterBar
            admin={admin}
            statuses={Object.keys(drawingStatuses)
              .filter(Boolean)
              .map((s) => ({ value: s, label: t(`mjStatus.${s}`) }))}
            actions={drawingActions.map((a) => ({ value: a, label: t(`mjActions.${a}`) }))}
            onSearch={list.search}
          />
          <PagedTable<DrawingItem>
            data-testid="drawing-table"
            columns={columns}
            dataSource={list.items}
            loading={list.loading}
            size={mobile ? 'small' : 'middle'}
            paging={{ ...list.paging, total: list.total }}
            onPage={list.setPaging}
            totalLabel={(count) => t('total', { count })}
            locale={{ emptyText: t('emptyDrawings') }}
          />
        </Flex>
      </Card>
    </>
  );
}

export default MidjourneyPage;
