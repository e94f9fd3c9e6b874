import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toastSuccess } from '../../../lib/toast';
import {
  confirmRules,
  passwordRules,
  usernameRules,
} from '../../auth/components/password-rules';
import { createRoot } from '../api';

interface SetupForm {
  username: string;
  password: string;
  confirmPassword: string;
}

/** First run: creates the root account. */
export function SetupForm() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const submit = async (values: SetupForm) => {
    setBusy(true);
    try {
      await createRoot({ ...values, username: values.username.trim() });
      toastSuccess(t('setup.done'));
      await queryClient.invalidateQueries({ queryKey: ['setup'] });
      await queryClient.invalidateQueries({ queryKey: ['status'] });
      navigate('/login');
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Typography.Paragraph type="secondary">{t('setup.intro')}</Typography.Paragraph>
      <Form<SetupForm>
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ username: 'root' }}
      >
        <Form.Item name="username" label={t('setup.username')} rules={usernameRules(t)}>
          <Input prefix={<UserOutlined />} maxLength={12} data-testid="setup-username" />
        </Form.Item>
        <Form.Item name="password" label={t('setup.password')} rules={passwordRules(t)}>
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="new-password"
            data-testid="setup-password"
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('setup.confirm')}
          dependencies={['password']}
          rules={confirmRules(t)}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="new-password"
            data-testid="setup-confirm"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="setup-submit">
          {t('setup.submit')}
        </Button>
      </Form>
    </>
  );
}
