/** Sign-in form (Chinese). en_US/login.ts has the same keys. */
const login = {
  heading: '账号登录',
  username: '用户名',
  password: '密码',
  usernameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  submit: '登录',
  failed: '登录失败，请稍后重试',
  /** Why the previous session ended (the server says; a sign-out says nothing). */
  ended: {
    IDLE: '已超过 {{minutes}} 分钟无操作，已自动退出，请重新登录',
    ABSOLUTE: '登录已满 {{hours}} 小时，已自动退出，请重新登录',
    REVOKED: '登录已被结束（密码已修改、账号已停用或被管理员强制下线），请重新登录',
  },
};

export default login;
