/** Products area (spec 7.6): categories, templates and their attributes, products, batches. */
export * from './products/fields.js';
export * from './products/category.js';
export * from './products/template.js';
export * from './products/product.js';
export * from './products/batch.js';
