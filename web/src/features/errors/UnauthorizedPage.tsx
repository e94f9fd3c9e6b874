import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUser } from '../../lib/user-store';

/** Where the guards send a user whose role is too low for a page. */
export function UnauthorizedPage() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const user = useUser();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('unauthorized.message')}
      extra={
        <Space wrap>
          <Button type="primary" onClick={() => navigate(user ? '/panel' : '/')}>
            {user ? t('errors.backToConsole') : t('errors.backHome')}
          </Button>
          {!user && <Button onClick={() => navigate('/login')}>{t('errors.signIn')}</Button>}
        </Space>
      }
    />
  );
}
