import { gs1CheckDigit } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { jsonb } from '../modules/product/jsonb.js';

/** The day `days` before a day (after it when negative), both yyyy-MM-dd. */
export function daysBefore(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - days)).toISOString().slice(0, 10);
}

/** The cooperative numbers its batches by harvest day: PGZ-20250615. */
export function demoBatchNo(harvest: string): string {
  return `PGZ-${harvest.replaceAll('-', '')}`;
}

/** A watermelon's farming records, from sowing about three months before its harvest to the picking. */
export function demoFarmingRecords(harvest: string) {
  return [
    { kind: 'SOWING' as const, date: daysBefore(harvest, 95), operator: '王建国', material: '西瓜种子 1.5kg', images: [] },
    { kind: 'FERTILISING' as const, date: daysBefore(harvest, 55), operator: '李秀英', material: '腐熟农家肥 羊粪 2t/亩', images: [] },
    { kind: 'PICKING' as const, date: harvest, operator: '王建国', material: '', images: [] },
  ];
}

/** A GTIN-13 under the GS1 China prefix 690, with its check digit. */
const gtin13 = (body12: string) => `${body12}${gs1CheckDigit(body12)}`;

/**
 * The demo cooperative's products: a category tree, a watermelon template whose attributes show on the
 * scan page, two products with their attribute values, and the season's first batch of each with its farming
 * records, harvested some weeks before `startDay` (the first start's business day, yyyy-MM-dd).
 */
export async function seedDemoProducts(db: Kysely<DB>, companyId: string, userId: string | null, startDay = new Date().toISOString().slice(0, 10)): Promise<void> {
  const fruit = await db.insertInto('product_category').values({ company_id: companyId, name: '瓜果', sort: 1 }).returning('id').executeTakeFirstOrThrow();
  const watermelon = await db
    .insertInto('product_category')
    .values({ company_id: companyId, parent_id: fruit.id, name: '西瓜', sort: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('product_category').values({ company_id: companyId, parent_id: fruit.id, name: '甜瓜', sort: 2 }).execute();

  const template = await db
    .insertInto('product_template')
    .values({ company_id: companyId, name: '西瓜产品模板', remark: '庞各庄西瓜的产品信息', created_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const attributes = [
    { attr_key: 'variety', label: '品种', label_en: 'Variety', type: 'TEXT', required: true, show_on_scan: true },
    { attr_key: 'sugar', label: '中心糖度(%)', label_en: 'Sugar content (%)', type: 'NUMBER', required: false, show_on_scan: true },
    { attr_key: 'plantingBase', label: '种植基地', label_en: 'Planting base', type: 'TEXT', required: false, show_on_scan: true },
    { attr_key: 'listedOn', label: '上市日期', label_en: 'On sale from', type: 'DATE', required: false, show_on_scan: false },
    { attr_key: 'story', label: '产品故事', label_en: 'Story', type: 'RICH_TEXT', required: false, show_on_scan: true },
  ] as const;
  await db
    .insertInto('template_attribute')
    .values(attributes.map((a, sort) => ({ ...a, template_id: template.id, sort })))
    .execute();

  const products = [
    {
      name: '庞各庄京欣一号西瓜',
      gtin: gtin13('690123400001'),
      spec: '单果 5-7kg',
      values: { variety: '京欣一号', sugar: '12.5', plantingBase: '庞各庄镇四各庄村基地', listedOn: daysBefore(startDay, 90), story: '沙瓤多汁，皮薄脆甜。\n种植于永定河冲积沙壤土。' },
      harvestedDaysAgo: 92,
      shelfDays: 30,
    },
    {
      name: '庞各庄麒麟西瓜',
      gtin: gtin13('690123400002'),
      spec: '单果 3-4kg',
      values: { variety: '麒麟', sugar: '13', plantingBase: '庞各庄镇梨花村基地', story: '小果型早熟品种，肉质细嫩。' },
      harvestedDaysAgo: 78,
      shelfDays: 25,
    },
  ];
  for (const p of products) {
    const product = await db
      .insertInto('product')
      .values({
        company_id: companyId,
        name: p.name,
        category_id: watermelon.id,
        template_id: template.id,
        gtin: p.gtin,
        spec: p.spec,
        unit: '个',
        brand: '庞各庄',
        images: jsonb([]),
        description: '北京市大兴区庞各庄西瓜专业合作社出品。',
        created_by: userId,
        updated_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('product_attr_value')
      .values(Object.entries(p.values).map(([attr_key, value]) => ({ product_id: product.id, attr_key, value })))
      .execute();
    const harvest = daysBefore(startDay, p.harvestedDaysAgo);
    await db
      .insertInto('product_batch')
      .values({
        company_id: companyId,
        product_id: product.id,
        batch_no: demoBatchNo(harvest),
        production_date: daysBefore(harvest, -1),
        expiry_date: daysBefore(harvest, -1 - p.shelfDays),
        quantity: 2000,
        origin: '北京市大兴区庞各庄镇',
        harvest_date: harvest,
        farming_records: jsonb(demoFarmingRecords(harvest)),
        inspection_reports: jsonb([]),
        created_by: userId,
        updated_by: userId,
      })
      .execute();
  }
}
