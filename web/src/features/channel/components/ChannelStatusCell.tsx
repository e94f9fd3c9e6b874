import type { ChannelItem } from '@gateway/shared';
import { Flex, Switch, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';

const colors: Record<number, string> = { 0: 'default', 1: 'green', 2: 'orange', 3: 'red' };

/** Why and when the channel was last switched automatically (`other_info`). */
function reasonOf(channel: ChannelItem): { reason?: string; time?: number } {
  try {
    const info = JSON.parse(channel.other_info || '{}') as {
      status_reason?: string;
      status_time?: number;
    };
    return { reason: info.status_reason, time: info.status_time };
  } catch {
    return {};
  }
}

/** The channel state with its switch; the reason of an automatic change in a tooltip. */
export function ChannelStatusCell({
  channel,
  canWrite,
  busy,
  onToggle,
}: {
  channel: ChannelItem;
  canWrite: boolean;
  busy: boolean;
  onToggle: (enabled: boolean) => void;
}) {
  const { t } = useTranslation('channel');
  const { reason, time } = reasonOf(channel);
  const tip = reason ? `${reason}${time ? ` (${formatTime(time)})` : ''}` : undefined;
  return (
    <Flex align="center" gap={6} style={{ whiteSpace: 'nowrap' }}>
      {canWrite && (
        <Switch
          size="small"
          checked={channel.status === 1}
          loading={busy}
          onChange={onToggle}
          aria-label={t('status.toggle')}
        />
      )}
      <Tooltip title={tip}>
        <Tag color={colors[channel.status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
          {t(`status.${channel.status}`, { defaultValue: String(channel.status) })}
        </Tag>
      </Tooltip>
    </Flex>
  );
}
