import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { bindWeChat } from '../bindings-api';

/** Binds WeChat: scan the official account's QR code, send it 「验证码」, type the reply. */
export function WeChatBindDialog({
  open,
  qrcode,
  onClose,
}: {
  open: boolean;
  qrcode: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('signin');
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const bind = useMutation({
    mutationFn: bindWeChat,
    onSuccess: () => {
      notify.success(t('wechat.bound'));
      void queryClient.invalidateQueries({ queryKey: ['self'] });
      setCode('');
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('wechat.bindTitle')}
      okText={t('actions.confirm', { ns: 'common' })}
      cancelText={t('actions.cancel', { ns: 'common' })}
      onCancel={onClose}
      onOk={() => bind.mutate(code.trim())}
      okButtonProps={{ disabled: !code.trim(), loading: bind.isPending }}
    >
      <Flex vertical align="center" gap={12}>
        {qrcode && (
          <img
            src={qrcode}
            alt={t('wechat.qrAlt')}
            width={200}
            height={200}
            style={{ objectFit: 'contain' }}
          />
        )}
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {t('wechat.hint')}
        </Typography.Text>
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t('wechat.code')}
          maxLength={12}
        />
      </Flex>
    </Modal>
  );
}
