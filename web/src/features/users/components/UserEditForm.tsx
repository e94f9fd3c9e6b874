import type { UpdateUserRequest, UserListItem } from '@gateway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BudgetCell } from '../../../components/common/BudgetCell';
import { BudgetFields } from '../../../components/common/BudgetFields';
import { levelColor } from '../../../lib/group-colors';
import { notify } from '../../../lib/notify';
import { renderQuota } from '../../../lib/quota';
import type { StoredUser } from '../../../lib/user-store';
import { passwordRules, usernameRules } from '../../../lib/password-rules';
import { useSiteInfo } from '../../../site/hooks/use-status';
import { parseModelMap, useLevels } from '../../levels';
import { updateUser } from '../api';
import { assignableRoles } from '../lib/role-rules';

type Values = Required<
  Pick<
    UpdateUserRequest,
    | 'username'
    | 'display_name'
    | 'group'
    | 'level'
    | 'quota'
    | 'remark'
    | 'concurrency_limit'
    | 'tpm_limit'
    | 'budget_period'
    | 'budget_quota'
  >
> & {
  password?: string;
  role?: number;
  extra_discount: number;
  /** `{model: multiplier}` as JSON text. */
  model_discounts: string;
};

/**
 * Edits another user: name, display name, password, group, level, own concurrency cap and
 * discounts, quota, remark and role.
 */
export function UserEditForm({ me, user }: { me: StoredUser; user: UserListItem }) {
  const { t } = useTranslation(['users', 'auth', 'common']);
  const { quota } = useSiteInfo();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const levels = useLevels();
  const { t: tLevels } = useTranslation('levels');
  const quotaValue = Form.useWatch('quota', form) ?? user.quota;
  const mutation = useMutation({
    // The balance goes only when it was edited, with the value it was edited from: the server
    // sets it only if nothing moved it meanwhile, so saving a remark never resets it.
    mutationFn: ({ quota: edited, model_discounts, ...values }: Values) =>
      updateUser({
        id: user.id,
        ...values,
        model_discounts: parseModelMap(model_discounts, tLevels),
        password: values.password || undefined,
        ...(edited === user.quota ? {} : { quota: edited, original_quota: user.quota }),
      }),
    onSuccess: () => {
      notify.success(t('edit.saved'));
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      void queryClient.invalidateQueries({ queryKey: ['user', user.id] });
    },
  });
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{
        ...user,
        password: '',
        model_discounts: JSON.stringify(user.model_discounts, null, 2),
      }}
      onFinish={(v) => mutation.mutate(v)}
    >
      <Form.Item name="username" label={t('auth:fields.username')} rules={usernameRules(t)}>
        <Input maxLength={12} showCount />
      </Form.Item>
      <Form.Item name="display_name" label={t('fields.displayName')} rules={[{ max: 20 }]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('fields.newPassword')}
        extra={t('edit.passwordHint')}
        rules={passwordRules(t).slice(1)}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="group"
        label={t('fields.group')}
        rules={[{ required: true, whitespace: true, max: 64, message: t('edit.groupRequired') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="level"
        label={t('fields.level')}
        rules={[{ required: true, message: t('edit.levelRequired') }]}
      >
        <Select
          loading={levels.isLoading}
          options={(levels.data ?? []).map((l) => ({
            value: l.name,
            label: <Tag color={levelColor(l.priority)}>{l.name}</Tag>,
          }))}
          data-testid="user-level"
        />
      </Form.Item>
      <Form.Item
        name="concurrency_limit"
        label={t('fields.concurrencyLimit')}
        extra={t('edit.concurrencyHint')}
      >
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="tpm_limit" label={t('fields.tpmLimit')} extra={t('edit.tpmHint')}>
        <InputNumber min={0} max={1_000_000_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <BudgetFields display={quota} />
      {user.budget_period && (
        <BudgetCell
          period={user.budget_period}
          quota={user.budget_quota}
          used={user.budget_used}
          display={quota}
          testId="user-budget"
        />
      )}
      <Form.Item
        name="extra_discount"
        label={t('fields.extraDiscount')}
        extra={t('edit.extraDiscountHint')}
        rules={[{ required: true }]}
      >
        <InputNumber min={0} max={10} step={0.05} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="model_discounts"
        label={t('fields.modelDiscounts')}
        extra={t('edit.modelDiscountsHint')}
        rules={[{ validator: async (_, text: string) => void parseModelMap(text, tLevels) }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="quota"
        label={t('fields.quota')}
        extra={t('edit.quotaHint', { value: renderQuota(quotaValue, quota) })}
        rules={[{ required: true }]}
      >
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="role" label={t('fields.role')}>
        <Select
          options={assignableRoles(me).map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
        />
      </Form.Item>
      <Form.Item name="remark" label={t('fields.remark')} rules={[{ max: 255 }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={255} showCount />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        {t('edit.emailNote', { email: user.email || '-' })}
      </Typography.Paragraph>
      <Space>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('common:actions.save')}
        </Button>
        <Button onClick={() => navigate('/user')}>{t('common:actions.back')}</Button>
      </Space>
    </Form>
  );
}
