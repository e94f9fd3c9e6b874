import type { CreateUserRequest } from '@gateway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import type { StoredUser } from '../../../lib/user-store';
import { passwordRules, usernameRules } from '../../../lib/password-rules';
import { createUser } from '../api';
import { assignableRoles } from '../lib/role-rules';

/** Creates a user with a role below the creator's. */
export function CreateUserDialog({
  me,
  open,
  onClose,
}: {
  me: StoredUser;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['users', 'common', 'auth']);
  const [form] = Form.useForm<CreateUserRequest>();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      notify.success(t('create.done'));
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('create.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: mutation.isPending }}
      destroyOnHidden
    >
      <Form<CreateUserRequest>
        form={form}
        layout="vertical"
        initialValues={{ role: 1 }}
        onFinish={(v) => mutation.mutate(v)}
        preserve={false}
      >
        <Form.Item name="username" label={t('auth:fields.username')} rules={usernameRules(t)}>
          <Input maxLength={12} showCount autoComplete="off" />
        </Form.Item>
        <Form.Item name="display_name" label={t('fields.displayName')} rules={[{ max: 20 }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="password" label={t('auth:fields.password')} rules={passwordRules(t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="role" label={t('fields.role')}>
          <Select
            options={assignableRoles(me).map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
