import { GiftOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import type { RegisterRequest } from '@gateway/shared';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { register } from '../api';
import { confirmRules, passwordRules, usernameRules } from '../../../lib/password-rules';
import { EmailCodeFields } from './EmailCodeFields';

/** Sign-up: username, password twice, e-mail code when required, invitation code. */
export function RegisterForm({
  emailVerification,
  affCode,
}: {
  emailVerification: boolean;
  affCode: string;
}) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<RegisterRequest>();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: register,
    onSuccess: () => {
      notify.success(t('register.success'));
      navigate('/login');
    },
  });
  return (
    <Form<RegisterRequest>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ aff_code: affCode }}
      onFinish={(values) => mutation.mutate(values)}
      disabled={mutation.isPending}
    >
      <Form.Item name="username" label={t('fields.username')} rules={usernameRules(t)}>
        <Input
          prefix={<UserOutlined />}
          autoComplete="username"
          maxLength={12}
          showCount
          placeholder={t('fields.usernamePlaceholder')}
        />
      </Form.Item>
      <Form.Item name="password" label={t('fields.password')} rules={passwordRules(t)}>
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          placeholder={t('fields.passwordPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="password2"
        label={t('fields.confirmPassword')}
        dependencies={['password']}
        rules={confirmRules(t, 'password')}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          placeholder={t('fields.confirmPassword')}
        />
      </Form.Item>
      {emailVerification && <EmailCodeFields form={form} />}
      <Form.Item name="aff_code" label={t('fields.invitationCode')}>
        <Input prefix={<GiftOutlined />} placeholder={t('fields.invitationCodeOptional')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending}>
        {t('register.submit')}
      </Button>
    </Form>
  );
}
