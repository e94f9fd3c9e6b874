import { GiftOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toastSuccess } from '../../lib/toast';
import { useStatus } from '../status/hooks/useStatus';
import { register } from './api';
import { AuthCard } from './components/AuthCard';
import { EmailCodeFields } from './components/EmailCodeFields';
import { confirmRules, passwordRules, usernameRules } from './components/password-rules';

interface RegisterForm {
  username: string;
  password: string;
  password2: string;
  email?: string;
  verification_code?: string;
  aff_code?: string;
}

/** Sign-up: username, password and confirmation, e-mail code when enabled, invitation code. */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<RegisterForm>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status } = useStatus();
  const [busy, setBusy] = useState(false);
  const open = (status?.register_enabled ?? true) && (status?.password_register_enabled ?? true);

  const submit = async (values: RegisterForm) => {
    setBusy(true);
    try {
      await register({
        username: values.username.trim(),
        password: values.password,
        password2: values.password2,
        email: values.email?.trim() || undefined,
        verification_code: values.verification_code?.trim() || undefined,
        aff_code: values.aff_code?.trim() || undefined,
      });
      toastSuccess(t('register.done'));
      navigate('/login');
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('register.title')}>
      {!open ? (
        <Alert type="info" showIcon title={t('register.closed')} />
      ) : (
        <Form<RegisterForm>
          form={form}
          layout="vertical"
          onFinish={submit}
          requiredMark={false}
          initialValues={{ aff_code: params.get('aff') ?? '' }}
        >
          <Form.Item name="username" label={t('register.username')} rules={usernameRules(t)}>
            <Input
              prefix={<UserOutlined />}
              maxLength={12}
              autoComplete="username"
              data-testid="register-username"
            />
          </Form.Item>
          <Form.Item name="password" label={t('register.password')} rules={passwordRules(t)}>
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="new-password"
              data-testid="register-password"
            />
          </Form.Item>
          <Form.Item
            name="password2"
            label={t('register.confirm')}
            dependencies={['password']}
            rules={confirmRules(t)}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="new-password"
              data-testid="register-password2"
            />
          </Form.Item>
          {status?.email_verification && <EmailCodeFields form={form} />}
          <Form.Item name="aff_code" label={t('register.affCode')}>
            <Input prefix={<GiftOutlined />} placeholder={t('register.affOptional')} />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={busy}
            data-testid="register-submit"
          >
            {t('register.submit')}
          </Button>
        </Form>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('register.haveAccount')} <Link to="/login">{t('register.login')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
