import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Sets one tag on the selected channels (the tag cannot be empty). */
export function TagDialog({
  open,
  count,
  saving,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  count: number;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (tag: string) => void;
}) {
  const { t } = useTranslation('channel');
  const [form] = Form.useForm<{ tag: string }>();
  return (
    <Modal
      open={open}
      title={t('tagDialog.title', { count })}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then((v) => onSubmit(v.tag.trim()))}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="tag"
          label={t('tagDialog.tag')}
          rules={[
            { required: true, whitespace: true, message: t('tagDialog.required') },
            { max: 64 },
          ]}
        >
          <Input autoFocus maxLength={64} data-testid="tag-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
