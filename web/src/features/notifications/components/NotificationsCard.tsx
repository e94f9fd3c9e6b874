import { BellOutlined, SendOutlined } from '@ant-design/icons';
import {
  Role,
  financeEvents,
  notificationEvents,
  notificationMethods,
  rootOnlyEvents,
  type NotificationPrefsInput,
  type NotificationSettings,
} from '@gateway/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, InputNumber, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';
import { fetchNotificationSettings, saveNotificationSettings, sendTestNotification } from '../api';
import { NotificationHistory } from './NotificationHistory';

type Values = Required<NotificationPrefsInput>;

/**
 * Subscription and notification management: events (those of root and of finance staff shown
 * to them only), method and its targets, warning quota.
 */
export function NotificationsCard({ role, display }: { role: number; display: QuotaDisplay }) {
  const { t } = useTranslation('notifications');
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const method = Form.useWatch('method', form);
  const settings = useQuery({
    queryKey: ['notification-settings'],
    queryFn: fetchNotificationSettings,
  });
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const save = useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (data: NotificationSettings) => {
      notify.success(t('saved'));
      client.setQueryData(['notification-settings'], data);
    },
  });
  const test = useMutation({
    mutationFn: sendTestNotification,
    onSuccess: () => {
      notify.success(t('testQueued'));
      setTimeout(() => void client.invalidateQueries({ queryKey: ['notification-history'] }), 1500);
    },
  });
  const data = settings.data;
  const events = notificationEvents.filter(
    (e) =>
      (role >= Role.root || !rootOnlyEvents.includes(e)) &&
      (role >= Role.finance || !financeEvents.includes(e)),
  );
  const secretHint = (stored: boolean | undefined) => (stored ? t('secretStored') : undefined);

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <BellOutlined />
          {t('title')}
        </Flex>
      }
      data-testid="notifications-card"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        // Every stored value goes back, also those of methods not shown now.
        onFinish={() => save.mutate(form.getFieldsValue(true))}
        data-testid="notifications-form"
      >
        <Form.Item name="events" label={t('fields.events')}>
          <Checkbox.Group options={events.map((e) => ({ value: e, label: t(`events.${e}`) }))} />
        </Form.Item>
        <Form.Item name="method" label={t('fields.method')}>
          <Select
            options={notificationMethods.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
            style={{ maxWidth: 320 }}
            data-testid="notify-method"
          />
        </Form.Item>
        {method === 'email' && (
          <Form.Item
            name="email"
            label={t('fields.email')}
            extra={t('help.email')}
            rules={[{ type: 'email', message: t('rules.email') }]}
          >
            <Input maxLength={255} />
          </Form.Item>
        )}
        {method === 'wxpusher' && (
          <>
            {data && !data.wxpusher_bound && (
              <Alert
                type="warning"
                showIcon
                title={t('help.wxpusherUnbound')}
                style={{ marginBottom: 16 }}
              />
            )}
            <Form.Item name="open_ids" label={t('fields.openIds')} extra={t('help.openIds')}>
              <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
            </Form.Item>
          </>
        )}
        {method === 'wecom' && (
          <>
            <Form.Item
              name="wecom_url"
              label={t('fields.wecomUrl')}
              rules={[{ required: true, type: 'url', message: t('rules.url') }]}
            >
              <Input placeholder="https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…" />
            </Form.Item>
            <Form.Item
              name="wecom_mobiles"
              label={t('fields.mobiles')}
              extra={t('help.wecomMobiles')}
            >
              <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
            </Form.Item>
          </>
        )}
        {method === 'dingtalk' && (
          <>
            <Form.Item
              name="dingtalk_url"
              label={t('fields.dingtalkUrl')}
              rules={[{ required: true, type: 'url', message: t('rules.url') }]}
            >
              <Input placeholder="https://oapi.dingtalk.com/robot/send?access_token=…" />
            </Form.Item>
            <Form.Item
              name="dingtalk_secret"
              label={t('fields.dingtalkSecret')}
              extra={secretHint(data?.has_dingtalk_secret) ?? t('help.dingtalkSecret')}
            >
              <Input.Password
                autoComplete="off"
                placeholder={data?.has_dingtalk_secret ? t('unchanged') : 'SEC…'}
              />
            </Form.Item>
            <Form.Item
              name="dingtalk_mobiles"
              label={t('fields.mobiles')}
              extra={t('help.dingtalkMobiles')}
            >
              <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
            </Form.Item>
          </>
        )}
        {method === 'webhook' && (
          <>
            <Form.Item
              name="webhook_url"
              label={t('fields.webhookUrl')}
              rules={[{ required: true, type: 'url', message: t('rules.url') }]}
            >
              <Input placeholder="https://example.com/hooks/gateway" />
            </Form.Item>
            <Form.Item
              name="webhook_token"
              label={t('fields.webhookToken')}
              extra={secretHint(data?.has_webhook_token) ?? t('help.webhookToken')}
            >
              <Input.Password
                autoComplete="off"
                placeholder={data?.has_webhook_token ? t('unchanged') : ''}
              />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="warning_quota"
          label={t('fields.warningQuota')}
          extra={t('help.warningQuota', {
            value: renderQuota(data?.default_warning_quota ?? 0, display),
          })}
        >
          <InputNumber min={0} precision={0} style={{ width: 240 }} />
        </Form.Item>
        <Space wrap>
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending}
            data-testid="notify-save"
          >
            {t('save')}
          </Button>
          <Button
            icon={<SendOutlined />}
            loading={test.isPending}
            onClick={() => test.mutate()}
            data-testid="notify-test"
          >
            {t('test')}
          </Button>
        </Space>
      </Form>
      <NotificationHistory />
    </Card>
  );
}
