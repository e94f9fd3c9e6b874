import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { theme } from 'antd';
import { useEffect, useRef } from 'react';
import { chartPalette } from './palette';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

/** An ECharts option, as `setOption` takes it. */
export type ChartOption = echarts.EChartsCoreOption;

/** Whether a CSS colour (hex) is dark: the antd container colour tells the theme in use. */
export function isDarkColor(color: string): boolean {
  const hex = /^#([0-9a-f]{6})/i.exec(color)?.[1];
  const rgb = /^rgba?\(\s*(\d+)\D+(\d+)\D+(\d+)/.exec(color);
  const [r, g, b] = hex
    ? [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16))
    : rgb
      ? [rgb[1], rgb[2], rgb[3]].map(Number)
      : [255, 255, 255];
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}

/** Whether the console is in its dark theme right now. */
export function useDarkTheme(): boolean {
  const { token } = theme.useToken();
  return isDarkColor(token.colorBgContainer);
}

/**
 * Renders `option` into the returned element's ref with the 20-colour palette, in ECharts'
 * dark theme when the console is dark, resizing with its container.
 */
export function useEChart(option: ChartOption) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.ECharts | null>(null);
  const dark = useDarkTheme();
  const { token } = theme.useToken();

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const chart = echarts.init(element, dark ? 'dark' : undefined);
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [dark]);

  useEffect(() => {
    chartRef.current?.setOption(
      {
        color: [...chartPalette],
        backgroundColor: 'transparent',
        textStyle: { fontFamily: token.fontFamily },
        ...option,
      },
      { notMerge: true },
    );
  }, [option, dark, token.fontFamily]);

  return ref;
}
