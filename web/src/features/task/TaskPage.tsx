import { Role, hasRole, type TaskItem, type TaskResult } from '@gateway/shared';
import { Button, Card, Flex, Image, Modal, Progress, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
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
import { fetchTasks } from './api';
import { resultGroups, taskActions, taskPlatforms, taskStatuses } from './lib/task-labels';

/** One result file: a video player, an image preview, or an audio player with its cover. */
function ResultFile({ result }: { result: TaskResult }) {
  const { t } = useTranslation('tasks');
  if (result.kind === 'video') {
    return (
      <video
        src={result.url}
        controls
        preload="none"
        style={{ width: 220, maxWidth: '100%', borderRadius: 4 }}
        data-testid="task-video"
      />
    );
  }
  if (result.kind === 'image') {
    return (
      <Image
        src={result.url}
        width={64}
        height={64}
        style={{ objectFit: 'cover', borderRadius: 4 }}
        alt={result.title}
        data-testid="task-image"
      />
    );
  }
  return (
    <Flex gap={6} align="center">
      {result.text && (
        <Image
          src={result.text}
          width={32}
          height={32}
          style={{ borderRadius: 4, objectFit: 'cover' }}
          alt=""
        />
      )}
      <Flex vertical gap={2}>
        <Typography.Text style={{ fontSize: 12 }}>{result.title || t('untitled')}</Typography.Text>
        <audio
          src={result.url}
          controls
          preload="none"
          style={{ width: 200, height: 32 }}
          data-testid="task-audio"
        />
      </Flex>
    </Flex>
  );
}

/** The results of a task: its files (several clips for a song), and lyrics in a dialog. */
function Results({ task }: { task: TaskItem }) {
  const { t } = useTranslation('tasks');
  const [lyrics, setLyrics] = useState<TaskResult | null>(null);
  const { media, texts } = resultGroups(task);
  if (media.length === 0 && texts.length === 0) return null;
  return (
    <Flex vertical gap={6} style={{ minWidth: 220 }}>
      {media.map((r, i) => (
        <ResultFile key={i} result={r} />
      ))}
      {texts.length > 0 && (
        <Flex gap={6} wrap>
          {texts.map((r, i) => (
            <Button key={i} size="small" onClick={() => setLyrics(r)} data-testid="task-lyrics">
              {t('showLyrics')}
            </Button>
          ))}
        </Flex>
      )}
      <Modal
        open={lyrics !== null}
        footer={null}
        onCancel={() => setLyrics(null)}
        title={lyrics?.title || t('lyrics')}
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
          {lyrics?.text}
        </Typography.Paragraph>
      </Modal>
    </Flex>
  );
}

/** /task: music and video tasks, the caller's own (admins: everyone's), with players. */
export function TaskPage() {
  const { t } = useTranslation('tasks');
  const user = useUser();
  const admin = hasRole(user?.role ?? 0, Role.admin);
  const mobile = useIsMobile();
  const { quota } = useSiteInfo();
  const list = useTaskList('tasks', admin, 'task_id', fetchTasks);
  const actionLabel = (action: string) =>
    taskActions.includes(action) ? t(`taskActions.${action}`) : action;

  const columns: ColumnsType<TaskItem> = [
    { title: t('columns.submitted'), key: 'submit', render: (_, d) => formatTime(d.submit_time) },
    ...(admin
      ? [
          { title: t('columns.channel'), dataIndex: 'channel_id', key: 'channel' },
          { title: t('columns.user'), dataIndex: 'username', key: 'user' },
        ]
      : []),
    {
      title: t('columns.id'),
      dataIndex: 'task_id',
      key: 'id',
      render: (id: string) => (
        <Typography.Text copyable={{ text: id }} style={{ maxWidth: 160 }} ellipsis>
          {id}
        </Typography.Text>
      ),
    },
    {
      title: t('columns.platform'),
      key: 'platform',
      render: (_, d) => (
        <Tag color={taskPlatforms[d.platform] ?? 'default'}>
          {t(`platforms.${d.platform}`, { defaultValue: d.platform })}
        </Tag>
      ),
    },
    {
      title: t('columns.type'),
      key: 'action',
      render: (_, d) => <Tag>{actionLabel(d.action)}</Tag>,
    },
    { title: t('columns.model'), dataIndex: 'model', key: 'model' },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_, d) => (
        <Tag color={taskStatuses[d.status] ?? 'default'} data-testid="task-status">
          {t(`taskStatus.${d.status || 'submitting'}`, { defaultValue: d.status })}
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
        const seconds = secondsSpent(d, 's', list.now);
        return seconds === null ? '' : t('seconds', { count: seconds });
      },
    },
    { title: t('columns.result'), key: 'results', render: (_, d) => <Results task={d} /> },
    {
      title: t('columns.prompt'),
      key: 'prompt',
      render: (_, d) => (
        <Typography.Paragraph
          ellipsis={{ rows: 2, tooltip: d.prompt }}
          style={{ maxWidth: 240, margin: 0 }}
        >
          {d.prompt || '—'}
        </Typography.Paragraph>
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
      <PageHeader title={t('taskTitle')} description={t('taskDescription')} />
      <Card styles={{ body: { padding: mobile ? 12 : undefined } }}>
        <Flex vertical gap={12}>
          <TaskFilterBar
            admin={admin}
            statuses={Object.keys(taskStatuses)
              .filter(Boolean)
              .map((s) => ({ value: s, label: t(`taskStatus.${s}`) }))}
            actions={taskActions.map((a) => ({ value: a, label: t(`taskActions.${a}`) }))}
            platforms={Object.keys(taskPlatforms).map((p) => ({
              value: p,
              label: t(`platforms.${p}`),
            }))}
            onSearch={list.search}
          />
          <PagedTable<TaskItem>
            data-testid="task-table"
            columns={columns}
            dataSource={list.items}
            loading={list.loading}
            size={mobile ? 'small' : 'middle'}
            paging={{ ...list.paging, total: list.total }}
            onPage={list.setPaging}
            totalLabel={(count) => t('total', { count })}
            locale={{ emptyText: t('emptyTasks') }}
          />
        </Flex>
      </Card>
    </>
  );
}

export default TaskPage;
