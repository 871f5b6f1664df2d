export * from './lang.js';
export * from './codes.js';
export * from './paging.js';
export * from './session.js';
export * from './permissions.js';
export * from './validators.js';
export * from './api/userinfo.js';
