import { Badge, Menu, Tag, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStatus } from '../../site/hooks/use-status';
import { selectedPath, updateAvailable } from './nav-model';
import { useNavigation, type NavLink } from './navigation-context';

type Items = NonNullable<MenuProps['items']>;

/** The sidebar links for the signed-in user, grouped, with the /setting update badge. */
export function SidebarMenu({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('layout');
  const status = useStatus();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const groups = useNavigation().side;
  const outdated = updateAvailable(status);

  const item = ({ path, title, icon }: NavLink) => {
    const badge = path === '/setting' && outdated;
    return {
      key: path,
      icon: badge && collapsed ? <Badge dot>{icon}</Badge> : icon,
      label: badge ? (
        <span>
          {t(title)}{' '}
          <Tag color="error" style={{ marginInlineStart: 4 }}>
            {t('nav.toBeUpdated')}
          </Tag>
        </span>
      ) : (
        t(title)
      ),
    };
  };

  const items: Items = groups.flatMap((group): Items => {
    const children = group.links.map(item);
    if (!group.title) return children;
    if (collapsed) return [{ type: 'divider', key: `${group.key}-divider` }, ...children];
    return [{ type: 'group', key: group.key, label: t(group.title), children }];
  });

  const selected = selectedPath(
    pathname,
    groups.flatMap((g) => g.links.map((link) => link.path)),
  );
  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={selected ? [selected] : []}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 'none', background: 'transparent' }}
    />
  );
}
