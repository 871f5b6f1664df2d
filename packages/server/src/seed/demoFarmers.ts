import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';

/**
 * The demo cooperative's growers (瓜农), each linked to the products they grow; the first batches name
 * theirs. Runs after seedDemoProducts and finds its products by name, and the batches of each grower's product.
 */
export async function seedDemoFarmers(db: Kysely<DB>, companyId: string, userId: string | null): Promise<void> {
  const products = await db.selectFrom('product').select(['id', 'name']).where('company_id', '=', companyId).execute();
  const productId = (name: string) => products.find((p) => p.name === name)?.id;
  const growers = [
    {
      name: '张德福',
      phone: '13911112222',
      id_card: '110115197203150015',
      address: '北京市大兴区庞各庄镇四各庄村 23 号',
      planting_base: '庞各庄镇四各庄村基地',
      planting_area: '35.50',
      varieties: '京欣一号',
      certifications: '绿色食品',
      products: ['庞各庄京欣一号西瓜'],
      batchesOf: '庞各庄京欣一号西瓜',
    },
    {
      name: '刘桂兰',
      phone: '13522223333',
      id_card: '110115196808220026',
      address: '北京市大兴区庞各庄镇梨花村 8 号',
      planting_base: '庞各庄镇梨花村基地',
      planting_area: '18.00',
      varieties: '麒麟',
      certifications: '',
      products: ['庞各庄麒麟西瓜'],
      batchesOf: '庞各庄麒麟西瓜',
    },
    {
      name: '赵永刚',
      phone: '010-61234567',
      id_card: '110115198001011230',
      address: '北京市大兴区庞各庄镇北顿垡村',
      planting_base: '北顿垡村大棚',
      planting_area: '22.75',
      varieties: '京欣一号、麒麟',
      certifications: '',
      products: ['庞各庄京欣一号西瓜', '庞各庄麒麟西瓜'],
      batchesOf: null,
    },
  ];
  for (const { products: grown, batchesOf, ...grower } of growers) {
    const farmer = await db
      .insertInto('farmer')
      .values({ company_id: companyId, ...grower, region_code: '110115', region_name: '北京市大兴区', created_by: userId, updated_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = grown.map(productId).filter((id): id is string => id !== undefined);
    if (ids.length) {
      await db.insertInto('farmer_product').values(ids.map((id) => ({ farmer_id: farmer.id, product_id: id, company_id: companyId }))).execute();
    }
    const batchProduct = batchesOf ? productId(batchesOf) : undefined;
    if (batchProduct) {
      await db.updateTable('product_batch').set({ farmer_id: farmer.id }).where('company_id', '=', companyId).where('product_id', '=', batchProduct).execute();
    }
  }
}
