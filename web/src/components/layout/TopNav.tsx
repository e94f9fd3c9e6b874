import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStatus } from '../../features/status/hooks/useStatus';
import { selectedKey, topNavEntries } from './nav-items';

/** The header's page links (spec section 2), collapsing into "…" when narrow. */
export function TopNav() {
  const { t } = useTranslation();
  const { status } = useStatus();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = topNavEntries(status);
  const selected = pathname === '/' ? '/' : selectedKey(pathname, entries);
  return (
    <Menu
      mode="horizontal"
      selectedKeys={selected ? [selected] : []}
      items={entries.map((e) => ({ key: e.key, label: t(`nav.${e.name}`) }))}
      onClick={({ key }) => navigate(key)}
      style={{ flex: 1, minWidth: 0, borderBottom: 'none', background: 'transparent' }}
      data-testid="top-nav"
    />
  );
}
