import type app from '../zh_CN/app';

/** The product itself (English); typed by the Chinese file. */
const appEn: typeof app = {
  productTitle: 'Product Traceability Portal',
};

export default appEn;
