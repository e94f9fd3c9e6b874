import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { defaultLevelName, type LevelItem } from '@gateway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { levelColor } from '../../../lib/group-colors';
import { notify } from '../../../lib/notify';
import { deleteLevel } from '../api';
import { useLevels } from '../hooks/use-levels';
import { LevelDialog } from './LevelDialog';

/** Level management in `/setting`: discounts, limits, groups and upgrade rules per level. */
export function LevelsCard() {
  const { t } = useTranslation('levels');
  const levels = useLevels();
  const client = useQueryClient();
  const [editing, setEditing] = useState<LevelItem | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: deleteLevel,
    onSuccess: () => {
      notify.success(t('deleted'));
      void client.invalidateQueries({ queryKey: ['levels'] });
    },
  });
  return (
    <Card
      title={t('title')}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="level-add">
          {t('add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Table<LevelItem>
        rowKey="id"
        size="small"
        pagination={false}
        loading={levels.isFetching}
        dataSource={levels.data ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="level-table"
        columns={[
          {
            title: t('columns.name'),
            dataIndex: 'name',
            render: (name: string, l) => <Tag color={levelColor(l.priority)}>{name}</Tag>,
          },
          { title: t('columns.priority'), dataIndex: 'priority' },
          {
            title: t('columns.discount'),
            key: 'discount',
            render: (_, l) =>
              t('discountValue', {
                group: l.group_discount,
                extra: l.extra_discount,
                final: l.final_discount,
              }),
          },
          {
            title: t('columns.groups'),
            dataIndex: 'groups',
            render: (groups: string[]) => (groups.length ? groups.join(', ') : t('allGroups')),
          },
          {
            title: t('columns.upgrade'),
            dataIndex: 'auto_upgrade',
            render: (on: boolean) => (on ? t('auto') : t('manual')),
          },
          { title: t('columns.users'), dataIndex: 'users' },
          {
            title: t('columns.actions'),
            key: 'actions',
            render: (_, l) => (
              <Space size={4}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing(l)}
                  data-testid={`level-edit-${l.name}`}
                >
                  {t('edit')}
                </Button>
                {l.name !== defaultLevelName && (
                  <Popconfirm
                    title={t('confirmDelete', { name: l.name })}
                    onConfirm={() => remove.mutateAsync(l.id)}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />}>
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <LevelDialog
        level={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void client.invalidateQueries({ queryKey: ['levels'] });
          void client.invalidateQueries({ queryKey: ['self'] });
        }}
      />
    </Card>
  );
}
