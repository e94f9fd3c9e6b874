import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectedPath } from './nav-model';
import { useNavigation } from './navigation-context';

/** The header's horizontal navigation (desktop) or a vertical list (mobile drawer). */
export function TopNav({
  vertical = false,
  onNavigate,
}: {
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('layout');
  const { top } = useNavigation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = selectedPath(
    pathname,
    top.map((link) => link.path),
  );
  return (
    <Menu
      mode={vertical ? 'inline' : 'horizontal'}
      items={top.map((link) => ({ key: link.path, icon: link.icon, label: t(link.title) }))}
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
