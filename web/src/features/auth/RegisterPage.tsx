import { Alert, Flex, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { readString, writeString } from '../../lib/storage';
import { useSiteInfo, useStatus } from '../../site/hooks/use-status';
import { AuthCard } from './components/AuthCard';
import { RegisterForm } from './components/RegisterForm';
import { TurnstileWidget } from './components/TurnstileWidget';

/** `/register`: closed notice when registrations are off, else the sign-up form. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const status = useStatus();
  const { systemName } = useSiteInfo();
  const fromLink = params.get('aff');
  // An invitation link is remembered, so the code survives a detour through other pages.
  useEffect(() => {
    if (fromLink) writeString('aff', fromLink);
  }, [fromLink]);
  const affCode = fromLink ?? readString('aff') ?? '';
  const open = status.register_enabled !== false && status.password_register_enabled !== false;
  return (
    <AuthCard title={t('register.title', { name: systemName })}>
      <Flex vertical gap={16}>
        {open ? (
          <>
            <TurnstileWidget />
            <RegisterForm
              emailVerification={status.email_verification === true}
              affCode={affCode}
            />
          </>
        ) : (
          <Alert
            type="info"
            showIcon
            title={
              status.register_enabled === false
                ? t('register.closed')
                : t('register.passwordClosed')
            }
          />
        )}
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {t('register.haveAccount')} <Link to="/login">{t('register.toLogin')}</Link>
        </Typography.Text>
      </Flex>
    </AuthCard>
  );
}
