import type { TokenItem } from '@gateway/shared';
import { Flex, Switch, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const colors: Record<number, string> = { 1: 'green', 2: 'default', 3: 'orange', 4: 'red' };

/**
 * A key's state with its switch. Expired and exhausted keys cannot be switched on until the
 * expiry or the quota is changed, which the tooltip explains.
 */
export function TokenStatusCell({
  item,
  busy,
  onToggle,
}: {
  item: TokenItem;
  busy: boolean;
  onToggle: (enabled: boolean) => void;
}) {
  const { t } = useTranslation('token');
  const blocked = item.status === 3 || item.status === 4;
  const tag = (
    <Tag color={colors[item.status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {t(`status.${item.status}`, { defaultValue: String(item.status) })}
    </Tag>
  );
  return (
    <Flex align="center" gap={8} style={{ whiteSpace: 'nowrap' }}>
      <Tooltip title={blocked ? t('status.blockedHint') : undefined}>
        <Switch
          size="small"
          checked={item.status === 1}
          disabled={blocked}
          loading={busy}
          onChange={onToggle}
          aria-label={t('status.toggle')}
        />
      </Tooltip>
      {blocked ? <Tooltip title={t('status.blockedHint')}>{tag}</Tooltip> : tag}
    </Flex>
  );
}
