import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStatus } from '../../features/site/hooks/use-status';
import { navIcon, navTitle } from './nav-items';
import { selectedPath, topNavPaths } from './nav-model';

/** The header's horizontal navigation (desktop) or a vertical list (mobile drawer). */
export function TopNav({
  vertical = false,
  onNavigate,
}: {
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('layout');
  const status = useStatus();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const paths = topNavPaths(status);
  const selected = selectedPath(pathname, paths);
  return (
    <Menu
      mode={vertical ? 'inline' : 'horizontal'}
      items={paths.map((path) => ({ key: path, icon: navIcon(path), label: t(navTitle(path)) }))}
      selectedKeys={selected ? [selected] : []}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      style={{
        flex: 1,
        minWidth: 0,
        borderBottom: 'none',
        borderInlineEnd: 'none',
        background: 'transparent',
      }}
      data-testid={vertical ? 'drawer-top-nav' : 'top-nav'}
    />
  );
}
