/** A material type delivered with the product; codes grow by two digits a level (see migration 0021). */
export interface MaterialTypeSeed {
  code: string;
  name: string;
  nameEn: string;
  children?: readonly MaterialTypeSeed[];
}

/**
 * What melon and vegetable growers record in their farming records: what was sown, fed and sprayed, and
 * what else went onto the field. Inserted at start when missing and never overwritten.
 */
export const BUILTIN_MATERIAL_TYPES: readonly MaterialTypeSeed[] = [
  {
    code: '01',
    name: '种子种苗',
    nameEn: 'Seeds and seedlings',
    children: [
      { code: '0101', name: '西瓜种子', nameEn: 'Watermelon seed' },
      { code: '0102', name: '甜瓜种子', nameEn: 'Melon seed' },
      { code: '0103', name: '砧木种子', nameEn: 'Rootstock seed' },
      { code: '0104', name: '嫁接苗', nameEn: 'Grafted seedlings' },
    ],
  },
  {
    code: '02',
    name: '肥料',
    nameEn: 'Fertilisers',
    children: [
      {
        code: '0201',
        name: '有机肥',
        nameEn: 'Organic fertilisers',
        children: [
          { code: '020101', name: '腐熟农家肥', nameEn: 'Composted manure' },
          { code: '020102', name: '商品有机肥', nameEn: 'Commercial organic fertiliser' },
          { code: '020103', name: '饼肥', nameEn: 'Oilseed cake' },
        ],
      },
      {
        code: '0202',
        name: '化肥',
        nameEn: 'Mineral fertilisers',
        children: [
          { code: '020201', name: '氮肥', nameEn: 'Nitrogen fertiliser' },
          { code: '020202', name: '磷肥', nameEn: 'Phosphate fertiliser' },
          { code: '020203', name: '钾肥', nameEn: 'Potash fertiliser' },
          { code: '020204', name: '复合肥', nameEn: 'Compound fertiliser' },
        ],
      },
      { code: '0203', name: '叶面肥', nameEn: 'Foliar fertiliser' },
      { code: '0204', name: '微生物菌肥', nameEn: 'Microbial fertiliser' },
    ],
  },
  {
    code: '03',
    name: '农药',
    nameEn: 'Pesticides',
    children: [
      { code: '0301', name: '杀虫剂', nameEn: 'Insecticide' },
      { code: '0302', name: '杀菌剂', nameEn: 'Fungicide' },
      { code: '0303', name: '除草剂', nameEn: 'Herbicide' },
      { code: '0304', name: '植物生长调节剂', nameEn: 'Plant growth regulator' },
      { code: '0305', name: '生物农药', nameEn: 'Biopesticide' },
    ],
  },
  {
    code: '04',
    name: '农膜及辅料',
    nameEn: 'Films and field supplies',
    children: [
      { code: '0401', name: '地膜', nameEn: 'Mulch film' },
      { code: '0402', name: '棚膜', nameEn: 'Greenhouse film' },
      { code: '0403', name: '滴灌带', nameEn: 'Drip tape' },
      { code: '0404', name: '授粉蜂', nameEn: 'Pollinating bees' },
    ],
  },
  {
    code: '05',
    name: '检测用品',
    nameEn: 'Testing supplies',
    children: [
      { code: '0501', name: '农残速测卡', nameEn: 'Pesticide residue test card' },
      { code: '0502', name: '糖度计', nameEn: 'Refractometer' },
    ],
  },
];
