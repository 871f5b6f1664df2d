/**
 * The parts of ECharts the statistics screens draw with, and the China map registered from china-geojson.
 * This module is only ever imported dynamically (see EChart.tsx), so ECharts and the map data stay out of
 * the bundles of every other screen, the sign-in page first of all.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart, MapChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import chinaGeoJson from 'china-geojson/src/geojson/china.json';
import { provinceCode } from '@rd/contract';

echarts.use([BarChart, LineChart, MapChart, PieChart, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

/** The name the China map is registered under. */
export const CHINA_MAP = 'china';

interface Feature {
  properties: { id?: string; name: string };
}

/**
 * Region name on the map (the feature's own name) for each 6-digit area code. The features carry the first
 * two digits of the code as `id` ("44"; Hong Kong and Macao carry none, only their name), so the code is
 * read from the id first and from the name otherwise; the South China Sea inset maps to no province.
 */
export const REGION_BY_AREA: ReadonlyMap<string, string> = new Map(
  (chinaGeoJson.features as Feature[])
    .map((f) => [provinceCode(f.properties.id || f.properties.name), f.properties.name] as const)
    .filter(([code]) => code !== ''),
);

echarts.registerMap(CHINA_MAP, chinaGeoJson as unknown as Parameters<typeof echarts.registerMap>[1]);

export { echarts };
