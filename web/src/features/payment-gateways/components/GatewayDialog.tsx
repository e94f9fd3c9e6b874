import type { PaymentGateway, SavePaymentGatewayRequest } from '@gateway/shared';
import {
  AutoComplete,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Switch,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The EPay methods most gateways offer; others can be typed. */
const epayTypes = ['alipay', 'wxpay', 'qqpay', 'usdt'];

interface FormValues {
  name: string;
  provider: string;
  payment_type: string;
  icon: string;
  callback_domain: string;
  fixed_fee: number;
  percent: number;
  currency_rate: number;
  currency: string;
  enabled: boolean;
  sort: number;
  base_url: string;
  pid: string;
  key: string;
  query_before_credit: boolean;
  secret_key: string;
  webhook_secret: string;
}

/** Adds or edits a payment gateway: the terms buyers see and the provider's credentials. */
export function GatewayDialog({
  open,
  item,
  saving,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  item: PaymentGateway | undefined;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (body: SavePaymentGatewayRequest) => void;
}) {
  const { t } = useTranslation('payment');
  const [form] = Form.useForm<FormValues>();
  const provider = Form.useWatch('provider', form) ?? item?.provider ?? 'epay';
  // A secret is required when adding, or when switching an existing gateway to another provider.
  const secretRules = (message: string) =>
    item && item.provider === provider ? [] : [{ required: true, whitespace: true, message }];

  useEffect(() => {
    if (!open) return;
    const config = (item?.config ?? {}) as Record<string, unknown>;
    form.setFieldsValue({
      name: item?.name ?? '',
      provider: item?.provider ?? 'epay',
      payment_type: item?.payment_type ?? 'alipay',
      icon: item?.icon ?? '',
      callback_domain: item?.callback_domain ?? '',
      fixed_fee: item?.fixed_fee ?? 0,
      percent: Math.round((item?.percent_fee ?? 0) * 10_000) / 100,
      currency_rate: item?.currency_rate ?? 7.3,
      currency: item?.currency ?? 'CNY',
      enabled: item?.enabled ?? true,
      sort: item?.sort ?? 0,
      base_url: String(config.base_url ?? ''),
      pid: String(config.pid ?? ''),
      key: '',
      query_before_credit: Boolean(config.query_before_credit),
      secret_key: '',
      webhook_secret: '',
    });
  }, [open, item, form]);

  const submit = async () => {
    const v = await form.validateFields();
    onSubmit({
      id: item?.id,
      name: v.name.trim(),
      provider: v.provider,
      payment_type: v.payment_type?.trim() ?? '',
      icon: v.icon?.trim() ?? '',
      callback_domain: v.callback_domain?.trim() ?? '',
      fixed_fee: v.fixed_fee ?? 0,
      percent_fee: (v.percent ?? 0) / 100,
      currency_rate: v.currency_rate,
      currency: v.currency,
      enabled: v.enabled,
      sort: v.sort ?? 0,
      config:
        v.provider === 'stripe'
          ? {
              secret_key: v.secret_key?.trim() ?? '',
              webhook_secret: v.webhook_secret?.trim() ?? '',
            }
          : {
              base_url: v.base_url.trim(),
              pid: v.pid.trim(),
              key: v.key?.trim() ?? '',
              query_before_credit: v.query_before_credit,
            },
    });
  };

  return (
    <Modal
      open={open}
      title={item ? t('dialog.editTitle', { name: item.name }) : t('dialog.addTitle')}
      onCancel={onCancel}
      onOk={() => void submit()}
      okText={t('common:actions.save')}
      confirmLoading={saving}
      destroyOnHidden
      width={680}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      <Form form={form} layout="vertical" data-testid="gateway-form">
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('fields.name')}
              rules={[{ required: true, whitespace: true, message: t('fields.nameRequired') }]}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="provider" label={t('fields.provider')}>
              <Select
                options={[
                  { value: 'epay', label: 'EPay' },
                  { value: 'stripe', label: 'Stripe' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="payment_type" label={t('fields.paymentType')}>
              <AutoComplete options={epayTypes.map((value) => ({ value }))} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="currency_rate"
              label={t('fields.currencyRate')}
              extra={t('fields.currencyRateHint')}
              rules={[
                {
                  required: true,
                  type: 'number',
                  min: 0.000001,
                  message: t('fields.currencyRateRequired'),
                },
              ]}
            >
              <InputNumber min={0} step={0.1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={4}>
            <Form.Item
              name="currency"
              label={t('fields.currency')}
              rules={[
                { required: true, pattern: /^[A-Za-z]{3}$/, message: t('fields.currencyInvalid') },
              ]}
            >
              <Input maxLength={3} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="fixed_fee" label={t('fields.fixedFee')}>
              <InputNumber min={0} step={0.1} prefix="$" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="percent" label={t('fields.percentFee')}>
              <InputNumber min={0} max={100} step={0.5} suffix="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="icon" label={t('fields.icon')}>
              <Input maxLength={255} placeholder="https://… / alipay" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="callback_domain"
              label={t('fields.callbackDomain')}
              extra={t('fields.callbackDomainHint')}
            >
              <Input maxLength={255} placeholder="https://pay.example.com" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="sort" label={t('fields.sort')}>
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('dialog.credentials')}</Divider>
        {provider === 'stripe' ? (
          <Row gutter={12}>
            <Col xs={24}>
              <Form.Item
                name="secret_key"
                label={t('fields.secretKey')}
                rules={secretRules(t('fields.secretKeyRequired'))}
              >
                <Input.Password
                  placeholder={item?.provider === 'stripe' ? t('fields.keyKept') : 'sk_live_…'}
                  autoComplete="new-password"
                />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="webhook_secret"
                label={t('fields.webhookSecret')}
                extra={
                  item
                    ? t('fields.webhookUrl', {
                        url: `${window.location.origin}/api/stripe/webhook/${item.id}`,
                      })
                    : t('fields.webhookUrlLater')
                }
                rules={secretRules(t('fields.webhookSecretRequired'))}
              >
                <Input.Password
                  placeholder={item?.provider === 'stripe' ? t('fields.keyKept') : 'whsec_…'}
                  autoComplete="new-password"
                />
              </Form.Item>
            </Col>
          </Row>
        ) : (
          <Row gutter={12}>
            <Col xs={24}>
              <Form.Item
                name="base_url"
                label={t('fields.baseUrl')}
                extra={t('fields.baseUrlHint')}
                rules={[{ required: true, type: 'url', message: t('fields.baseUrlRequired') }]}
              >
                <Input placeholder="https://pay.example.com/" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={10}>
              <Form.Item
                name="pid"
                label={t('fields.pid')}
                rules={[{ required: true, whitespace: true, message: t('fields.pidRequired') }]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} sm={14}>
              <Form.Item
                name="key"
                label={t('fields.key')}
                rules={
                  item
                    ? []
                    : [{ required: true, whitespace: true, message: t('fields.keyRequired') }]
                }
              >
                <Input.Password
                  placeholder={item ? t('fields.keyKept') : ''}
                  autoComplete="new-password"
                />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="query_before_credit"
                label={t('fields.queryBeforeCredit')}
                extra={t('fields.queryBeforeCreditHint')}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            </Col>
          </Row>
        )}
      </Form>
    </Modal>
  );
}
