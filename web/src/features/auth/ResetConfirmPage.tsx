import { LockOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { notify } from '../../lib/notify';
import { resetPassword } from './api';
import { AuthCard } from './components/AuthCard';
import { confirmRules, passwordRules } from '../../lib/password-rules';

/** `/user/reset?email=&token=`: the reset link's page; sets a new password. */
export function ResetConfirmPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      notify.success(t('reset.done'));
      navigate('/login');
    },
  });
  const linkValid = Boolean(email && token);
  return (
    <AuthCard title={t('reset.confirmTitle')}>
      <Flex vertical gap={16}>
        {!linkValid && <Alert type="error" showIcon title={t('reset.invalidLink')} />}
        <Form<{ password: string; password2: string }>
          layout="vertical"
          requiredMark={false}
          disabled={!linkValid || mutation.isPending}
          onFinish={({ password }) => mutation.mutate({ email, token, password })}
        >
          <Form.Item label={t('fields.email')}>
            <Input value={email} readOnly />
          </Form.Item>
          <Form.Item name="password" label={t('fields.newPassword')} rules={passwordRules(t)}>
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="password2"
            label={t('fields.confirmPassword')}
            dependencies={['password']}
            rules={confirmRules(t, 'password')}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
            {t('reset.confirmSubmit')}
          </Button>
        </Form>
        <Link to="/login" style={{ textAlign: 'center' }}>
          {t('reset.backToLogin')}
        </Link>
      </Flex>
    </AuthCard>
  );
}
