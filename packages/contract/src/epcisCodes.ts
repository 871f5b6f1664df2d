import type { Lang } from './lang.js';

/**
 * The refusals of the EPCIS interface (the REST binding's 406 and 413 answers and its request headers). Only
 * partners' tooling meets them, with their message: they are apart from the portal's codes (codes.ts) so that
 * the web app, which carries those, does not carry these.
 */
export const EPCIS_ERROR_CATALOGUE = {
  EPCIS_QUERY_TOO_LARGE: {
    status: 413,
    zh_CN: '查询结果超过 maxEventCount（{max} 个事件），请缩小查询范围',
    en_US: 'The query matches more than maxEventCount ({max} events): narrow it down',
  },
  EPCIS_QUERY_TOO_COMPLEX: {
    status: 413,
    zh_CN: '查询过于复杂：最多 {max} 个参数取值（EPC 模式按其展开的前缀计）',
    en_US: 'The query is too complex: at most {max} parameter values (an EPC pattern counts the prefixes it covers)',
  },
  EPCIS_CAPTURE_LIMIT: {
    status: 413,
    zh_CN: '一次最多采集 {max} 个事件，该文档有 {count} 个，请分成几次发送',
    en_US: 'A capture takes at most {max} events and the document has {count}: send it in parts',
  },
  EPCIS_VERSION_UNSUPPORTED: {
    status: 406,
    zh_CN: '请求头 {header} 要求的版本 {value} 不受支持，本接口只支持 {supported}',
    en_US: 'The version {value} in the header {header} is not supported: this interface speaks {supported} only',
  },
  EPCIS_EPC_FORMAT_UNAVAILABLE: {
    status: 406,
    zh_CN: '无法以 EPC URN 返回标识：转换需要每个厂商识别代码的长度，本库没有这一信息。请改用 {values}',
    en_US: 'Identifiers cannot be answered as EPC URNs: that takes each company prefix’s length, which this repository does not hold. Ask for {values}',
  },
  EPCIS_HEADER_INVALID: {
    status: 400,
    zh_CN: '请求头 {header} 的值 {value} 无效，可用的值：{values}',
    en_US: 'The header {header} cannot be {value}: use one of {values}',
  },
} as const satisfies Record<string, { status: number } & Record<Lang, string>>;
