import { Card, Col, Form, Input, InputNumber, Row, Switch, Button, Flex } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useOperationSave } from '../hooks/use-operation-save';
import { isStatusRanges } from '../lib/map-editor';

interface HealthValues {
  RetryTimes: number;
  AutomaticRetryStatusCodes: string;
  AutomaticDisableChannelEnabled: boolean;
  AutomaticEnableChannelEnabled: boolean;
  AutomaticDisableStatusCodes: string;
  AutomaticDisableKeywords: string;
  ChannelDisableThreshold: number;
}

const keys: Array<keyof HealthValues> = [
  'RetryTimes',
  'AutomaticRetryStatusCodes',
  'AutomaticDisableChannelEnabled',
  'AutomaticEnableChannelEnabled',
  'AutomaticDisableStatusCodes',
  'AutomaticDisableKeywords',
  'ChannelDisableThreshold',
];

function valuesOf(options: Record<string, string>): HealthValues {
  return {
    RetryTimes: Number(options.RetryTimes ?? 0),
    AutomaticRetryStatusCodes: options.AutomaticRetryStatusCodes ?? '',
    AutomaticDisableChannelEnabled: options.AutomaticDisableChannelEnabled === 'true',
    AutomaticEnableChannelEnabled: options.AutomaticEnableChannelEnabled === 'true',
    AutomaticDisableStatusCodes: options.AutomaticDisableStatusCodes ?? '',
    AutomaticDisableKeywords: options.AutomaticDisableKeywords ?? '',
    ChannelDisableThreshold: Number(options.ChannelDisableThreshold ?? 0),
  };
}

/** Retries, and when channels are disabled or enabled again automatically. */
export function ChannelHealthSettings({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('operation');
  const { save, saving } = useOperationSave();
  const [form] = Form.useForm<HealthValues>();
  const initial = valuesOf(options);
  const ranges = {
    validator: (_: unknown, v: string) =>
      isStatusRanges(v ?? '')
        ? Promise.resolve()
        : Promise.reject(new Error(t('health.rangesInvalid'))),
  };
  const submit = async () => {
    const values = await form.validateFields();
    const changes = keys
      .filter((k) => k in options && String(values[k]) !== String(initial[k]))
      .map((k): [string, string] => [k, String(values[k])]);
    await save(changes);
  };
  return (
    <Card title={t('health.title')} data-testid="operation-health">
      <Form form={form} layout="vertical" initialValues={initial} key={JSON.stringify(initial)}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="RetryTimes"
              label={t('health.retryTimes')}
              extra={t('health.retryTimesHint')}
            >
              <InputNumber min={0} max={10} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="AutomaticRetryStatusCodes"
              label={t('health.retryCodes')}
              extra={t('health.rangesHint')}
              rules={[ranges]}
            >
              <Input placeholder="401,403-404,500-599" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="AutomaticDisableChannelEnabled"
              label={t('health.autoDisable')}
              valuePropName="checked"
              tooltip={t('health.autoDisableHint')}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="AutomaticEnableChannelEnabled"
              label={t('health.autoEnable')}
              valuePropName="checked"
              tooltip={t('health.autoEnableHint')}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="ChannelDisableThreshold"
              label={t('health.threshold')}
              extra={t('health.thresholdHint')}
            >
              <InputNumber
                min={0}
                step={0.5}

                suffix="s"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="AutomaticDisableStatusCodes"
              label={t('health.disableCodes')}
              extra={t('health.rangesHint')}
              rules={[ranges]}
            >
              <Input placeholder="401" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="AutomaticDisableKeywords"
              label={t('health.keywords')}
              extra={t('health.keywordsHint')}
            >
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
            </Form.Item>
          </Col>
        </Row>
        <Flex justify="flex-end">
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            onClick={() => void submit().catch(() => undefined)}
          >
            {t('save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
