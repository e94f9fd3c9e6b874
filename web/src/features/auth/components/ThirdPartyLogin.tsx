import { GithubOutlined, WechatOutlined, LinkOutlined } from '@ant-design/icons';
import type { StatusData } from '@gateway/shared';
import { Button, Divider, Flex, Image, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The third-party sign-in buttons the status flags enable (their flows arrive later). */
export function ThirdPartyLogin({ status }: { status: StatusData | undefined }) {
  const { t } = useTranslation('auth');
  const [wechatOpen, setWechatOpen] = useState(false);
  if (!status || !(status.github_oauth || status.linuxdo_oauth || status.wechat_login)) {
    return null;
  }
  const github = () => {
    const params = new URLSearchParams({ client_id: status.github_client_id, scope: 'user:email' });
    window.location.assign(`https://github.com/login/oauth/authorize?${params}`);
  };
  const linuxdo = () => {
    const params = new URLSearchParams({ client_id: status.linuxdo_client_id });
    window.location.assign(`https://connect.linux.do/oauth2/authorize?${params}`);
  };
  return (
    <>
      <Divider plain>{t('login.or')}</Divider>
      <Flex vertical gap={8}>
        {status.github_oauth && (
          <Button block icon={<GithubOutlined />} onClick={github}>
            {t('login.withGithub')}
          </Button>
        )}
        {status.linuxdo_oauth && (
          <Button block icon={<LinkOutlined />} onClick={linuxdo}>
            {t('login.withLinuxdo')}
          </Button>
        )}
        {status.wechat_login && (
          <Button block icon={<WechatOutlined />} onClick={() => setWechatOpen(true)}>
            {t('login.withWechat')}
          </Button>
        )}
      </Flex>
      <Modal
        open={wechatOpen}
        title={t('login.withWechat')}
        footer={null}
        onCancel={() => setWechatOpen(false)}
      >
        <Flex vertical align="center" gap={12}>
          {status.wechat_qrcode && <Image src={status.wechat_qrcode} width={200} preview={false} />}
          <Typography.Text type="secondary">{t('login.wechatHint')}</Typography.Text>
        </Flex>
      </Modal>
    </>
  );
}
