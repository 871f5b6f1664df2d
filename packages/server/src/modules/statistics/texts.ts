import type { Lang, ScanClientTypeValue, ScanSource, ScanVerdictValue } from '@rd/contract';

/** Column headers and labels of the scan-record export, in the reader's language. */
export const RECORD_EXPORT_TEXTS = {
  zh_CN: {
    sheetName: '扫码记录',
    fileName: '扫码记录',
    scannedAt: '扫码时间',
    code: '标签码',
    productName: '产品',
    batchNo: '批次',
    verdict: '验证结果',
    scanSeq: '第几次扫码',
    suspicious: '可疑',
    source: '来源',
    clientType: '客户端',
    os: '操作系统',
    ip: 'IP',
    country: '国家',
    province: '省份',
    city: '城市',
    isp: '运营商',
    areaCode: '区划代码',
    yes: '是',
    no: '否',
  },
  en_US: {
    sheetName: 'Scan records',
    fileName: 'Scan-records',
    scannedAt: 'Scanned at',
    code: 'Code',
    productName: 'Product',
    batchNo: 'Batch',
    verdict: 'Verdict',
    scanSeq: 'Scan number',
    suspicious: 'Suspicious',
    source: 'Source',
    clientType: 'Client',
    os: 'OS',
    ip: 'IP',
    country: 'Country',
    province: 'Province',
    city: 'City',
    isp: 'ISP',
    areaCode: 'Area code',
    yes: 'Yes',
    no: 'No',
  },
} as const satisfies Record<Lang, Record<string, string>>;

export const VERDICT_LABELS: Record<Lang, Record<ScanVerdictValue, string>> = {
  zh_CN: {
    GENUINE: '正品',
    REPEATED: '重复查询',
    NOT_FOUND: '码不存在',
    NOT_ACTIVATED: '未激活',
    VOIDED: '已作废',
    SECURITY_CODE_MISMATCH: '防伪码不符',
    CHECK_FAILED: '码输入有误',
  },
  en_US: {
    GENUINE: 'Genuine',
    REPEATED: 'Repeated',
    NOT_FOUND: 'Not found',
    NOT_ACTIVATED: 'Not activated',
    VOIDED: 'Voided',
    SECURITY_CODE_MISMATCH: 'Security code mismatch',
    CHECK_FAILED: 'Mistyped code',
  },
};

export const CLIENT_TYPE_LABELS: Record<Lang, Record<ScanClientTypeValue, string>> = {
  zh_CN: { WXWORK: '企业微信', WECHAT: '微信', DINGTALK: '钉钉', ALIPAY: '支付宝', QQ: 'QQ', QQ_BROWSER: 'QQ浏览器', BROWSER: '浏览器', OTHER: '其他' },
  en_US: { WXWORK: 'WeCom', WECHAT: 'WeChat', DINGTALK: 'DingTalk', ALIPAY: 'Alipay', QQ: 'QQ', QQ_BROWSER: 'QQ Browser', BROWSER: 'Browser', OTHER: 'Other' },
};

export const SOURCE_LABELS: Record<Lang, Record<ScanSource, string>> = {
  zh_CN: { CHECK: '消费者查询', SCAN: '扫码上报', TEST: '模拟测试' },
  en_US: { CHECK: 'Consumer check', SCAN: 'Scan report', TEST: 'Simulator test' },
};
