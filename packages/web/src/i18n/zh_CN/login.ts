/** Sign-in form (Chinese). en_US/login.ts has the same keys. */
const login = {
  heading: '账号登录',
  username: '用户名',
  password: '密码',
  usernameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  submit: '登录',
  failed: '登录失败，请稍后重试',
};

export default login;
