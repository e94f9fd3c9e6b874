import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStoredUser } from '../../lib/session';

/** Where the guard sends a visitor whose role is too low. */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const user = useStoredUser();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('errors.unauthorized')}
      data-testid="unauthorized"
      extra={
        <Flex gap={8} justify="center" wrap>
          <Link to="/">
            <Button type="primary">{t('actions.backHome')}</Button>
          </Link>
          {!user && (
            <Link to="/login">
              <Button>{t('header.login')}</Button>
            </Link>
          )}
        </Flex>
      }
    />
  );
}
