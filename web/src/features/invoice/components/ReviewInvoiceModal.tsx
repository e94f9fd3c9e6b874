import { UploadOutlined } from '@ant-design/icons';
import { invoiceActions, type InvoiceItem } from '@gateway/shared';
import { useMutation } from '@tanstack/react-query';
import { Button, Descriptions, Form, Input, Modal, Radio, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { reviewInvoice, uploadInvoicePdf } from '../api';
import { pdfProblem } from '../lib/pdf-file';

type Action = (typeof invoiceActions)[number];

interface Props {
  invoice: InvoiceItem | null;
  onClose: () => void;
  onReviewed: () => void;
}

/**
 * The review of one invoice by finance: an action is required; approving needs the PDF
 * (checked by its content, at most 10 MB), rejecting needs a reason.
 */
export function ReviewInvoiceModal({ invoice, onClose, onReviewed }: Props) {
  const { t, i18n } = useTranslation('invoice');
  const [form] = Form.useForm<{ action?: Action; reason?: string }>();
  const action = Form.useWatch('action', form);
  const [file, setFile] = useState<File | null>(null);
  const [missingPdf, setMissingPdf] = useState(false);
  const submit = useMutation({
    mutationFn: async (values: { action: Action; reason?: string }) => {
      if (!invoice) return;
      if (values.action === 'approve' && file) await uploadInvoicePdf(invoice.id, file);
      await reviewInvoice(invoice.id, { action: values.action, reason: values.reason ?? '' });
    },
    onSuccess: () => {
      notify.success(t('review.done'));
      setFile(null);
      form.resetFields();
      onReviewed();
    },
  });
  const close = () => {
    setFile(null);
    setMissingPdf(false);
    form.resetFields();
    onClose();
  };
  const hasPdf = file !== null || (invoice?.file_size ?? 0) > 0;
  const actions = invoiceActions.filter((a) => a !== 'tax_review' || invoice?.status === 'pending');

  return (
    <Modal
      open={invoice !== null}
      title={t('review.title', { id: invoice?.id })}
      okText={t('review.submit')}
      confirmLoading={submit.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      {invoice && (
        <Descriptions
          size="small"
          column={1}
          bordered
          style={{ marginBottom: 16 }}
          items={[
            { label: t('columns.user'), children: `${invoice.username} (#${invoice.user_id})` },
            { label: t('fields.type'), children: t(`types.${invoice.type}`) },
            {
              label: t('columns.amount'),
              children: formatMoney(invoice.amount_minor, invoice.currency, i18n.language),
            },
            { label: t('fields.title'), children: invoice.title },
            { label: t('fields.taxId'), children: invoice.tax_id },
            { label: t('fields.email'), children: invoice.email },
            { label: t('fields.remark'), children: invoice.remark || '—' },
          ]}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={({ action: chosen, reason }) => {
          if (!chosen) return;
          if (chosen === 'approve' && !hasPdf) return setMissingPdf(true);
          submit.mutate({ action: chosen, reason });
        }}
        data-testid="invoice-review-form"
      >
        <Form.Item
          name="action"
          label={t('review.action')}
          rules={[{ required: true, message: t('rules.action') }]}
        >
          <Radio.Group
            options={actions.map((a) => ({ value: a, label: t(`review.actions.${a}`) }))}
          />
        </Form.Item>
        {action === 'approve' && (
          <Form.Item
            label={t('review.pdf')}
            extra={t('review.pdfHint')}
            required
            validateStatus={missingPdf && !hasPdf ? 'error' : undefined}
            help={missingPdf && !hasPdf ? t('rules.pdf') : undefined}
          >
            <Upload
              accept=".pdf,application/pdf"
              maxCount={1}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
              onRemove={() => setFile(null)}
              beforeUpload={async (chosen) => {
                const problem = await pdfProblem(chosen);
                if (problem) notify.error(t(`rules.${problem}`));
                else setFile(chosen);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="invoice-pdf-pick">
                {invoice?.file_size ? t('review.replacePdf') : t('review.choosePdf')}
              </Button>
            </Upload>
          </Form.Item>
        )}
        {action === 'reject' && (
          <Form.Item
            name="reason"
            label={t('review.reason')}
            rules={[{ required: true, whitespace: true, message: t('rules.reason') }]}
          >
            <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
