import type { Page, UserListItem } from '@gateway/shared';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useSiteInfo } from '../../../site/hooks/use-status';
import { userColumns } from './user-columns';

/** The paginated user table. */
export function UsersTable({
  data,
  loading,
  onPage,
  actions,
}: {
  data?: Page<UserListItem>;
  loading: boolean;
  onPage: (page: number, pageSize: number) => void;
  actions?: (user: UserListItem) => ReactNode;
}) {
  const { t } = useTranslation('users');
  const { quota } = useSiteInfo();
  return (
    <Table<UserListItem>
      rowKey="id"
      columns={userColumns(t, quota, actions)}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: data?.page ?? 1,
        pageSize: data?.page_size ?? 10,
        total: data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('table.total', { total }),
        onChange: onPage,
      }}
      data-testid="users-table"
    />
  );
}
