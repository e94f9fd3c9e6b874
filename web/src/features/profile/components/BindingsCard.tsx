import {
  GithubOutlined,
  LinkOutlined,
  MailOutlined,
  NotificationOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { BindingKind, SelfUser } from '@gateway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, List, Popconfirm, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { fetchOAuthState } from '../../auth';
import { authorizeUrl } from '../../auth';
import { useStatus } from '../../../site/hooks/use-status';
import { unbind } from '../bindings-api';
import { EmailBindDialog } from './EmailBindDialog';
import { WeChatBindDialog } from './WeChatBindDialog';
import { WxPusherBindDialog } from './WxPusherBindDialog';

interface Row {
  kind: BindingKind;
  icon: ReactNode;
  /** The bound value, empty when not bound. */
  value: string;
  /** Whether binding is offered (the provider is switched on). */
  offered: boolean;
  onBind: () => void;
}

/**
 * The account's ways to sign in and be notified: e-mail, GitHub, linux.do, WeChat, WxPusher.
 * Each can be bound (or changed) while its provider is on, and removed unless it is the last
 * way to sign in (the server refuses that).
 */
export function BindingsCard({ user }: { user: SelfUser }) {
  const { t } = useTranslation('signin');
  const status = useStatus();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'email' | 'wechat' | 'wxpusher' | null>(null);
  const remove = useMutation({
    mutationFn: unbind,
    onSuccess: (_, kind) => {
      notify.success(t('bindings.unbound', { name: t(`providers.${kind}`) }));
      void queryClient.invalidateQueries({ queryKey: ['self'] });
    },
  });
  const startOAuth = async (provider: 'github' | 'linuxdo') => {
    const clientId =
      (provider === 'github' ? status.github_client_id : status.linuxdo_client_id) ?? '';
    const base = provider === 'github' ? status.github_authorize_url : status.linuxdo_authorize_url;
    const state = await fetchOAuthState().catch(() => '');
    window.location.href = authorizeUrl(provider, clientId, state ?? '', base);
  };
  const rows: Row[] = [
    {
      kind: 'email',
      icon: <MailOutlined />,
      value: user.email,
      offered: true,
      onBind: () => setDialog('email'),
    },
    {
      kind: 'github',
      icon: <GithubOutlined />,
      value: user.github_id,
      offered: status.github_oauth === true,
      onBind: () => void startOAuth('github'),
    },
    {
      kind: 'linuxdo',
      icon: <LinkOutlined />,
      value: user.linuxdo_id,
      offered: status.linuxdo_oauth === true,
      onBind: () => void startOAuth('linuxdo'),
    },
    {
      kind: 'wechat',
      icon: <WechatOutlined />,
      value: user.wechat_id,
      offered: status.wechat_login === true,
      onBind: () => setDialog('wechat'),
    },
    {
      kind: 'wxpusher',
      icon: <NotificationOutlined />,
      value: user.wxpusher_uid,
      offered: status.wxpusher_enabled === true,
      onBind: () => setDialog('wxpusher'),
    },
  ];
  const shown = rows.filter((r) => r.offered || r.value);
  return (
    <Card title={t('bindings.title')} data-testid="bindings-card">
      <List
        dataSource={shown}
        renderItem={(row) => (
          <List.Item data-binding={row.kind}>
            <Flex justify="space-between" align="center" gap={12} wrap style={{ width: '100%' }}>
              <Space size={12} style={{ minWidth: 0 }}>
                <span style={{ fontSize: 20 }}>{row.icon}</span>
                <Flex vertical style={{ minWidth: 0 }}>
                  <Typography.Text strong>{t(`providers.${row.kind}`)}</Typography.Text>
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 260 }}>
                    {row.value || t('bindings.notBound')}
                  </Typography.Text>
                </Flex>
              </Space>
              <Space wrap>
                {row.offered && (
                  <Button size="small" onClick={row.onBind}>
                    {row.value ? t('bindings.change') : t('bindings.bind')}
                  </Button>
                )}
                {row.value && (
                  <Popconfirm
                    title={t('bindings.unbindConfirm', { name: t(`providers.${row.kind}`) })}
                    okText={t('actions.confirm', { ns: 'common' })}
                    cancelText={t('actions.cancel', { ns: 'common' })}
                    onConfirm={() => remove.mutateAsync(row.kind).catch(() => undefined)}
                  >
                    <Button
                      size="small"
                      danger
                      loading={remove.isPending && remove.variables === row.kind}
                    >
                      {t('bindings.unbind')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            </Flex>
          </List.Item>
        )}
      />
      <EmailBindDialog
        open={dialog === 'email'}
        current={user.email}
        onClose={() => setDialog(null)}
      />
      <WeChatBindDialog
        open={dialog === 'wechat'}
        qrcode={status.wechat_qrcode ?? ''}
        onClose={() => setDialog(null)}
      />
      <WxPusherBindDialog open={dialog === 'wxpusher'} onClose={() => setDialog(null)} />
    </Card>
  );
}
