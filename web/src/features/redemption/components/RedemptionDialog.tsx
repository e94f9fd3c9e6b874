import type { RedemptionItem } from '@gateway/shared';
import { DatePicker, Form, Input, InputNumber, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { quotaToUnit, unitToQuota, type QuotaDisplay } from '../../../lib/quota';

/** What the dialog hands back: quota in quota units, expiry in Unix seconds (0 = never). */
export interface RedemptionValues {
  name: string;
  quota: number;
  expired_time: number;
  count: number;
}

interface FormValues {
  name: string;
  amount: number;
  expires: Dayjs | null;
  count: number;
}

/** Generates a batch of codes, or edits one (`item`): name, quota, expiry and (new) count. */
export function RedemptionDialog({
  open,
  item,
  display,
  saving,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  item: RedemptionItem | undefined;
  display: QuotaDisplay;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (values: RedemptionValues) => void;
}) {
  const { t } = useTranslation('redemption');
  const [form] = Form.useForm<FormValues>();
  const toUnits = (quota: number) =>
    display.displayInCurrency ? quotaToUnit(quota, display.quotaPerUnit) : quota;
  const toQuota = (amount: number) =>
    display.displayInCurrency ? unitToQuota(amount, display.quotaPerUnit) : Math.round(amount);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      name: item?.name ?? '',
      amount: toUnits(item?.quota ?? (display.displayInCurrency ? display.quotaPerUnit : 500_000)),
      expires: item && item.expired_time !== 0 ? dayjs.unix(item.expired_time) : null,
      count: 1,
    });
    // toUnits only reads `display`, which is a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, item, display, form]);

  const submit = async () => {
    const v = await form.validateFields();
    onSubmit({
      name: v.name.trim(),
      quota: toQuota(Number(v.amount) || 0),
      expired_time: v.expires ? v.expires.unix() : 0,
      count: v.count || 1,
    });
  };

  return (
    <Modal
      open={open}
      title={item ? t('form.editTitle', { name: item.name }) : t('form.createTitle')}
      onCancel={onCancel}
      onOk={() => void submit()}
      okText={item ? t('common:actions.save') : t('form.generate')}
      confirmLoading={saving}
      destroyOnHidden
      style={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      <Form form={form} layout="vertical" data-testid="redemption-form">
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[
            { required: true, whitespace: true, message: t('form.nameRequired') },
            { max: 20, message: t('form.nameTooLong') },
          ]}
        >
          <Input maxLength={20} showCount placeholder={t('form.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={display.displayInCurrency ? t('form.amountCurrency') : t('form.amountQuota')}
          rules={[
            {
              required: true,
              type: 'number',
              min: display.displayInCurrency ? 0.000001 : 1,
              message: t('form.amountRequired'),
            },
          ]}
        >
          <InputNumber
            min={0}
            step={display.displayInCurrency ? 1 : 1000}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="expires" label={t('form.expires')} extra={t('form.expiresHint')}>
          <DatePicker
            showTime
            allowClear
            style={{ width: '100%' }}
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
          />
        </Form.Item>
        {!item && (
          <Form.Item
            name="count"
            label={t('form.count')}
            rules={[
              { required: true, type: 'number', min: 1, max: 100, message: t('form.countRange') },
            ]}
          >
            <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
