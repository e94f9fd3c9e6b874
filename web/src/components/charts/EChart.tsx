import type { CSSProperties } from 'react';
import { useEChart, type ChartOption } from './use-echart';

/** A chart element for an ECharts option (palette and dark mode applied). */
export function EChart({
  option,
  height = 320,
  style,
  testId,
}: {
  option: ChartOption;
  height?: number;
  style?: CSSProperties;
  testId?: string;
}) {
  const ref = useEChart(option);
  return <div ref={ref} style={{ width: '100%', height, ...style }} data-testid={testId} />;
}
