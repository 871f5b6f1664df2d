import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';

type ChartModule = typeof import('./echarts');

let loading: Promise<ChartModule> | null = null;
/** ECharts and the map data, fetched the first time a chart is shown and shared afterwards. */
export function loadCharts(): Promise<ChartModule> {
  loading ??= import('./echarts');
  return loading;
}

function countPoints(option: unknown): number {
  const series = (option as { series?: Array<{ data?: unknown[] }> }).series ?? [];
  return series.reduce((sum, s) => sum + (s.data ?? []).filter((d) => pointValue(d) > 0).length, 0);
}

function pointValue(d: unknown): number {
  if (typeof d === 'number') return d;
  if (d && typeof d === 'object' && 'value' in d) return Number((d as { value: unknown }).value) || 0;
  return 0;
}

export interface EChartProps {
  /** Built once the chart library is there (the map needs its region names). */
  option: (charts: ChartModule) => EChartsCoreOption;
  height: number;
  testId: string;
}

/**
 * One ECharts canvas. The library is imported on first use, so only screens with charts download it. The
 * chart follows its container's width and is disposed with the component.
 */
export function EChart({ option, height, testId }: EChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const [charts, setCharts] = useState<ChartModule | null>(null);
  const chart = useRef<ReturnType<ChartModule['echarts']['init']> | null>(null);

  useEffect(() => {
    let live = true;
    void loadCharts().then((m) => live && setCharts(m));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!charts || !host.current) return;
    const instance = charts.echarts.init(host.current);
    chart.current = instance;
    // A host with no size (its screen hidden or on its way out) is not drawn: the map's projection of a
    // 0 × 0 box cannot be inverted, and ECharts throws on it. The chart is laid out again once it shows.
    const resize = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0 && entry.contentRect.height > 0) instance.resize();
    });
    resize.observe(host.current);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [charts]);

  // How many data points with a value the chart holds, for tests and for a glance in the DOM inspector.
  const [points, setPoints] = useState(0);
  useEffect(() => {
    if (!charts || !chart.current) return;
    chart.current.setOption(option(charts), { notMerge: true });
    setPoints(countPoints(chart.current.getOption()));
  }, [charts, option]);

  return (
    <div style={{ position: 'relative', height }}>
      <div ref={host} style={{ height }} data-testid={testId} data-chart-ready={charts ? 'true' : 'false'} data-points={points} />
      {!charts && <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />}
    </div>
  );
}
