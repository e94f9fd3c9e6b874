import { Card } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuotaDisplay } from '../../../lib/quota';
import { axisMoney, renderCost } from '../../../lib/format';
import { EChart } from '../../../components/charts/EChart';
import { chartPalette } from '../../../components/charts/palette';
import type { DayUsage } from '../lib/week-usage';

/** A small chart of the last 7 days: consumption as bars, requests as a line. */
export function UsageMiniChart({ days, display }: { days: DayUsage[]; display: QuotaDisplay }) {
  const { t } = useTranslation('panel');
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 32, bottom: 4, containLabel: true },
      xAxis: { type: 'category', data: days.map((d) => dayjs.unix(d.day).format('MM-DD')) },
      yAxis: [
        { type: 'value', axisLabel: { formatter: (v: number) => axisMoney(v, display) } },
        { type: 'value', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          name: t('chart.quota'),
          type: 'bar',
          itemStyle: { color: chartPalette[0], borderRadius: [4, 4, 0, 0] },
          tooltip: { valueFormatter: (v: unknown) => renderCost(Number(v) || 0, display) },
          data: days.map((d) => d.quota),
        },
        {
          name: t('chart.count'),
          type: 'line',
          yAxisIndex: 1,
          smooth: false,
          itemStyle: { color: chartPalette[1] },
          data: days.map((d) => d.count),
        },
      ],
    }),
    [days, display, t],
  );
  return (
    <Card size="small" title={t('chart.title')}>
      <EChart option={option} height={220} testId="panel-chart" />
    </Card>
  );
}
