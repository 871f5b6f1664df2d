/** Box packing, code binding to a batch and the box view (Chinese). en_US/binding.ts has the same keys. */
const binding = {
  staffOnly: '请使用企业员工账号登录',
};

export default binding;
