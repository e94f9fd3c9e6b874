import { DownOutlined } from '@ant-design/icons';
import type { ManageUserRequest, UserListItem } from '@gateway/shared';
import { UserStatus } from '@gateway/shared';
import { App, Button, Dropdown, Space, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { StoredUser } from '../../../lib/user-store';
import { useManageUser } from '../hooks/use-manage-user';
import { canDemote, canManage, canOpenEditPage, canPromote } from '../lib/role-rules';

type Action = ManageUserRequest['action'];

/** The actions a row offers the signed-in user, per the role rules. */
export function UserActions({
  me,
  user,
  onQuota,
}: {
  me: StoredUser;
  user: UserListItem;
  onQuota: (user: UserListItem) => void;
}) {
  const { t } = useTranslation('users');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const manage = useManageUser();
  const manageable = canManage(me, user);
  const closed = user.status === UserStatus.closed;
  if (!manageable && !canPromote(me, user)) return <span>-</span>;

  const run = (action: Action) => manage.mutate({ id: user.id, action });
  const confirm = (action: Action) =>
    modal.confirm({
      title: t(`manage.confirm.${action}`, { username: user.username }),
      okButtonProps: { danger: action === 'delete' },
      onOk: () => manage.mutateAsync({ id: user.id, action }),
    });

  const more: MenuProps['items'] = [
    canPromote(me, user) && !closed ? { key: 'promote', label: t('manage.promote') } : null,
    canDemote(me, user) && !closed ? { key: 'demote', label: t('manage.demote') } : null,
    manageable ? { key: 'delete', label: t('manage.delete'), danger: true } : null,
  ].filter((item) => item !== null);

  return (
    <Space size={4} wrap>
      {manageable && !closed && (
        <Button
          size="small"
          onClick={() => run(user.status === UserStatus.enabled ? 'disable' : 'enable')}
          loading={manage.isPending}
        >
          {user.status === UserStatus.enabled ? t('manage.disable') : t('manage.enable')}
        </Button>
      )}
      {manageable && !closed && (
        <Button size="small" onClick={() => onQuota(user)}>
          {t('manage.quota')}
        </Button>
      )}
      {canOpenEditPage(me) && manageable && !closed && (
        <Button size="small" onClick={() => navigate(`/user/edit/${user.id}`)}>
          {t('manage.edit')}
        </Button>
      )}
      {more.length > 0 && (
        <Dropdown
          menu={{ items: more, onClick: ({ key }) => confirm(key as Action) }}
          trigger={['click']}
        >
          <Button size="small">
            {t('manage.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
