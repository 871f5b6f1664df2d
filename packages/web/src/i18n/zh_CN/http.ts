/** Messages of the HTTP client (Chinese). en_US/http.ts has the same keys. */
const http = {
  timeout: '请求超时，请稍后重试',
  loginDisabled: '账号已被禁用或不存在，请重新登录',
  forbidden: '权限不足，请联系管理员',
  systemError: '系统错误，请稍后重试',
  loggedOutTitle: '确认登出',
  loggedOut: '你已被登出，可以取消继续留在该页面，或者重新登录',
  relogin: '重新登录',
  paramCheckTitle: '参数校验失败',
  downloadFailed: '下载失败',
};

export default http;
