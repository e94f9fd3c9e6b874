import { theme, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useSiteInfo } from '../../site/hooks/use-status';

/** Logo and system name, linking home. */
export function Brand({ showName = true }: { showName?: boolean }) {
  const { systemName, logo } = useSiteInfo();
  const { token } = theme.useToken();
  return (
    <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
      <img src={logo} alt="" width={32} height={32} style={{ borderRadius: token.borderRadius }} />
      {showName && (
        <Typography.Text strong ellipsis style={{ fontSize: 18, maxWidth: 200 }}>
          {systemName}
        </Typography.Text>
      )}
    </Link>
  );
}
