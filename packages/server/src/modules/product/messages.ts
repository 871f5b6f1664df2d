import type { Lang } from '@rd/contract';

/** Texts the products area puts into errors, in the request's language. */
export const PRODUCT_MESSAGES = {
  categoryNameLabel: { zh_CN: '分类名称', en_US: 'Category name' },
  templateNameLabel: { zh_CN: '模板名称', en_US: 'Template name' },
  attrKeyLabel: { zh_CN: '属性标识', en_US: 'Attribute key' },
  gtinLabel: { zh_CN: 'GTIN', en_US: 'GTIN' },
  batchNoLabel: { zh_CN: '批次号', en_US: 'Batch number' },
  categoryParentInSubtree: {
    zh_CN: '上级分类不能是本分类或其下级分类',
    en_US: 'The parent category cannot be the category itself or one below it',
  },
  templateDisabled: {
    zh_CN: '该模板已停用，不能选用',
    en_US: 'The template is disabled and cannot be chosen',
  },
  templateFull: {
    zh_CN: '一个模板最多定义 {max} 个属性',
    en_US: 'A template defines at most {max} attributes',
  },
} as const satisfies Record<string, Record<Lang, string>>;
