import type { Page, UserListItem } from '@gateway/shared';
import { PagedTable } from '../../../components/common/PagedTable';
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
    <PagedTable<UserListItem>
      columns={userColumns(t, quota, actions)}
      dataSource={data?.items ?? []}
      loading={loading}
      paging={{
        page: data?.page ?? 1,
        pageSize: data?.page_size ?? 10,
        total: data?.total ?? 0,
      }}
      onPage={onPage}
      totalLabel={(total) => t('table.total', { total })}
      data-testid="users-table"
    />
  );
}
