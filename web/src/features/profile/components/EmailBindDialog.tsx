import { MailOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useCountdown } from '../../auth';
import { bindEmail, sendBindCode } from '../bindings-api';

/** Seconds before another code may be requested (the server allows one a minute). */
const resendSeconds = 60;

interface Values {
  email: string;
  code: string;
}

/** Binds or changes the e-mail: the new address, a mailed code, confirm. */
export function EmailBindDialog({
  open,
  current,
  onClose,
}: {
  open: boolean;
  current: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('signin');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [left, startCountdown] = useCountdown();
  const send = useMutation({
    mutationFn: sendBindCode,
    onSuccess: () => {
      notify.success(t('email.codeSent'));
      startCountdown(resendSeconds);
    },
  });
  const bind = useMutation({
    mutationFn: (values: Values) => bindEmail(values.email, values.code),
    onSuccess: () => {
      notify.success(t('email.bound'));
      void queryClient.invalidateQueries({ queryKey: ['self'] });
      form.resetFields();
      onClose();
    },
  });
  const onSend = async () => {
    const { email } = await form.validateFields(['email']);
    send.mutate(email);
  };
  return (
    <Modal
      open={open}
      title={current ? t('email.changeTitle') : t('email.bindTitle')}
      okText={t('actions.confirm', { ns: 'common' })}
      cancelText={t('actions.cancel', { ns: 'common' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: bind.isPending }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => bind.mutate(v)}
      >
        <Form.Item label={t('email.address')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="email"
              noStyle
              rules={[
                { required: true, message: t('email.addressRequired') },
                { type: 'email', message: t('email.addressInvalid') },
              ]}
            >
              <Input
                prefix={<MailOutlined />}
                autoComplete="email"
                placeholder={current || t('email.address')}
              />
            </Form.Item>
            <Button
              onClick={() => void onSend()}
              disabled={left > 0}
              loading={send.isPending}
              data-testid="bind-send-code"
            >
              {left > 0 ? t('email.resendIn', { seconds: left }) : t('email.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="code"
          label={t('email.code')}
          rules={[{ required: true, message: t('email.codeRequired') }]}
        >
          <Input autoComplete="one-time-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
