import type { CreateTokenRequest, TokenItem } from '@gateway/shared';
import {
  Alert,
  Col,
  Collapse,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BudgetFields } from '../../../components/common/BudgetFields';
import { renderQuota, unitToQuota, type QuotaDisplay } from '../../../lib/quota';
import { useUserGroups } from '../hooks/use-user-groups';
import { useUserModels } from '../hooks/use-user-models';
import { toFormValues, toTokenRequest, type TokenFormValues } from '../lib/token-form';
import { ExpiryField } from './ExpiryField';
import { GroupSelect } from './GroupSelect';
import { ModelLimitPicker } from './ModelLimitPicker';

/** Create or edit a key with every field of the gateway. */
export function TokenEditDialog({
  open,
  item,
  display,
  saving,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  /** The key to edit; undefined creates. */
  item: TokenItem | undefined;
  display: QuotaDisplay;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (body: CreateTokenRequest) => void;
}) {
  const { t } = useTranslation('token');
  const [form] = Form.useForm<TokenFormValues>();
  const groups = useUserGroups(open);
  const models = useUserModels(open);
  const creating = !item;
  const unlimited = Form.useWatch('unlimited_quota', form);
  const limitModels = Form.useWatch('model_limits_enabled', form);
  const amount = Form.useWatch('amount', form);
  const proxyMode = Form.useWatch(['mj_setting', 'image_proxy_mode'], form);

  useEffect(() => {
    if (open) form.setFieldsValue(toFormValues(item, display));
  }, [open, item, display, form]);

  const submit = async () => {
    const values = await form.validateFields();
    onSubmit(toTokenRequest({ ...form.getFieldsValue(true), ...values }, display, item));
  };

  const amountQuota = display.displayInCurrency
    ? unitToQuota(Number(amount) || 0, display.quotaPerUnit)
    : Number(amount) || 0;

  return (
    <Modal
      open={open}
      title={creating ? t('form.createTitle') : t('form.editTitle', { name: item?.name })}
      onCancel={onCancel}
      onOk={() => void submit()}
      okText={creating ? t('form.create') : t('common:actions.save')}
      confirmLoading={saving}
      destroyOnHidden
      width={720}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      <Alert type="info" showIcon title={t('applyNote')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" data-testid="token-form">
        <Row gutter={12}>
          <Col xs={24} sm={creating ? 16 : 24}>
            <Form.Item
              name="name"
              label={t('form.name')}
              rules={[
                { required: true, whitespace: true, message: t('form.nameRequired') },
                { max: 50, message: t('form.nameTooLong') },
              ]}
            >
              <Input placeholder={t('form.namePlaceholder')} maxLength={50} showCount />
            </Form.Item>
          </Col>
          {creating && (
            <Col xs={24} sm={8}>
              <Form.Item name="count" label={t('form.count')} tooltip={t('form.countHint')}>
                <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Form.Item name="expires" label={t('form.expiry')}>
          <ExpiryField />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item name="unlimited_quota" label={t('form.unlimited')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item
              name="amount"
              label={display.displayInCurrency ? t('form.amountUsd') : t('form.amountQuota')}
              rules={[{ type: 'number', min: 0, message: t('form.quotaNegative') }]}
              extra={
                unlimited
                  ? t('form.unlimitedHint')
                  : display.displayInCurrency
                    ? t('form.equalsQuota', { quota: amountQuota })
                    : t('form.equalsUsd', {
                        amount: renderQuota(amountQuota, { ...display, displayInCurrency: true }),
                      })
              }
            >
              <InputNumber
                min={0}
                step={display.displayInCurrency ? 1 : 500000}
                precision={display.displayInCurrency ? undefined : 0}
                disabled={unlimited}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="group" label={t('form.group')} extra={t('form.groupHint')}>
          <GroupSelect groups={groups.data} />
        </Form.Item>
        <Form.Item
          name="fallback_groups"
          label={t('form.fallbackGroups')}
          extra={t('form.fallbackGroupsHint')}
          rules={[{ type: 'array', max: 5, message: t('form.fallbackGroupsMax') }]}
        >
          <Select
            mode="multiple"
            allowClear
            data-testid="token-fallback-groups"
            options={Object.entries(groups.data ?? {}).map(([name, info]) => ({
              value: name,
              label: `${name} ×${info.ratio}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="model_limits_enabled"
          label={t('form.modelLimits')}
          valuePropName="checked"
          extra={t('form.modelLimitsHint')}
        >
          <Switch />
        </Form.Item>
        {limitModels && (
          <Form.Item
            name="model_limits"
            rules={[{ required: true, type: 'array', min: 1, message: t('form.modelsRequired') }]}
          >
            <ModelLimitPicker models={models.data ?? []} loading={models.isLoading} />
          </Form.Item>
        )}
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="allow_ips" label={t('form.allowIps')} extra={t('form.ipHint')}>
              <Input.TextArea rows={3} placeholder={'203.0.113.7\n10.0.0.0/8'} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="deny_ips" label={t('form.denyIps')} extra={t('form.ipHint')}>
              <Input.TextArea rows={3} placeholder={'198.51.100.0/24'} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text strong>{t('form.rateLimit')}</Typography.Text>
        <Row gutter={12} style={{ marginTop: 8 }}>
          <Col xs={12} sm={8}>
            <Form.Item
              name="rate_limit_count"
              label={t('form.rateCount')}
              tooltip={t('form.rateCountHint')}
            >
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="rate_limit_window_seconds" label={t('form.rateWindow')}>
              <InputNumber min={1} max={86400} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="rate_limit_message" label={t('form.rateMessage')}>
              <Input maxLength={255} placeholder={t('form.rateMessagePlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="max_parallel"
              label={t('form.maxParallel')}
              tooltip={t('form.maxParallelHint')}
            >
              <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="tpm_limit" label={t('form.tpmLimit')} tooltip={t('form.tpmLimitHint')}>
              <InputNumber min={0} max={1_000_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <BudgetFields display={display} />
        <Collapse
          size="small"
          items={[
            {
              key: 'mj',
              label: t('form.mj.title'),
              children: (
                <Row gutter={12}>
                  <Col xs={24} sm={12}>
                    <Form.Item name={['mj_setting', 'mode']} label={t('form.mj.mode')}>
                      <Select
                        options={(['', 'relax', 'fast', 'turbo'] as const).map((v) => ({
                          value: v,
                          label: t(`form.mj.modes.${v || 'default'}`),
                        }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name={['mj_setting', 'image_proxy_mode']}
                      label={t('form.mj.proxyMode')}
                    >
                      <Select
                        options={(['', 'origin', 'relay', 'proxy'] as const).map((v) => ({
                          value: v,
                          label: t(`form.mj.proxyModes.${v || 'default'}`),
                        }))}
                      />
                    </Form.Item>
                  </Col>
                  {proxyMode === 'proxy' && (
                    <Col span={24}>
                      <Form.Item
                        name={['mj_setting', 'image_proxy_url']}
                        label={t('form.mj.proxyUrl')}
                      >
                        <Input placeholder="https://img.example.com" />
                      </Form.Item>
                    </Col>
                  )}
                  <Col span={24}>
                    <Form.Item
                      name={['mj_setting', 'backup_pool']}
                      label={t('form.mj.backupPool')}
                      valuePropName="checked"
                    >
                      <Switch />
                    </Form.Item>
                  </Col>
                </Row>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}
