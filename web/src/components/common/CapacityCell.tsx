import type { CapacityUse } from '@gateway/shared';
import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** One cap: what is used of it now, as a thin bar with the figures. */
function Gauge({ label, used, max }: { label: string; used: number; max: number }) {
  const percent = Math.min(100, Math.round((used / max) * 100));
  return (
    <div style={{ minWidth: 120 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {label} {used.toLocaleString()} / {max.toLocaleString()}
      </Typography.Text>
      <Progress
        percent={percent}
        size="small"
        showInfo={false}
        status={percent >= 100 ? 'exception' : 'normal'}
        style={{ margin: 0 }}
      />
    </div>
  );
}

/**
 * A row's admission caps against their current use: requests in flight and this minute's
 * requests or tokens. "—" when the row has no cap.
 */
export function CapacityCell({
  use,
  maxInFlight,
  maxPerMinute,
  unit,
  testId,
}: {
  use: CapacityUse | undefined;
  maxInFlight: number;
  maxPerMinute: number;
  /** What the per-minute cap counts. */
  unit: 'requests' | 'tokens';
  testId?: string;
}) {
  const { t } = useTranslation('common');
  if (maxInFlight <= 0 && maxPerMinute <= 0) {
    return <Typography.Text type="secondary">—</Typography.Text>;
  }
  return (
    <Flex vertical gap={2} data-testid={testId}>
      {maxInFlight > 0 && (
        <Gauge label={t('capacity.inFlight')} used={use?.in_flight ?? 0} max={maxInFlight} />
      )}
      {maxPerMinute > 0 && (
        <Gauge
          label={t(unit === 'tokens' ? 'capacity.tokensPerMinute' : 'capacity.requestsPerMinute')}
          used={use?.this_minute ?? 0}
          max={maxPerMinute}
        />
      )}
    </Flex>
  );
}
