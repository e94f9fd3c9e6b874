import { useMutation } from '@tanstack/react-query';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { confirmRules, passwordRules } from '../../../lib/password-rules';
import { updateSelf } from '../api';

interface Values {
  original_password: string;
  password: string;
  password2: string;
}

/** Changes the password; the original password is required. */
export function PasswordForm() {
  const { t } = useTranslation(['profile', 'auth']);
  const [form] = Form.useForm<Values>();
  const mutation = useMutation({
    mutationFn: ({ original_password, password }: Values) =>
      updateSelf({ original_password, password }),
    onSuccess: () => {
      notify.success(t('password.changed'));
      form.resetFields();
    },
  });
  return (
    <Card title={t('password.title')}>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => mutation.mutate(v)}
        requiredMark={false}
      >
        <Form.Item
          name="original_password"
          label={t('password.original')}
          rules={[{ required: true, message: t('auth:validation.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('auth:fields.newPassword')} rules={passwordRules(t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password2"
          label={t('auth:fields.confirmPassword')}
          dependencies={['password']}
          rules={confirmRules(t, 'password')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
