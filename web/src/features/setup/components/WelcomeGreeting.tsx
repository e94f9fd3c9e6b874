import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUser } from '../../../lib/user-store';
import { useStatus } from '../../../site/hooks/use-status';

/** After setup: greets a visitor with sign-in and sign-up (or the console when signed in). */
export function WelcomeGreeting() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const user = useUser();
  const status = useStatus();
  const canRegister =
    status.register_enabled !== false && status.password_register_enabled !== false;
  return (
    <Flex vertical gap={16} align="stretch" data-testid="welcome-greeting">
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
        {t('welcome.text')}
      </Typography.Paragraph>
      {user ? (
        <Button type="primary" size="large" block onClick={() => navigate('/panel')}>
          {t('welcome.openConsole')}
        </Button>
      ) : (
        <>
          <Button type="primary" size="large" block onClick={() => navigate('/login')}>
            {t('welcome.signIn')}
          </Button>
          {canRegister && (
            <Button size="large" block onClick={() => navigate('/register')}>
              {t('welcome.signUp')}
            </Button>
          )}
        </>
      )}
    </Flex>
  );
}
