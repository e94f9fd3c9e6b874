import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { sendVerificationCode } from '../api';
import { useCountdown } from '../hooks/use-countdown';

/** Seconds before another code may be requested. */
const resendSeconds = 60;

/** E-mail with a "send code" button (60 s countdown) and the code field. */
export function EmailCodeFields({ form }: { form: FormInstance }) {
  const { t } = useTranslation('auth');
  const [left, startCountdown] = useCountdown();
  const send = useMutation({
    mutationFn: sendVerificationCode,
    onSuccess: () => {
      notify.success(t('register.codeSent'));
      startCountdown(resendSeconds);
    },
  });
  const onSend = async () => {
    const { email } = await form.validateFields(['email']);
    send.mutate(email as string);
  };
  return (
    <>
      <Form.Item label={t('fields.email')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="email"
            noStyle
            rules={[
              { required: true, message: t('validation.emailRequired') },
              { type: 'email', message: t('validation.emailInvalid') },
            ]}
          >
            <Input prefix={<MailOutlined />} autoComplete="email" placeholder={t('fields.email')} />
          </Form.Item>
          <Button
            onClick={() => void onSend()}
            disabled={left > 0}
            loading={send.isPending}
            data-testid="send-code"
          >
            {left > 0 ? t('register.resendIn', { seconds: left }) : t('register.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="verification_code"
        label={t('fields.verificationCode')}
        rules={[{ required: true, message: t('validation.codeRequired') }]}
      >
        <Input autoComplete="one-time-code" placeholder={t('fields.verificationCode')} />
      </Form.Item>
    </>
  );
}
