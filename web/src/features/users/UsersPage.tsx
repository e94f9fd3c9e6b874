import type { UserListItem } from '@gateway/shared';
import { Alert, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { useUser } from '../../lib/user-store';
import { CreateUserDialog } from './components/CreateUserDialog';
import { QuotaDialog } from './components/QuotaDialog';
import { UserActions } from './components/UserActions';
import { UserFilters } from './components/UserFilters';
import { UsersTable } from './components/UsersTable';
import { useUsers } from './hooks/use-users';
import { canAdministerUsers } from './lib/role-rules';

/** `/user`: the user list; admins act on it, agents read it. */
export function UsersPage() {
  const { t } = useTranslation(['layout', 'users']);
  const me = useUser();
  const [params, setParams] = useState({ keyword: '', page: 1, pageSize: 10 });
  const [creating, setCreating] = useState(false);
  const [quotaUser, setQuotaUser] = useState<UserListItem | null>(null);
  const users = useUsers(params);
  if (!me) return null;
  const admin = canAdministerUsers(me);
  return (
    <>
      <PageHeader title={t('nav.user')} description={t('users:description')} />
      <Card>
        {!admin && (
          <Alert type="info" showIcon title={t('users:readOnly')} style={{ marginBottom: 16 }} />
        )}
        <UserFilters
          onSearch={(keyword) => setParams((p) => ({ ...p, keyword, page: 1 }))}
          onRefresh={() => void users.refetch()}
          onCreate={admin ? () => setCreating(true) : undefined}
        />
        <UsersTable
          data={users.data}
          loading={users.isFetching}
          onPage={(page, pageSize) => setParams((p) => ({ ...p, page, pageSize }))}
          actions={
            admin ? (user) => <UserActions me={me} user={user} onQuota={setQuotaUser} /> : undefined
          }
        />
      </Card>
      {admin && <CreateUserDialog me={me} open={creating} onClose={() => setCreating(false)} />}
      <QuotaDialog user={quotaUser} onClose={() => setQuotaUser(null)} />
    </>
  );
}
