import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useSiteInfo, useStatus } from '../../site/hooks/use-status';
import { AuthCard } from './components/AuthCard';
import { LoginForm } from './components/LoginForm';
import { ThirdPartyButtons } from './components/ThirdPartyButtons';
import { TurnstileWidget } from './components/TurnstileWidget';

/** `/login`: password sign-in when enabled, third-party buttons, expired-session notice. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const status = useStatus();
  const { systemName } = useSiteInfo();
  const redirect = params.get('redirect');

  const passwordLogin = status.password_login_enabled !== false;
  const canRegister =
    status.register_enabled !== false && status.password_register_enabled !== false;
  return (
    <AuthCard title={t('login.title', { name: systemName })}>
      <Flex vertical gap={16}>
        {params.get('expired') === 'true' && (
          <div data-testid="expired-notice">
            <Alert type="warning" showIcon title={t('login.expired')} />
          </div>
        )}
        {passwordLogin ? (
          <>
            <TurnstileWidget />
            <LoginForm redirect={redirect} />
          </>
        ) : (
          <Alert type="info" showIcon title={t('login.passwordDisabled')} />
        )}
        <ThirdPartyButtons redirect={redirect} />
        <Flex justify="space-between" wrap gap={8}>
          <Link to="/reset">{t('login.forgot')}</Link>
          {canRegister && (
            <Typography.Text type="secondary">
              {t('login.noAccount')} <Link to="/register">{t('login.toRegister')}</Link>
            </Typography.Text>
          )}
        </Flex>
      </Flex>
    </AuthCard>
  );
}
