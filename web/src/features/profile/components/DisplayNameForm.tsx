import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { updateSelf } from '../api';

/** Changes the display name. */
export function DisplayNameForm({ displayName }: { displayName: string }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (display_name: string) => updateSelf({ display_name }),
    onSuccess: () => {
      notify.success(t('saved'));
      void queryClient.invalidateQueries({ queryKey: ['self'] });
    },
  });
  return (
    <Card title={t('displayName.title')}>
      <Form<{ display_name: string }>
        layout="vertical"
        initialValues={{ display_name: displayName }}
        onFinish={(v) => mutation.mutate(v.display_name.trim())}
      >
        <Form.Item
          name="display_name"
          label={t('displayName.label')}
          rules={[{ max: 20, message: t('displayName.tooLong') }]}
        >
          <Input maxLength={20} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('actions.save', { ns: 'common' })}
        </Button>
      </Form>
    </Card>
  );
}
