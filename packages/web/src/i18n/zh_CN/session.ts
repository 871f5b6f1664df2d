/** Session loading (Chinese). en_US/session.ts has the same keys. */
const session = {
  verifyFailed: '验证失败，请重新登录。',
};

export default session;
