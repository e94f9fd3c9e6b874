import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { useStoredUser } from '../../lib/session';
import { AuthCard } from '../auth/components/AuthCard';
import { useStatus } from '../status/hooks/useStatus';
import { SetupForm } from './components/SetupForm';
import { useSetupState } from './hooks/useSetupState';

/** First run: create root. Afterwards: a greeting with sign-in and sign-up. */
export default function WelcomePage() {
  const { t } = useTranslation('auth');
  const { data, isPending } = useSetupState();
  const { systemName } = useStatus();
  const user = useStoredUser();

  if (isPending) return <PageSpinner />;
  if (data?.status === false) {
    return (
      <AuthCard title={t('setup.title')}>
        <SetupForm />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('welcome.title', { name: systemName })}>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {t('welcome.intro')}
      </Typography.Paragraph>
      <Flex vertical gap={8}>
        {user ? (
          <Link to="/panel">
            <Button type="primary" block>
              {t('welcome.console')}
            </Button>
          </Link>
        ) : (
          <>
            <Link to="/login">
              <Button type="primary" block data-testid="welcome-login">
                {t('welcome.login')}
              </Button>
            </Link>
            <Link to="/register">
              <Button block data-testid="welcome-register">
                {t('welcome.register')}
              </Button>
            </Link>
          </>
        )}
      </Flex>
    </AuthCard>
  );
}
