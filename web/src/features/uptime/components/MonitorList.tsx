import { Card, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MonitorGroup, MonitorState } from '../lib/uptime-kuma';

const tagColor: Record<MonitorState, string> = {
  up: 'green',
  down: 'red',
  pending: 'orange',
  maintenance: 'blue',
  unknown: 'default',
};

/** Each group's monitors with state, 24-hour uptime, ping and recent beats. */
export function MonitorList({ groups }: { groups: MonitorGroup[] }) {
  const { t } = useTranslation('uptime');
  const { token } = theme.useToken();
  const beatColor: Record<MonitorState, string> = {
    up: token.colorSuccess,
    down: token.colorError,
    pending: token.colorWarning,
    maintenance: token.colorInfo,
    unknown: token.colorFillSecondary,
  };
  return (
    <Flex vertical gap={16} data-testid="uptime-monitors">
      {groups.map((group) => (
        <Card key={group.name} title={group.name || t('services')} size="small">
          <Flex vertical gap={12}>
            {group.monitors.map((m) => (
              <Flex key={m.id} justify="space-between" align="center" wrap gap={8}>
                <Flex align="center" gap={8} style={{ minWidth: 0 }}>
                  <Tag color={tagColor[m.state]}>{t(`state.${m.state}`)}</Tag>
                  <Typography.Text strong>{m.name}</Typography.Text>
                </Flex>
                <Flex align="center" gap={12} wrap>
                  <Flex gap={2} aria-hidden>
                    {m.beats.map((beat, i) => (
                      <span
                        key={i}
                        style={{
                          width: 5,
                          height: 16,
                          borderRadius: 2,
                          background: beatColor[beat],
                          display: 'inline-block',
                        }}
                      />
                    ))}
                  </Flex>
                  <Tooltip title={m.message}>
                    <Typography.Text
                      type="secondary"
                      style={{ fontSize: 12, whiteSpace: 'nowrap' }}
                    >
                      {m.uptime !== undefined
                        ? t('uptime24', { value: (m.uptime * 100).toFixed(2) })
                        : ''}
                      {m.ping !== undefined ? ` · ${m.ping} ms` : ''}
                    </Typography.Text>
                  </Tooltip>
                </Flex>
              </Flex>
            ))}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
