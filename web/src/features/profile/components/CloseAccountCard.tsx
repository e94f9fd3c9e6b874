import { Role } from '@gateway/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { userStore } from '../../../lib/user-store';
import { closeAccount } from '../api';

/** Closes the account out (irreversible); the account name must be typed. Root cannot. */
export function CloseAccountCard({ username, role }: { username: string; role: number }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const mutation = useMutation({
    mutationFn: closeAccount,
    onSuccess: () => {
      userStore.clear();
      notify.success(t('close.done'));
      navigate('/login');
    },
  });
  const isRoot = role === Role.root;
  return (
    <Card title={t('close.title')}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('close.description')}</Typography.Text>
        {isRoot && <Alert type="info" showIcon title={t('close.rootCannot')} />}
        <Button
          danger
          disabled={isRoot}
          onClick={() => setOpen(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('close.button')}
        </Button>
      </Flex>
      <Modal
        open={open}
        title={t('close.confirmTitle')}
        onCancel={() => setOpen(false)}
        okText={t('close.confirmButton')}
        okButtonProps={{ danger: true, disabled: typed !== username, loading: mutation.isPending }}
        onOk={() => mutation.mutate(typed)}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Alert type="error" showIcon title={t('close.irreversible')} />
          <Typography.Text>{t('close.typeName', { username })}</Typography.Text>
          <Input
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={username}
            data-testid="close-confirm-input"
          />
        </Flex>
      </Modal>
    </Card>
  );
}
