import type zh from '../zh_CN/binding';

/** Box packing, code binding to a batch and the box view (English). */
const binding: typeof zh = {
  staffOnly: 'Sign in with a company staff account',
};

export default binding;
