import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { provinceCode } from '@rd/contract';
import { areaCodeOfText, provinceOfArea } from '@rd/contract/areas';

/**
 * The province and prefecture-level city a browser position (WGS-84 latitude and longitude) lies in, from
 * the boundaries of the npm package china-geojson, the data the statistics map draws: its 34 provinces,
 * then the cities of the province found. Loaded on the first position (about 2 MB of JSON), never at start.
 *
 * The data is older than the area codes: renamed prefectures are matched by their new names (毕节地区 is
 * 毕节市, 襄樊市 is 襄阳市, 莱芜市 is in 济南市 now); a place whose city has no code (巢湖, the districts of
 * the municipalities, counties governed by their province directly) is placed by its province only, as a
 * scan placed by IP is. Boundaries are simplified and a phone's position may be a few hundred metres off
 * (GCJ-02), so a place close to a border can be given its neighbour. Outside every province (abroad, at
 * sea): null, and the position judges nothing.
 */
export interface PositionPlace {
  provinceCode: string;
  /** '' when the city is not known. */
  cityCode: string;
}

type Ring = Array<[number, number]>;
interface Shape {
  /** Polygons, each an outer ring and its holes, as [longitude, latitude]. */
  polygons: Ring[][];
  box: { west: number; east: number; south: number; north: number };
}
interface Feature {
  properties: { name: string; id?: string | null };
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
}

/** Prefectures renamed or merged since the boundaries were drawn. */
const RENAMED: Record<string, string> = { 襄樊市: '襄阳市', 莱芜市: '济南市' };

function shapeOf(feature: Feature): Shape {
  const polygons = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
  const box = { west: Infinity, east: -Infinity, south: Infinity, north: -Infinity };
  for (const polygon of polygons) {
    for (const [lng, lat] of polygon[0] ?? []) {
      box.west = Math.min(box.west, lng);
      box.east = Math.max(box.east, lng);
      box.south = Math.min(box.south, lat);
      box.north = Math.max(box.north, lat);
    }
  }
  return { polygons, box };
}

/** Even-odd ray casting: a crossing count of the ring's edges east of the point. */
function inRing(ring: Ring, lng: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function contains(shape: Shape, lng: number, lat: number): boolean {
  const { box } = shape;
  if (lng < box.west || lng > box.east || lat < box.south || lat > box.north) return false;
  return shape.polygons.some(([outer, ...holes]) => outer !== undefined && inRing(outer, lng, lat) && !holes.some((hole) => inRing(hole, lng, lat)));
}

interface Boundaries {
  provinces: Array<{ code: string; shape: Shape }>;
  citiesOf: Map<string, Array<{ code: string; shape: Shape }>>;
}

/** The city code of a feature's name, '' when it names no prefecture-level city of the area table. */
function cityCodeOfName(name: string): string {
  const current = RENAMED[name] ?? name.replace(/地区$/, '市');
  const code = areaCodeOfText(current);
  return code && !code.endsWith('0000') ? code : '';
}

function loadBoundaries(): Boundaries {
  const dir = dirname(createRequire(import.meta.url).resolve('china-geojson/src/geojson/china.json'));
  const read = (file: string) => (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { features: Feature[] }).features;
  const provinces = read('china.json').flatMap((feature) => {
    const { id, name } = feature.properties;
    const code = id ? `${id}0000` : provinceCode(name);
    return code ? [{ code, shape: shapeOf(feature) }] : [];
  });
  const citiesOf = new Map<string, Array<{ code: string; shape: Shape }>>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('_geo.json'))) {
    for (const feature of read(file)) {
      const code = cityCodeOfName(feature.properties.name);
      const province = code ? provinceOfArea(code)?.code : undefined;
      if (!province) continue;
      citiesOf.set(province, [...(citiesOf.get(province) ?? []), { code, shape: shapeOf(feature) }]);
    }
  }
  return { provinces, citiesOf };
}

let boundaries: Boundaries | undefined;

export function placeOfPosition(latitude: number, longitude: number): PositionPlace | null {
  boundaries ??= loadBoundaries();
  const province = boundaries.provinces.find((p) => contains(p.shape, longitude, latitude));
  if (!province) return null;
  const city = boundaries.citiesOf.get(province.code)?.find((c) => contains(c.shape, longitude, latitude));
  return { provinceCode: province.code, cityCode: city?.code ?? '' };
}
