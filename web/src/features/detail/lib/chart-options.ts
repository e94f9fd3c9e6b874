import { bucketLabel, type Granularity, type UsageSeries } from './aggregate';
import type { ChartOption } from '../../../components/charts/use-echart';

/** Stacked bars of one measure by model over time; `format` renders axis and tooltip values. */
export function stackedBars(
  series: UsageSeries,
  field: 'quota' | 'count' | 'tokens',
  granularity: Granularity,
  format: (value: number) => string,
  axisFormat: (value: number) => string = format,
): ChartOption {
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: unknown) => format(Number(v) || 0),
    },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: series.buckets.map((b) => bucketLabel(b, granularity)) },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => axisFormat(v) } },
    series: series.models.map((model) => ({
      name: model,
      type: 'bar',
      stack: field,
      emphasis: { focus: 'series' },
      data: series[field][model],
    })),
  };
}

/** Lines of requests per model over time. */
export function requestLines(series: UsageSeries, granularity: Granularity): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: series.buckets.map((b) => bucketLabel(b, granularity)),
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.models.map((model) => ({
      name: model,
      type: 'line',
      showSymbol: series.buckets.length <= 48,
      data: series.count[model],
    })),
  };
}

/** A ring of each model's share of the consumption. */
export function modelShare(series: UsageSeries, format: (value: number) => string): ChartOption {
  return {
    tooltip: { trigger: 'item', valueFormatter: (v: unknown) => format(Number(v) || 0) },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['40%', '70%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        label: { show: false },
        data: series.models.map((model) => ({ name: model, value: series.quotaByModel[model] })),
      },
    ],
  };
}
