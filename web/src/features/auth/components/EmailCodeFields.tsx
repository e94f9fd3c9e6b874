import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendVerificationCode } from '../api';
import { useCountdown } from '../hooks/useCountdown';
import { toastSuccess } from '../../../lib/toast';

/** E-mail and verification code with a "send code" button and its 60 s countdown. */
export function EmailCodeFields({ form }: { form: FormInstance }) {
  const { t } = useTranslation('auth');
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    try {
      await form.validateFields(['email']);
    } catch {
      return;
    }
    setSending(true);
    try {
      await sendVerificationCode(form.getFieldValue('email') as string);
      toastSuccess(t('register.codeSent'));
      start(60);
    } catch {
      /* shown by the API client */
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Form.Item label={t('register.email')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="email"
            noStyle
            rules={[
              { required: true, message: t('register.emailRequired') },
              { type: 'email', message: t('register.emailInvalid') },
            ]}
          >
            <Input prefix={<MailOutlined />} autoComplete="email" data-testid="register-email" />
          </Form.Item>
          <Button onClick={send} loading={sending} disabled={left > 0}>
            {left > 0 ? t('register.resendIn', { seconds: left }) : t('register.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="verification_code"
        label={t('register.code')}
        rules={[{ required: true, message: t('register.codeRequired') }]}
      >
        <Input prefix={<SafetyOutlined />} />
      </Form.Item>
    </>
  );
}
