/**
 * The staff scan tools (/test: the scan simulator, /test1: the device check), in Chinese: portal pages, kept
 * apart from scan.ts so the consumer pages, which load scan.ts, do not carry their texts. The portal's
 * messages hold them under scan (zh_CN.ts). en_US/scanTools.ts has the same keys.
 */
const scanTools = {
  simulator: {
    intro: '以员工身份模拟一次扫码：显示结果，但不计入消费者的查询次数。',
    code: '码',
    hiddenCode: '防伪验证码',
    ip: '模拟 IP',
    ipInvalid: '请输入有效的 IPv4 或 IPv6 地址',
    client: '客户端',
    submit: '模拟扫码',
    notCounted: '模拟扫码不计入查询次数（记录来源：测试）',
    region: '地区：{{region}}',
    clientType: '客户端类型：{{type}}',
    os: '操作系统：{{os}}',
    preset: {
      WECHAT_IOS: '微信（iPhone）',
      WECHAT_ANDROID: '微信（安卓）',
      WXWORK: '企业微信',
      DINGTALK: '钉钉',
      ALIPAY: '支付宝',
      QQ: 'QQ',
      QQ_BROWSER: 'QQ 浏览器',
      SAFARI: '手机浏览器（Safari）',
      DESKTOP: '电脑浏览器（Chrome）',
    },
  },
  device: {
    intro: '检查生产线手机：摄像头、扫码枪输入和网络延迟。',
    camera: '摄像头',
    cameraStart: '打开摄像头',
    cameraStop: '关闭摄像头',
    cameraUnsupported: '此浏览器不支持摄像头（需要 HTTPS 或 localhost）',
    cameraDenied: '无法打开摄像头：{{reason}}',
    cameraReady: '摄像头已打开：{{width}}×{{height}}',
    decoded: '识别成功（打开后 {{ms}} ms）：{{text}}',
    decodeWaiting: '请将二维码对准摄像头…',
    wedge: '扫码枪输入',
    wedgeHint: '点击下方输入框，然后用扫码枪扫一个码',
    wedgePlaceholder: '扫码枪输入区',
    wedgeChars: '收到 {{count}} 个字符：{{text}}',
    wedgeTiming: '按键间隔：平均 {{avg}} ms，最大 {{max}} ms',
    wedgeEnter: '检测到回车结束符',
    wedgeNoEnter: '尚未检测到回车结束符（请检查扫码枪的后缀设置）',
    wedgeLooksHuman: '按键间隔较长，像是手动输入而不是扫码枪',
    wedgeClear: '清空',
    network: '网络延迟',
    pingCount: '次数',
    pingStart: '开始测试',
    pingResult: '最小 {{min}} ms · 中位 {{median}} ms · 最大 {{max}} ms（成功 {{ok}}/{{total}}）',
    pingRunning: '测试中 {{done}}/{{total}}…',
    pingAllFailed: '全部失败，请检查网络',
    userAgent: '浏览器标识',
  },
};

export default scanTools;
