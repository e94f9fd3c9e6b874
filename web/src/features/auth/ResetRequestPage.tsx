import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { requestPasswordReset } from './api';
import { AuthCard } from './components/AuthCard';
import { TurnstileWidget } from './components/TurnstileWidget';
import { useCountdown } from './hooks/use-countdown';

/** `/reset`: asks for the account's e-mail and sends a reset link to it. */
export function ResetRequestPage() {
  const { t } = useTranslation('auth');
  const [left, startCountdown] = useCountdown();
  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => startCountdown(60),
  });
  return (
    <AuthCard title={t('reset.title')}>
      <Flex vertical gap={16}>
        {mutation.isSuccess && <Alert type="success" showIcon title={t('reset.sent')} />}
        <TurnstileWidget />
        <Form<{ email: string }>
          layout="vertical"
          requiredMark={false}
          onFinish={({ email }) => mutation.mutate(email)}
        >
          <Form.Item
            name="email"
            label={t('fields.email')}
            rules={[
              { required: true, message: t('validation.emailRequired') },
              { type: 'email', message: t('validation.emailInvalid') },
            ]}
          >
            <Input prefix={<MailOutlined />} autoComplete="email" placeholder={t('fields.email')} />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={mutation.isPending}
            disabled={left > 0}
          >
            {left > 0 ? t('register.resendIn', { seconds: left }) : t('reset.submit')}
          </Button>
        </Form>
        <Link to="/login" style={{ textAlign: 'center' }}>
          {t('reset.backToLogin')}
        </Link>
      </Flex>
    </AuthCard>
  );
}
