import { GithubOutlined, LoginOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Divider, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readString } from '../../../lib/storage';
import { useStatus } from '../../../site/hooks/use-status';
import { fetchOAuthState } from '../api';
import { authorizeUrl } from '../lib/oauth';
import { WeChatLoginDialog } from './WeChatLoginDialog';

/** Third-party sign-in buttons, each shown only when the status enables it. */
export function ThirdPartyButtons({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('auth');
  const status = useStatus();
  const [weChatOpen, setWeChatOpen] = useState(false);
  const github = Boolean(status.github_oauth && status.github_client_id);
  const linuxdo = Boolean(status.linuxdo_oauth && status.linuxdo_client_id);
  const wechat = Boolean(status.wechat_login);
  if (!github && !linuxdo && !wechat) return null;

  const start = async (provider: 'github' | 'linuxdo', clientId: string) => {
    // The invitation code of a remembered invitation link rides along in the state.
    const state = await fetchOAuthState(readString('aff') ?? undefined).catch(() => '');
    const base = provider === 'github' ? status.github_authorize_url : status.linuxdo_authorize_url;
    window.location.href = authorizeUrl(provider, clientId, state ?? '', base);
  };

  return (
    <>
      <Divider plain>{t('login.orContinueWith')}</Divider>
      <Flex vertical gap={8}>
        {github && (
          <Button
            block
            icon={<GithubOutlined />}
            onClick={() => void start('github', status.github_client_id ?? '')}
          >
            {t('login.github')}
          </Button>
        )}
        {linuxdo && (
          <Button
            block
            icon={<LoginOutlined />}
            onClick={() => void start('linuxdo', status.linuxdo_client_id ?? '')}
          >
            {t('login.linuxdo')}
          </Button>
        )}
        {wechat && (
          <Button block icon={<WechatOutlined />} onClick={() => setWeChatOpen(true)}>
            {t('login.wechat')}
          </Button>
        )}
      </Flex>
      <WeChatLoginDialog
        open={weChatOpen}
        onClose={() => setWeChatOpen(false)}
        qrcode={status.wechat_qrcode ?? ''}
        redirect={redirect}
      />
    </>
  );
}
