import { defaultLevelName, type LevelItem, type SaveLevelRequest } from '@gateway/shared';
import { useMutation } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { saveLevel } from '../api';
import { parseModelMap } from '../lib/model-map';

interface Props {
  level: LevelItem | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/** What the form edits: the model maps as JSON text. */
type Values = Omit<
  Required<SaveLevelRequest>,
  'id' | 'model_request_limits' | 'model_concurrency_limits' | 'model_prices'
> & {
  model_request_limits: string;
  model_concurrency_limits: string;
  model_prices: string;
};

const blank: Values = {
  name: '',
  description: '',
  priority: 1,
  group_discount: 1,
  extra_discount: 1,
  groups: [],
  model_request_limits: '{}',
  model_concurrency_limits: '{}',
  rate_limit: 0,
  model_prices: '{}',
  benefits: '',
  auto_upgrade: false,
  required_days: 0,
  required_amount: 0,
  required_topup_quota: 0,
  required_used_quota: 0,
};

const json = (value: Record<string, number>) => JSON.stringify(value, null, 2);

/** Adds or edits a level; the model limits and prices are JSON maps `{model: number}`. */
export function LevelDialog({ level, onClose, onSaved }: Props) {
  const { t } = useTranslation('levels');
  const [form] = Form.useForm<Values>();
  const editing = level !== null && level !== 'new' ? level : null;
  useEffect(() => {
    if (level === null) return;
    form.setFieldsValue(
      editing
        ? {
            ...editing,
            model_request_limits: json(editing.model_request_limits),
            model_concurrency_limits: json(editing.model_concurrency_limits),
            model_prices: json(editing.model_prices),
          }
        : blank,
    );
  }, [level, editing, form]);
  const save = useMutation({
    mutationFn: saveLevel,
    onSuccess: () => {
      notify.success(t('saved'));
      onSaved();
    },
  });
  const mapRule = { validator: async (_: unknown, text: string) => void parseModelMap(text, t) };
  const submit = (values: Values) =>
    save.mutate({
      ...values,
      id: editing?.id,
      model_request_limits: parseModelMap(values.model_request_limits, t),
      model_concurrency_limits: parseModelMap(values.model_concurrency_limits, t),
      model_prices: parseModelMap(values.model_prices, t),
    });
  const number = (name: keyof Values, label: string, props: Record<string, unknown> = {}) => (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('rules.number') }]}>
      <InputNumber min={0} style={{ width: '100%' }} {...props} />
    </Form.Item>
  );

  return (
    <Modal
      open={level !== null}
      title={editing ? t('editTitle', { name: editing.name }) : t('addTitle')}
      okText={t('save')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={720}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="level-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('fields.name')}
              rules={[{ required: true, whitespace: true, message: t('rules.name') }]}
            >
              <Input maxLength={64} disabled={editing?.name === defaultLevelName} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {number('priority', t('fields.priority'), { precision: 0, max: 1000 })}
          </Col>
        </Row>
        <Form.Item name="description" label={t('fields.description')}>
          <Input maxLength={500} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={12} md={8}>
            {number('group_discount', t('fields.groupDiscount'), { step: 0.05, max: 10 })}
          </Col>
          <Col xs={12} md={8}>
            {number('extra_discount', t('fields.extraDiscount'), { step: 0.05, max: 10 })}
          </Col>
          <Col xs={24} md={8}>
            {number('rate_limit', t('fields.rateLimit'), { precision: 0 })}
          </Col>
        </Row>
        <Form.Item name="groups" label={t('fields.groups')} extra={t('help.groups')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="model_request_limits"
              label={t('fields.modelRequestLimits')}
              rules={[mapRule]}
            >
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} spellCheck={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="model_concurrency_limits"
              label={t('fields.modelConcurrencyLimits')}
              rules={[mapRule]}
            >
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} spellCheck={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="model_prices"
              label={t('fields.modelPrices')}
              extra={t('help.modelPrices')}
              rules={[mapRule]}
            >
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} spellCheck={false} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="benefits" label={t('fields.benefits')} extra={t('help.benefits')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
        <Form.Item
          name="auto_upgrade"
          label={t('fields.autoUpgrade')}
          valuePropName="checked"
          extra={t('help.autoUpgrade')}
        >
          <Switch />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            {number('required_days', t('fields.requiredDays'), { precision: 0 })}
          </Col>
          <Col xs={12} md={6}>
            {number('required_amount', t('fields.requiredAmount'), { precision: 2 })}
          </Col>
          <Col xs={12} md={6}>
            {number('required_topup_quota', t('fields.requiredTopup'), { precision: 0 })}
          </Col>
          <Col xs={12} md={6}>
            {number('required_used_quota', t('fields.requiredUsed'), { precision: 0 })}
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
