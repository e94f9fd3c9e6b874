import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toastSuccess } from '../../lib/toast';
import { requestPasswordReset } from './api';
import { AuthCard } from './components/AuthCard';
import { useCountdown } from './hooks/useCountdown';

/** Password reset request: mails a reset link to the account's address. */
export default function ResetRequestPage() {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  const [left, start] = useCountdown();

  const submit = async ({ email }: { email: string }) => {
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      toastSuccess(t('reset.sent'));
      start(60);
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('reset.title')}>
      <Typography.Paragraph type="secondary">{t('reset.intro')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="email"
          label={t('register.email')}
          rules={[
            { required: true, message: t('register.emailRequired') },
            { type: 'email', message: t('register.emailInvalid') },
          ]}
        >
          <Input prefix={<MailOutlined />} autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} disabled={left > 0}>
          {left > 0 ? t('register.resendIn', { seconds: left }) : t('reset.submit')}
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        <Link to="/login">{t('reset.back')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
