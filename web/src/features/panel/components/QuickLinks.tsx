import { BookOutlined, KeyOutlined, WalletOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Shortcuts: create a key, top up, read the docs. */
export function QuickLinks({ docLink }: { docLink: string }) {
  const { t } = useTranslation('panel');
  return (
    <Card size="small" title={t('quick.title')}>
      <Flex wrap gap={8}>
        <Link to="/token?create=1">
          <Button type="primary" icon={<KeyOutlined />} data-testid="panel-create-key">
            {t('quick.createKey')}
          </Button>
        </Link>
        <Link to="/topup">
          <Button icon={<WalletOutlined />}>{t('quick.topup')}</Button>
        </Link>
        <Link to={docLink ? '/doc' : '/doc'}>
          <Button icon={<BookOutlined />}>{t('quick.docs')}</Button>
        </Link>
      </Flex>
    </Card>
  );
}
