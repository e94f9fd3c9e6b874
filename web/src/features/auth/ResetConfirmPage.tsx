import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toastSuccess } from '../../lib/toast';
import { confirmPasswordReset } from './api';
import { AuthCard } from './components/AuthCard';
import { confirmRules, passwordRules } from './components/password-rules';

interface ResetForm {
  email: string;
  token: string;
  password: string;
  password2: string;
}

/** Password reset confirmation: the mailed link carries `email` and `token`. */
export default function ResetConfirmPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const submit = async (values: ResetForm) => {
    setBusy(true);
    try {
      await confirmPasswordReset({
        email: values.email.trim(),
        token: values.token.trim(),
        password: values.password,
      });
      toastSuccess(t('reset.done'));
      navigate('/login');
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('reset.confirmTitle')}>
      <Form<ResetForm>
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ email: params.get('email') ?? '', token: params.get('token') ?? '' }}
      >
        <Form.Item
          name="email"
          label={t('register.email')}
          rules={[{ required: true, type: 'email', message: t('register.emailInvalid') }]}
        >
          <Input prefix={<MailOutlined />} autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="token"
          label={t('reset.token')}
          rules={[{ required: true, message: t('reset.tokenRequired') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="password" label={t('reset.newPassword')} rules={passwordRules(t)}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password2"
          label={t('register.confirm')}
          dependencies={['password']}
          rules={confirmRules(t)}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('reset.confirmSubmit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
