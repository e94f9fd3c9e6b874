import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginRequest } from '@gateway/shared';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { login } from '../api';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

/** Username-or-e-mail and password sign-in. */
export function LoginForm({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('auth');
  const complete = useCompleteSignIn();
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (result) => complete(result, redirect),
  });
  return (
    <Form<LoginRequest>
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => mutation.mutate(values)}
      disabled={mutation.isPending}
    >
      <Form.Item
        name="username"
        label={t('fields.usernameOrEmail')}
        rules={[{ required: true, message: t('validation.usernameRequired') }]}
      >
        <Input
          prefix={<UserOutlined />}
          autoComplete="username"
          autoFocus
          placeholder={t('fields.usernameOrEmail')}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('fields.password')}
        rules={[{ required: true, message: t('validation.passwordRequired') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          placeholder={t('fields.password')}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
