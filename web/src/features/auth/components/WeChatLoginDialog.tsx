import { useMutation } from '@tanstack/react-query';
import { Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginWithWeChat } from '../api';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

/** WeChat sign-in: scan the account's QR code, then type the code it replies with. */
export function WeChatLoginDialog({
  open,
  onClose,
  qrcode,
  redirect,
}: {
  open: boolean;
  onClose: () => void;
  qrcode: string;
  redirect: string | null;
}) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const complete = useCompleteSignIn();
  const mutation = useMutation({
    mutationFn: loginWithWeChat,
    onSuccess: (result) => complete(result, redirect),
  });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('login.wechat')}
      okText={t('login.submit')}
      okButtonProps={{ disabled: !code.trim(), loading: mutation.isPending }}
      onOk={() => mutation.mutate(code.trim())}
    >
      <Flex vertical align="center" gap={12}>
        {qrcode && (
          <img src={qrcode} alt="" width={200} height={200} style={{ objectFit: 'contain' }} />
        )}
        <Typography.Text type="secondary">{t('login.wechatHint')}</Typography.Text>
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t('fields.verificationCode')}
        />
      </Flex>
    </Modal>
  );
}
