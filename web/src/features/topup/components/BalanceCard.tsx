import { WalletOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';

/**
 * The balance, and where else to get more: the operator's top-up page (root's top-up link),
 * and a word that online payment is off when no gateway is enabled.
 */
export function BalanceCard({
  quota,
  usedQuota,
  topUpQuota,
  display,
  topUpLink,
  onlineEnabled,
}: {
  quota: number | undefined;
  usedQuota: number | undefined;
  /** Accumulated recharge. */
  topUpQuota: number | undefined;
  display: QuotaDisplay;
  topUpLink: string;
  /** Online payment is offered below (else the card says it is not). */
  onlineEnabled: boolean;
}) {
  const { t } = useTranslation('topup');
  const buy = () => {
    if (!topUpLink) notify.warning(t('balance.linkNotSet'));
    else window.open(topUpLink, '_blank', 'noopener,noreferrer');
  };
  return (
    <Card title={t('balance.title')} style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        <Flex gap={32} wrap>
          <Statistic
            title={t('balance.current')}
            value={quota === undefined ? '—' : renderQuota(quota, display)}
            prefix={<WalletOutlined />}
          />
          <Statistic
            title={t('balance.used')}
            value={usedQuota === undefined ? '—' : renderQuota(usedQuota, display)}
          />
          <Statistic
            title={t('balance.recharged')}
            value={topUpQuota === undefined ? '—' : renderQuota(topUpQuota, display)}
          />
        </Flex>
        {!onlineEnabled && (
          <Typography.Text type="secondary">{t('balance.onlineOff')}</Typography.Text>
        )}
        <div>
          <Button onClick={buy}>{t('balance.buyCode')}</Button>
        </div>
      </Flex>
    </Card>
  );
}
