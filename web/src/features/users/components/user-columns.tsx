import type { UserListItem } from '@gateway/shared';
import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { RoleTag } from '../../../components/common/RoleTag';
import { UserStatusTag } from '../../../components/common/StatusTag';
import { renderNumber, renderQuota, type QuotaDisplay } from '../../../lib/quota';

/** The columns of the user table; `actions` renders the last column when given. */
export function userColumns(
  t: TFunction,
  quota: QuotaDisplay,
  actions?: (user: UserListItem) => ReactNode,
): ColumnsType<UserListItem> {
  const columns: ColumnsType<UserListItem> = [
    { title: t('columns.id'), dataIndex: 'id', width: 72 },
    {
      title: t('columns.user'),
      key: 'user',
      render: (_, u) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{u.username}</Typography.Text>
          {u.display_name && u.display_name !== u.username && (
            <Typography.Text type="secondary">{u.display_name}</Typography.Text>
          )}
          {u.remark && (
            <Tooltip title={t('columns.remark')}>
              <Typography.Text type="secondary" italic>
                {u.remark}
              </Typography.Text>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t('columns.group'), dataIndex: 'group', render: (g: string) => <Tag>{g}</Tag> },
    {
      title: t('columns.quota'),
      key: 'quota',
      render: (_, u) => (
        <Space orientation="vertical" size={0}>
          <Tooltip title={t('columns.remaining')}>
            <Tag color="success">{renderQuota(u.quota, quota)}</Tag>
          </Tooltip>
          <Tooltip title={t('columns.used')}>
            <Tag>{renderQuota(u.used_quota, quota)}</Tag>
          </Tooltip>
          <Tooltip title={t('columns.recharged')}>
            <Tag color="blue">{renderQuota(u.topup_quota, quota)}</Tag>
          </Tooltip>
        </Space>
      ),
    },
    {
      title: t('columns.requests'),
      dataIndex: 'request_count',
      render: (n: number) => renderNumber(n),
    },
    {
      title: t('columns.role'),
      dataIndex: 'role',
      render: (role: number) => <RoleTag role={role} />,
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      render: (s: number) => <UserStatusTag status={s} />,
    },
  ];
  if (actions)
    columns.push({
      title: t('columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, u) => actions(u),
    });
  return columns;
}
