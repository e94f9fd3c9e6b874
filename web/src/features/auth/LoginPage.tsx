import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../app/access';
import { useStatus } from '../status/hooks/useStatus';
import { login } from './api';
import { AuthCard } from './components/AuthCard';
import { ThirdPartyLogin } from './components/ThirdPartyLogin';

interface LoginForm {
  username: string;
  password: string;
}

/** Sign-in by username or e-mail and password, plus the enabled third-party buttons. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status } = useStatus();
  const [busy, setBusy] = useState(false);
  const passwordLogin = status?.password_login_enabled ?? true;

  const submit = async (values: LoginForm) => {
    setBusy(true);
    try {
      await login({ username: values.username.trim(), password: values.password });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      /* the API client has shown the reason */
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('login.title')}>
      {params.get('expired') === 'true' && (
        <Alert type="warning" showIcon title={t('login.expired')} style={{ marginBottom: 16 }} />
      )}
      {passwordLogin ? (
        <Form<LoginForm> layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, message: t('login.usernameRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" data-testid="login-username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
      ) : (
        <Alert type="info" showIcon title={t('login.passwordDisabled')} />
      )}
      <ThirdPartyLogin status={status} />
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">
          {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
        </Typography.Text>
        <Link to="/reset">{t('login.forgot')}</Link>
      </Flex>
    </AuthCard>
  );
}
