import type { AgentSelf } from '@gateway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { applyAsAgent } from '../api';

/** Joining the programme: the application form, or where an application stands. */
export function ApplyCard({ self }: { self: AgentSelf }) {
  const { t } = useTranslation('agent');
  const client = useQueryClient();
  const apply = useMutation({
    mutationFn: applyAsAgent,
    onSuccess: () => {
      notify.success(t('apply.done'));
      void client.invalidateQueries({ queryKey: ['agent-self'] });
    },
  });
  const status = self.agent?.status;
  if (status === 'pending' || status === 'disabled') {
    return (
      <Card title={t('apply.title')}>
        <Alert
          type={status === 'pending' ? 'info' : 'warning'}
          showIcon
          title={t(`apply.${status}`)}
          data-testid="agent-status"
        />
      </Card>
    );
  }
  return (
    <Card title={t('apply.title')} data-testid="agent-apply">
      {status === 'rejected' && (
        <Alert type="warning" showIcon title={t('apply.rejected')} style={{ marginBottom: 16 }} />
      )}
      <Form
        layout="vertical"
        style={{ maxWidth: 520 }}
        onFinish={(v: { contact: string; note?: string }) =>
          apply.mutate({ contact: v.contact, note: v.note ?? '' })
        }
      >
        <Form.Item
          name="contact"
          label={t('apply.contact')}
          rules={[{ required: true, whitespace: true, message: t('apply.contactRequired') }]}
        >
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="note" label={t('apply.note')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={apply.isPending}>
          {t('apply.submit')}
        </Button>
      </Form>
    </Card>
  );
}
