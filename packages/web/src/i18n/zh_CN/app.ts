/** The product itself (Chinese). en_US/app.ts has the same keys. */
const app = {
  productTitle: '产品追溯防伪平台',
};

export default app;
