import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';

/** The last test's latency, coloured green / blue / orange / red by speed. */
export function ResponseTimeTag({ ms, testedAt }: { ms: number; testedAt: number }) {
  const { t } = useTranslation('channel');
  if (!testedAt) return <Tag>{t('notTested')}</Tag>;
  const color = ms <= 1000 ? 'green' : ms <= 3000 ? 'blue' : ms <= 5000 ? 'orange' : 'red';
  return (
    <Tooltip title={t('testedAt', { time: formatTime(testedAt) })}>
      <Tag color={color} style={{ whiteSpace: 'nowrap' }}>
        {(ms / 1000).toFixed(2)} s
      </Tag>
    </Tooltip>
  );
}
