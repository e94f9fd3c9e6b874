import { SendOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { sendTestMail } from '../api-mail';

/** Sends a test mail with the saved SMTP settings; a failure shows the SMTP server's words. */
export function TestMailCard() {
  const { t } = useTranslation('signin');
  const mutation = useMutation({
    mutationFn: sendTestMail,
    onSuccess: (_, to) => notify.success(t('testMail.sent', { to })),
  });
  return (
    <Card title={t('testMail.title')} data-section="test-mail">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('testMail.description')}</Typography.Text>
        <Form<{ to: string }> layout="inline" onFinish={({ to }) => mutation.mutate(to)}>
          <Form.Item
            name="to"
            rules={[
              { required: true, message: t('email.addressRequired') },
              { type: 'email', message: t('email.addressInvalid') },
            ]}
            style={{ flex: 1, minWidth: 220 }}
          >
            <Input placeholder={t('testMail.to')} autoComplete="email" />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SendOutlined />}
            loading={mutation.isPending}
          >
            {t('testMail.send')}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}
