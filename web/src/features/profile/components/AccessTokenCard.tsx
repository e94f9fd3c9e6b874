import { KeyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/common/CopyButton';
import { rotateAccessToken } from '../api';

/** Generates the personal access token (for `Authorization:`) and offers to copy it. */
export function AccessTokenCard() {
  const { t } = useTranslation('profile');
  const mutation = useMutation({ mutationFn: rotateAccessToken });
  const token = mutation.data;
  return (
    <Card title={t('accessToken.title')}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('accessToken.description')}</Typography.Text>
        {token && (
          <>
            <Alert type="warning" showIcon title={t('accessToken.shownOnce')} />
            <Space.Compact style={{ width: '100%' }}>
              <Input value={token} readOnly data-testid="access-token" />
              <CopyButton text={token} />
            </Space.Compact>
          </>
        )}
        <Popconfirm
          title={t('accessToken.confirm')}
          onConfirm={() => mutation.mutate()}
          okText={t('actions.confirm', { ns: 'common' })}
          cancelText={t('actions.cancel', { ns: 'common' })}
        >
          <Button
            icon={<KeyOutlined />}
            loading={mutation.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {token ? t('accessToken.regenerate') : t('accessToken.generate')}
          </Button>
        </Popconfirm>
      </Flex>
    </Card>
  );
}
