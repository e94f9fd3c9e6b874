import {
  invoiceTypes,
  minorDigits,
  type ApplyInvoiceRequest,
  type InvoiceSummary,
} from '@gateway/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { applyForInvoice } from '../api';

interface Props {
  open: boolean;
  summary: InvoiceSummary;
  onClose: () => void;
  onApplied: () => void;
}

/** The application form: type, amount within what can be invoiced, title, tax id, e-mail. */
export function ApplyInvoiceModal({ open, summary, onClose, onApplied }: Props) {
  const { t, i18n } = useTranslation('invoice');
  const [form] = Form.useForm<ApplyInvoiceRequest>();
  const digits = minorDigits(summary.currency);
  const scale = 10 ** digits;
  const money = (minor: number) => formatMoney(minor, summary.currency, i18n.language);
  const apply = useMutation({
    mutationFn: applyForInvoice,
    onSuccess: () => {
      notify.success(t('apply.done'));
      form.resetFields();
      onApplied();
    },
  });
  const forbidden = (remark: string | undefined) =>
    summary.forbidden_words.find((w) => (remark ?? '').toLowerCase().includes(w.toLowerCase()));

  return (
    <Modal
      open={open}
      title={t('apply.title')}
      okText={t('apply.submit')}
      confirmLoading={apply.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('apply.available', {
          amount: money(summary.invoiceable_minor),
          min: money(summary.min_minor),
        })}
        description={t('apply.reviewTime', {
          from: summary.review_days[0],
          to: summary.review_days[1],
        })}
      />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ type: 'ordinary' }}
        onFinish={(values) => apply.mutate(values)}
        data-testid="invoice-apply-form"
      >
        <Form.Item
          name="type"
          label={t('fields.type')}
          rules={[{ required: true, message: t('rules.type') }]}
        >
          <Select options={invoiceTypes.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('fields.amount', { currency: summary.currency })}
          rules={[
            { required: true, message: t('rules.amount') },
            {
              validator: async (_, value: number | null) => {
                if (value === null || value === undefined) return;
                const minor = Math.round(value * scale);
                if (minor < summary.min_minor) {
                  throw new Error(t('rules.min', { min: money(summary.min_minor) }));
                }
                if (minor > summary.invoiceable_minor) {
                  throw new Error(t('rules.max', { max: money(summary.invoiceable_minor) }));
                }
              },
            },
          ]}
        >
          <InputNumber min={0} precision={digits} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('fields.title')}
          rules={[{ required: true, whitespace: true, message: t('rules.title') }]}
        >
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item
          name="tax_id"
          label={t('fields.taxId')}
          rules={[
            { required: true, whitespace: true, message: t('rules.taxId') },
            { pattern: /^[0-9A-Za-z-]+$/, message: t('rules.taxIdFormat') },
          ]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('fields.email')}
          rules={[
            { required: true, message: t('rules.email') },
            { type: 'email', message: t('rules.emailFormat') },
          ]}
        >
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('fields.remark')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const word = forbidden(value);
                if (word) throw new Error(t('rules.remark', { word }));
              },
            },
          ]}
        >
          <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
