/** The code scanner shared by the public pages (Chinese). en_US/scanner.ts has the same keys. */
const scanner = {
  placeholder: '扫描或输入标签码后回车',
  cameraOn: '摄像头',
  cameraOff: '关闭摄像头',
  noCode: '未识别到标签码：{{text}}',
  camera: {
    unsupported: '此浏览器无法使用摄像头（需要 HTTPS），请使用扫码枪或手动输入',
    denied: '未获得摄像头权限，请在浏览器设置中允许后重试',
    failed: '摄像头无法打开',
  },
};

export default scanner;
