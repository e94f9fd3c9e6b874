import type { UserListItem } from '@gateway/shared';
import { Form, InputNumber, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderQuota, unitToQuota } from '../../../lib/quota';
import { useSiteInfo } from '../../../site/hooks/use-status';
import { useManageUser } from '../hooks/use-manage-user';

type Mode = 'add' | 'subtract' | 'override';

/** Adds to, subtracts from or overrides a user's balance (entered in currency units). */
export function QuotaDialog({ user, onClose }: { user: UserListItem | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { quota } = useSiteInfo();
  const [form] = Form.useForm<{ mode: Mode; amount: number }>();
  const manage = useManageUser();
  const amount = Form.useWatch('amount', form) ?? 0;
  const mode = Form.useWatch('mode', form) ?? 'add';
  // The amount is typed in currency when the site shows currency, else in raw quota.
  const toQuota = (a: number) =>
    quota.displayInCurrency ? unitToQuota(a, quota.quotaPerUnit) : Math.round(a);
  const value = toQuota(amount);
  const current = user?.quota ?? 0;
  const after = mode === 'add' ? current + value : mode === 'subtract' ? current - value : value;
  const submit = ({ mode: m, amount: a }: { mode: Mode; amount: number }) => {
    if (!user) return;
    manage.mutate(
      {
        id: user.id,
        action: 'add_quota',
        mode: m,
        value: toQuota(a),
        ...(m === 'override' ? { original_quota: current } : {}),
      },
      { onSuccess: onClose },
    );
  };
  return (
    <Modal
      open={user !== null}
      title={t('quota.title', { username: user?.username ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: manage.isPending }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ mode: 'add', amount: 0 }}
        onFinish={submit}
        preserve={false}
      >
        <Form.Item name="mode" label={t('quota.mode')}>
          <Radio.Group
            optionType="button"
            options={(['add', 'subtract', 'override'] as const).map((m) => ({
              value: m,
              label: t(`quota.modes.${m}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={quota.displayInCurrency ? t('quota.amountCurrency') : t('quota.amountQuota')}
          rules={[{ required: true, message: t('quota.amountRequired') }]}
        >
          <InputNumber
            min={0}
            step={quota.displayInCurrency ? 1 : 1000}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Typography.Text type="secondary">
          {t('quota.preview', {
            current: renderQuota(current, quota),
            after: renderQuota(after, quota),
            units: value,
          })}
        </Typography.Text>
      </Form>
    </Modal>
  );
}
