import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { SetupRequest } from '@gateway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { confirmRules, passwordRules, usernameRules } from '../../../lib/password-rules';
import { createRoot } from '../api';

/** First run: creates the root account, then sends the visitor to sign in. */
export function SetupForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: createRoot,
    onSuccess: async () => {
      notify.success(t('setup.done'));
      await queryClient.invalidateQueries({ queryKey: ['setup'] });
      await queryClient.invalidateQueries({ queryKey: ['status'] });
      navigate('/login');
    },
  });
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('setup.intro')} />
      <Form<SetupRequest>
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: 'root' }}
        onFinish={(values) => mutation.mutate(values)}
        disabled={mutation.isPending}
      >
        <Form.Item name="username" label={t('setup.rootUsername')} rules={usernameRules(t)}>
          <Input prefix={<UserOutlined />} autoComplete="username" maxLength={12} />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={passwordRules(t)}>
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={t('fields.passwordPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('fields.confirmPassword')}
          dependencies={['password']}
          rules={confirmRules(t, 'password')}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending}>
          {t('setup.submit')}
        </Button>
      </Form>
    </Flex>
  );
}
