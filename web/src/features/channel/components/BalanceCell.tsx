import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';

/** The upstream balance in USD with a button to fetch it again. */
export function BalanceCell({
  balance,
  updatedAt,
  busy,
  onRefresh,
}: {
  balance: number;
  updatedAt: number;
  busy: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('channel');
  return (
    <Flex align="center" gap={2} style={{ whiteSpace: 'nowrap' }}>
      <Tooltip
        title={updatedAt ? t('balanceAt', { time: formatTime(updatedAt) }) : t('balanceNever')}
      >
        <Typography.Text type={updatedAt ? undefined : 'secondary'}>
          {updatedAt ? `$${balance.toFixed(2)}` : '-'}
        </Typography.Text>
      </Tooltip>
      <Button
        size="small"
        type="text"
        icon={<ReloadOutlined />}
        loading={busy}
        onClick={onRefresh}
        aria-label={t('actions.refreshBalance')}
      />
    </Flex>
  );
}
