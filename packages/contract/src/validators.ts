import { z } from 'zod';
import { formatMessage } from './codes.js';
import type { Lang } from './lang.js';

/**
 * Shared field validators (spec 5.2) and upload rules (spec 5.3).
 *
 * The same patterns back the server's zod schemas and the web's form rules, so a value the form accepts
 * is a value the API accepts. Messages are i18n keys (`validation.*`); their texts live in
 * VALIDATION_MESSAGES. Patterns are anchored and carry no `g` flag, so `RE.test()` has no state.
 */

// ---------------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------------

export const VALIDATION_MESSAGES = {
  'validation.required': { zh_CN: '此项为必填项', en_US: 'This field is required' },
  // A form's own required message, naming the field by its label (web fieldRules: required, requiredChoice)
  'validation.enterField': { zh_CN: '请输入{field}', en_US: '{field} is required' },
  'validation.chooseField': { zh_CN: '请选择{field}', en_US: '{field} is required' },
  'validation.notEmpty': { zh_CN: '内容不能为空', en_US: 'This field cannot be empty' },
  'validation.notZero': { zh_CN: '不能为0', en_US: 'The value cannot be zero' },
  'validation.invalid': { zh_CN: '输入内容不正确', en_US: 'The value is invalid' },
  'validation.textCharacters': {
    zh_CN: '不能包含控制字符或无效的 Unicode 字符',
    en_US: 'Must not contain control characters or broken Unicode characters',
  },
  'validation.tooShort': { zh_CN: '长度不能少于{min}个字符', en_US: 'Enter at least {min} characters' },
  'validation.tooLong': { zh_CN: '长度不能超过{max}个字符', en_US: 'Enter at most {max} characters' },
  'validation.tooSmall': { zh_CN: '不能小于{min}', en_US: 'Must be at least {min}' },
  'validation.tooBig': { zh_CN: '不能大于{max}', en_US: 'Must be at most {max}' },
  'validation.oneOf': { zh_CN: '取值必须是以下之一：{values}', en_US: 'Must be one of: {values}' },
  'validation.passwordSameAsOld': {
    zh_CN: '新密码不能与原密码相同',
    en_US: 'The new password cannot be the same as the old one',
  },
  'validation.passwordMismatch': {
    zh_CN: '两次输入的新密码不一致',
    en_US: 'The two new passwords are inconsistent',
  },
  'validation.mobile': { zh_CN: '请输入正确的手机号码', en_US: 'Enter a valid mobile phone number' },
  'validation.landline': {
    zh_CN: '请输入正确的固定电话号码，如 010-12345678',
    en_US: 'Enter a valid landline number, e.g. 010-12345678',
  },
  'validation.phone': {
    zh_CN: '请输入正确的手机号码或固定电话号码',
    en_US: 'Enter a valid mobile phone or landline number',
  },
  'validation.idCard': { zh_CN: '请输入正确的身份证号码', en_US: 'Enter a valid ID card number' },
  'validation.digits': { zh_CN: '只能输入数字', en_US: 'Only digits are allowed' },
  'validation.positiveInteger': { zh_CN: '请输入正整数', en_US: 'Enter a positive integer' },
  'validation.integer': { zh_CN: '请输入整数', en_US: 'Enter an integer' },
  'validation.decimal': {
    zh_CN: '请输入数字，最多保留两位小数',
    en_US: 'Enter a number with at most 2 decimal places',
  },
  'validation.sequence': { zh_CN: '请输入1至6位数字', en_US: 'Enter 1 to 6 digits' },
  'validation.personName': { zh_CN: '请输入2至10个汉字', en_US: 'Enter 2 to 10 Chinese characters' },
  'validation.username': {
    zh_CN: '请输入2至10位汉字、字母、数字或下划线',
    en_US: 'Enter 2 to 10 Chinese characters, letters, digits or underscores',
  },
  'validation.nickname': {
    zh_CN: '请输入2至20位汉字、字母、数字或下划线，且不能有连续的下划线',
    en_US: 'Enter 2 to 20 Chinese characters, letters, digits or underscores, with no doubled underscore',
  },
  'validation.commonName': {
    zh_CN: '请输入1至6位汉字、字母或数字',
    en_US: 'Enter 1 to 6 Chinese characters, letters or digits',
  },
  'validation.scale': {
    zh_CN: '请输入0至100之间的数字，最多保留两位小数',
    en_US: 'Enter a number from 0 to 100 with at most 2 decimal places',
  },
  'validation.email': { zh_CN: '请输入正确的邮箱地址', en_US: 'Enter a valid email address' },
  'validation.alphanumericUnderscore': {
    zh_CN: '只能输入字母、数字和下划线',
    en_US: 'Only letters, digits and underscores are allowed',
  },
  'validation.code': {
    zh_CN: '只能输入字母、数字及 _ @ . -',
    en_US: 'Only letters, digits and _ @ . - are allowed',
  },
  'validation.menuCode': {
    zh_CN: '只能输入字母、数字及 _ : .',
    en_US: 'Only letters, digits and _ : . are allowed',
  },
  'validation.permissionCode': {
    zh_CN: '权限标识的格式为 模块:实体:操作，如 system:user:add',
    en_US: 'A permission code reads area:entity:action, e.g. system:user:add',
  },
  'validation.menuParent': {
    zh_CN: '上级元素不存在，或是该元素自身或其下级',
    en_US: 'The parent does not exist, or is the element itself or one of its descendants',
  },
  'validation.buttonNoChildren': {
    zh_CN: '按钮下不能有子元素',
    en_US: 'A button cannot have child elements',
  },
  'validation.uscc': {
    zh_CN: '请输入正确的统一社会信用代码',
    en_US: 'Enter a valid unified social credit code',
  },
  'validation.account': {
    zh_CN: '请输入2至64位汉字、字母、数字或下划线',
    en_US: 'Enter 2 to 64 Chinese characters, letters, digits or underscores',
  },
  'validation.date': { zh_CN: '请输入正确的日期（YYYY-MM-DD）', en_US: 'Enter a valid date (YYYY-MM-DD)' },
  'validation.dateOrder': {
    zh_CN: '结束日期不能早于开始日期',
    en_US: 'The end date cannot be earlier than the start date',
  },
  'validation.businessTerm': {
    zh_CN: '营业期限请填写“开始日期 至 结束日期”或“开始日期 至 长期”，日期格式为 YYYY-MM-DD，如 2012-04-16 至 长期',
    en_US: 'Business term: enter “start date to end date” or “start date to open-ended”, dates as YYYY-MM-DD, e.g. 2012-04-16 to open-ended',
  },
  'validation.businessTermDate': {
    zh_CN: '营业期限中的日期不存在，请检查年（1900–2999）、月、日',
    en_US: 'Business term: a date that does not exist; check the year (1900–2999), month and day',
  },
  'validation.businessTermOrder': {
    zh_CN: '营业期限的结束日期不能早于开始日期',
    en_US: 'Business term: the end date cannot be earlier than the start date',
  },
  'validation.website': {
    zh_CN: '企业网站请填写网址，如 www.example.com 或 https://www.example.com',
    en_US: 'Website: enter a web address, e.g. www.example.com or https://www.example.com',
  },
  'validation.url': {
    zh_CN: '请输入以 / 或 http(s):// 开头的地址',
    en_US: 'Enter an address starting with / or http(s)://',
  },
  'validation.fileType': { zh_CN: '仅支持 {types} 格式的文件', en_US: 'Only {types} files are allowed' },
  'validation.fileSize': { zh_CN: '文件大小不能超过 {max}', en_US: 'The file cannot be larger than {max}' },
  'validation.fileEmpty': { zh_CN: '文件内容为空', en_US: 'The file is empty' },
  'validation.epcisEventNotCaptured': { zh_CN: '该事件未存储', en_US: 'The event was not stored' },
  'validation.epcNotOwn': {
    zh_CN: '不是本企业的码：{epc}',
    en_US: 'Not a code of your company: {epc}',
  },
  'validation.epcisSchema': { zh_CN: '不符合 EPCIS 2.0 格式：{problem}', en_US: 'Not valid EPCIS 2.0: {problem}' },
  'validation.epcisXsd': { zh_CN: '不符合 GS1 的 EPCIS 2.0 XML 格式（XSD）：{problem}', en_US: "Not valid by GS1's EPCIS 2.0 XML schema (XSD): {problem}" },
  'validation.epcisXmlLine': { zh_CN: '第 {line} 行：{problem}', en_US: 'Line {line}: {problem}' },
  'validation.xmlMalformed': { zh_CN: '不是格式正确的 XML（第 {column} 列）：{problem}', en_US: 'Not well-formed XML (column {column}): {problem}' },
  'validation.xmlDoctype': {
    zh_CN: '不接受带声明的 DOCTYPE（内部子集、实体或外部 DTD）：文档中的实体一律不展开，请去掉 DOCTYPE 或只写 <!DOCTYPE 名称>',
    en_US: 'A DOCTYPE with declarations (an internal subset, entities or an external DTD) is not taken: entities are never expanded. Leave the DOCTYPE out or write only <!DOCTYPE name>',
  },
  'validation.xmlEncoding': { zh_CN: '请以 UTF-8 编码发送 XML，该文档为 {encoding}', en_US: 'Send XML in UTF-8: this document is in {encoding}' },
  'validation.epcisXmlRoot': { zh_CN: '采集接口只接受 EPCISDocument，该文档为 {root}', en_US: 'Capture takes an EPCISDocument: this document is {root}' },
  'validation.epcisXmlEventType': {
    zh_CN: '不支持的事件类型 {name}：只接受 EPCIS 2.0 的五种事件',
    en_US: 'An event type this repository does not take: {name} (only the five of EPCIS 2.0)',
  },
  'validation.epcisParameter': { zh_CN: '不是 EPCIS 2.0 的查询参数', en_US: 'Not an EPCIS 2.0 query parameter' },
  'validation.epcisTime': {
    zh_CN: '请输入带时区的 ISO 8601 时间，如 2026-11-01T00:00:00+08:00',
    en_US: 'Enter an ISO 8601 time with its offset, e.g. 2026-11-01T00:00:00+08:00',
  },
  'validation.epcisNumberOrTime': {
    zh_CN: '请输入数字或带时区的 ISO 8601 时间',
    en_US: 'Enter a number or an ISO 8601 time with its offset',
  },
  'validation.epcisPattern': {
    zh_CN: 'EPC 模式的写法为 urn:epc:idpat:方案:字段，* 只能出现在末尾的字段：{value}',
    en_US: 'An EPC pattern is urn:epc:idpat:scheme:fields, with * only in the last fields: {value}',
  },
  'validation.epcisOneValue': { zh_CN: '只能有一个值', en_US: 'Takes one value' },
  'validation.epcisBoolean': { zh_CN: '取值为 true 或 false', en_US: 'Must be true or false' },
  'validation.epcisExclusive': { zh_CN: '不能与 {other} 同时使用', en_US: 'Cannot be used together with {other}' },
  'validation.epcisNeedsOrderBy': { zh_CN: '需要同时指定 orderBy', en_US: 'Needs orderBy as well' },
  'validation.epcisFieldName': {
    zh_CN: '扩展字段写作 前缀:名称、命名空间#名称，或花括号括起的命名空间后接名称',
    en_US: 'An extension field is written prefix:name, namespace#name, or the namespace in curly brackets followed by the name',
  },
  'validation.epcisQueryName': {
    zh_CN: '查询名称为 1 至 100 位字母、数字或 _ . ~ -',
    en_US: 'A query name is 1 to 100 letters, digits or _ . ~ -',
  },
  'validation.webhookAddress': {
    zh_CN: '请输入 https:// 开头的公网地址（不能是本系统自身、内网、本机或链路本地地址）',
    en_US: 'Enter a public https:// address (not this server itself, nor a private, loopback or link-local address)',
  },
  'validation.epcisStreamOrSchedule': {
    zh_CN: '请设置 stream 为 true，或给出 schedule（二者只能选一）',
    en_US: 'Set stream to true or give a schedule (one of the two)',
  },
  'validation.epcisSchedule': {
    zh_CN: '计划的写法与 cron 相同：数字、范围（1-5）、列表（1,3）或步长（*/15）：{detail}',
    en_US: 'A schedule is written as in cron: numbers, ranges (1-5), lists (1,3) or steps (*/15): {detail}',
  },
  'validation.epcisOrderBy': {
    zh_CN: '可排序的字段为 eventTime、recordTime 或一个扩展字段',
    en_US: 'Events are ordered by eventTime, recordTime or an extension field',
  },
  'validation.fileContent': {
    zh_CN: '文件内容与允许的格式（{types}）不符',
    en_US: 'The file content does not match an allowed format ({types})',
  },
  'validation.fileCount': { zh_CN: '一次只能上传一个文件', en_US: 'Upload one file at a time' },
  'validation.archiveEntries': {
    zh_CN: '压缩包内的文件不能超过 {max} 个',
    en_US: 'The archive cannot hold more than {max} entries',
  },
  'validation.archiveSize': {
    zh_CN: '解压后的大小不能超过 {max}',
    en_US: 'The unpacked size cannot exceed {max}',
  },
  'validation.archiveCorrupt': {
    zh_CN: '文件已损坏或不是有效的表格文件',
    en_US: 'The file is damaged or not a valid spreadsheet',
  },
  'validation.dateTime': {
    zh_CN: '请输入正确的时间（YYYY-MM-DD HH:mm:ss）',
    en_US: 'Enter a valid time (YYYY-MM-DD HH:mm:ss)',
  },
  'validation.timeOrder': {
    zh_CN: '结束时间不能早于开始时间',
    en_US: 'The end time cannot be earlier than the start time',
  },
  'validation.serialOrder': {
    zh_CN: '结束序号不能小于起始序号',
    en_US: 'The last serial cannot be below the first',
  },
  'validation.bulkTooMany': {
    zh_CN: '一次最多处理 100,000 个标签；整个生成任务的标签可在标签生成列表中「全部激活」或「全部作废」',
    en_US: 'At most 100,000 codes at a time; all the codes of a generation job can be changed with “Activate all” or “Void all” in the tag generation list',
  },
  'validation.gtin': {
    zh_CN: '请输入正确的 GTIN：8、12、13 或 14 位数字，最后一位是 GS1 校验位',
    en_US: 'Enter a valid GTIN: 8, 12, 13 or 14 digits, the last being the GS1 check digit',
  },
  'validation.batchNo': {
    zh_CN: '批次号为 1 至 20 位字母、数字或 ! " % & \' ( ) * + , - . / : ; < = > ? _（不含空格）',
    en_US: 'A batch number is 1 to 20 letters, digits or ! " % & \' ( ) * + , - . / : ; < = > ? _ (no spaces)',
  },
  'validation.attrKey': {
    zh_CN: '以字母开头，由字母、数字和下划线组成，最多 32 位',
    en_US: 'Start with a letter; letters, digits and underscores, at most 32 characters',
  },
  'validation.number': { zh_CN: '请输入数字', en_US: 'Enter a number' },
  'validation.unique': { zh_CN: '不能重复', en_US: 'Must be unique' },
  // medicinal products
  'validation.approvalNo': {
    zh_CN: '批准文号为“国药准字”加 H、Z、S、J、B 或 F 再加 8 位数字，如 国药准字H20000001',
    en_US: 'An approval number is 国药准字 followed by H, Z, S, J, B or F and 8 digits, e.g. 国药准字H20000001',
  },
  'validation.drugStandardCode': { zh_CN: '药品本位码为 14 位数字', en_US: 'A drug standard code is 14 digits' },
  'validation.formula': {
    zh_CN: '不接受公式，请填写值本身',
    en_US: 'Formulas are not accepted, enter the value itself',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES, value);
}

/** The text of a validation key in a language, with `{name}` placeholders filled. */
export function validationMessage(key: ValidationKey, lang: Lang, params?: Record<string, string | number>): string {
  return formatMessage(VALIDATION_MESSAGES[key][lang], params);
}

// ---------------------------------------------------------------------------------------------------
// Patterns
// ---------------------------------------------------------------------------------------------------

const MOBILE_SOURCE = '1[3-9]\\d{9}';
/** Area code (0 + 2-3 digits), optional '-', 7-8 digit number, optional '-' + extension of 1-6 digits. */
const LANDLINE_SOURCE = '0\\d{2,3}-?\\d{7,8}(?:-\\d{1,6})?';

/** Mobile phone: 11 digits, first 1, second 3 to 9. */
export const MOBILE = new RegExp(`^${MOBILE_SOURCE}$`);
/** Landline: 010-12345678, 0755-1234567, 01012345678, 010-12345678-123. */
export const LANDLINE = new RegExp(`^${LANDLINE_SOURCE}$`);
/** A landline or a mobile phone number. */
export const PHONE = new RegExp(`^(?:${MOBILE_SOURCE}|${LANDLINE_SOURCE})$`);
/** ID card: 15 digits, or 17 digits and a digit, X or x. See isIdCardChecksumValid for the check character. */
export const ID_CARD = /^(?:\d{15}|\d{17}[\dXx])$/;
export const DIGITS = /^\d+$/;
/** 1, 2, 3 ...; no leading zero, no sign. */
export const POSITIVE_INTEGER = /^[1-9]\d*$/;
/** 0, 12, -12; no leading zero, no '-0', no '+'. */
export const INTEGER = /^(?:0|-?[1-9]\d*)$/;
/** Up to 2 decimal places, optionally negative: 0, 12, 12.5, -0.25. */
export const DECIMAL_2 = /^-?(?:0|[1-9]\d*)(?:\.\d{1,2})?$/;
/** Up to 2 decimal places, no sign. */
export const UNSIGNED_DECIMAL_2 = /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/;
/** Sort sequence: 1 to 6 digits. */
export const SEQUENCE = /^\d{1,6}$/;
/** Personal name: 2 to 10 Chinese characters. */
export const PERSON_NAME = /^\p{Script=Han}{2,10}$/u;
/** Username: 2 to 10 of Chinese, letters, digits, underscore. */
export const USERNAME = /^[\p{Script=Han}A-Za-z0-9_]{2,10}$/u;
/** Nickname: 2 to 20 of Chinese, letters, digits, underscore, with no doubled underscore. */
export const NICKNAME = /^(?!.*__)[\p{Script=Han}A-Za-z0-9_]{2,20}$/u;
/** Common name: 1 to 6 of Chinese, letters or digits. */
export const COMMON_NAME = /^[\p{Script=Han}A-Za-z0-9]{1,6}$/u;
/** Scale (percentage): 0 to 100 with up to 2 decimal places. */
export const SCALE = /^(?:100(?:\.0{1,2})?|[1-9]?\d(?:\.\d{1,2})?)$/;
export const EMAIL_MAX = 254;
/**
 * Email: a dot-atom local part of at most 64 characters, '@', dot-separated host labels of at most 63
 * characters, a last label that starts with a letter. The total length is checked against EMAIL_MAX.
 */
export const EMAIL =
  /^(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])$/;
/** Letters, digits and underscore only. */
export const ALPHANUMERIC_UNDERSCORE = /^[A-Za-z0-9_]+$/;
/** Codes: letters, digits, underscore, @, dot and hyphen. */
export const CODE = /^[A-Za-z0-9_@.-]+$/;
/** Characters of a unified social credit code (GB 32100-2015): digits and capitals without I, O, S, V, Z. */
export const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** Unified social credit code: 2 code characters, 6-digit division code, 9-character organisation code, check. */
export const USCC = /^[0-9A-HJ-NP-RTUWXY]{2}\d{6}[0-9A-HJ-NP-RTUWXY]{10}$/;

// ---------------------------------------------------------------------------------------------------
// Predicates (accept strings, and finite numbers as their decimal text, for form controls that hold numbers)
// ---------------------------------------------------------------------------------------------------

function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function matcher(re: RegExp): (value: unknown) => boolean {
  return (value) => {
    const text = asText(value);
    return text !== null && re.test(text);
  };
}

export const isMobile = matcher(MOBILE);
export const isLandline = matcher(LANDLINE);
export const isPhone = matcher(PHONE);
export const isDigits = matcher(DIGITS);
export const isPositiveInteger = matcher(POSITIVE_INTEGER);
export const isInteger = matcher(INTEGER);
export const isDecimal2 = matcher(DECIMAL_2);
export const isUnsignedDecimal2 = matcher(UNSIGNED_DECIMAL_2);
export const isSequence = matcher(SEQUENCE);
export const isPersonName = matcher(PERSON_NAME);
export const isUsername = matcher(USERNAME);
export const isNickname = matcher(NICKNAME);
export const isCommonName = matcher(COMMON_NAME);
export const isScale = matcher(SCALE);
export const isAlphanumericUnderscore = matcher(ALPHANUMERIC_UNDERSCORE);
export const isCode = matcher(CODE);
/** ID card pattern only (15 or 18 characters); isIdCardStrict also verifies the 18-character check. */
export const isIdCard = matcher(ID_CARD);

export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && value.length <= EMAIL_MAX && EMAIL.test(value);
}

/** True when a finite number has at most `places` decimal places (0.1 + 0.2 does not). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  if (!Number.isFinite(value)) return false;
  const text = String(Math.abs(value));
  if (text.includes('e')) return Number.isInteger(value) && places >= 0;
  const dot = text.indexOf('.');
  return dot === -1 || text.length - dot - 1 <= places;
}

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CARD_CHECKS = '10X98765432';

/** The GB 11643 check character for the first 17 digits of an ID card, or null if they are not 17 digits. */
export function idCardCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_CARD_WEIGHTS[i] ?? 0);
  return ID_CARD_CHECKS[sum % 11] ?? null;
}

/** True for an 18-character ID card whose last character is the GB 11643 check character (x counts as X). */
export function isIdCardChecksumValid(value: unknown): boolean {
  if (typeof value !== 'string' || value.length !== 18 || !ID_CARD.test(value)) return false;
  return idCardCheckChar(value.slice(0, 17)) === value.slice(17).toUpperCase();
}

/** ID card pattern, and for 18-character cards the check character too. */
export function isIdCardStrict(value: unknown): boolean {
  if (typeof value !== 'string' || !ID_CARD.test(value)) return false;
  return value.length === 15 || isIdCardChecksumValid(value);
}

/** Shows the first 3 and last 4 characters: '110101199003071234' → '110***********1234'. */
export function maskIdCard(value: string | null | undefined): string {
  if (!value) return '';
  if (value.length <= 7) return '*'.repeat(value.length);
  return value.slice(0, 3) + '*'.repeat(value.length - 7) + value.slice(-4);
}

const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/** The GB 32100-2015 check character for the first 17 characters of a credit code, or null if invalid. */
export function usccCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = USCC_ALPHABET.indexOf(first17[i] ?? '');
    if (value < 0) return null;
    sum += value * (USCC_WEIGHTS[i] ?? 0);
  }
  return USCC_ALPHABET[(31 - (sum % 31)) % 31] ?? null;
}

/** Unified social credit code: pattern and check character. Capital letters only. */
export function isUscc(value: unknown): boolean {
  if (typeof value !== 'string' || !USCC.test(value)) return false;
  return usccCheckChar(value.slice(0, 17)) === value.slice(17);
}

/**
 * One entry per rule, for building form rules generically:
 * `{ validator: (_, v) => !v || VALIDATORS.mobile.test(v) ? ok : fail(t(VALIDATORS.mobile.key)) }`.
 */
export const VALIDATORS = {
  mobile: { pattern: MOBILE, test: isMobile, key: 'validation.mobile' },
  landline: { pattern: LANDLINE, test: isLandline, key: 'validation.landline' },
  phone: { pattern: PHONE, test: isPhone, key: 'validation.phone' },
  idCard: { pattern: ID_CARD, test: isIdCard, key: 'validation.idCard' },
  idCardStrict: { pattern: ID_CARD, test: isIdCardStrict, key: 'validation.idCard' },
  digits: { pattern: DIGITS, test: isDigits, key: 'validation.digits' },
  positiveInteger: { pattern: POSITIVE_INTEGER, test: isPositiveInteger, key: 'validation.positiveInteger' },
  integer: { pattern: INTEGER, test: isInteger, key: 'validation.integer' },
  decimal2: { pattern: DECIMAL_2, test: isDecimal2, key: 'validation.decimal' },
  unsignedDecimal2: { pattern: UNSIGNED_DECIMAL_2, test: isUnsignedDecimal2, key: 'validation.decimal' },
  sequence: { pattern: SEQUENCE, test: isSequence, key: 'validation.sequence' },
  personName: { pattern: PERSON_NAME, test: isPersonName, key: 'validation.personName' },
  username: { pattern: USERNAME, test: isUsername, key: 'validation.username' },
  nickname: { pattern: NICKNAME, test: isNickname, key: 'validation.nickname' },
  commonName: { pattern: COMMON_NAME, test: isCommonName, key: 'validation.commonName' },
  scale: { pattern: SCALE, test: isScale, key: 'validation.scale' },
  email: { pattern: EMAIL, test: isEmail, key: 'validation.email' },
  alphanumericUnderscore: {
    pattern: ALPHANUMERIC_UNDERSCORE,
    test: isAlphanumericUnderscore,
    key: 'validation.alphanumericUnderscore',
  },
  code: { pattern: CODE, test: isCode, key: 'validation.code' },
  uscc: { pattern: USCC, test: isUscc, key: 'validation.uscc' },
} as const satisfies Record<string, { pattern: RegExp; test: (value: unknown) => boolean; key: ValidationKey }>;

export type ValidatorName = keyof typeof VALIDATORS;

// ---------------------------------------------------------------------------------------------------
// zod helpers (messages are validation keys; a missing value reports 'validation.required')
// ---------------------------------------------------------------------------------------------------

/**
 * Characters no text field takes: the C0 controls other than tab, line feed and carriage return (PostgreSQL
 * refuses NUL in text, and the XML of a spreadsheet export cannot hold the others) and lone UTF-16
 * surrogates (half a character, which UTF-8 cannot encode).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const FORBIDDEN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasForbiddenText = (text: string): boolean => FORBIDDEN_TEXT.test(text);

/** A string whose type errors are keys: missing → 'validation.required', wrong type → 'validation.invalid'. */
export function zString() {
  return z
    .string({
      // Only type errors are named here; length and pattern checks keep their own keys.
      error: (issue) =>
        issue.code !== 'invalid_type' ? undefined : issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid',
    })
    .refine((text) => !hasForbiddenText(text), 'validation.textCharacters');
}

/** A required text: trimmed, then at least one character. */
export const zRequired = zString().trim().min(1, 'validation.required');
/** Text that may be sent but must hold more than blanks. */
export const zNotEmpty = zString().refine((v) => v.trim().length > 0, 'validation.notEmpty');
/** A number other than zero. */
export const zNotZero = z
  .number({
    error: (issue) => (issue.code !== 'invalid_type' ? undefined : issue.input === undefined ? 'validation.required' : 'validation.invalid'),
  })
  .refine((n) => n !== 0, 'validation.notZero');

export const zMobile = zString().regex(MOBILE, 'validation.mobile');
export const zLandline = zString().regex(LANDLINE, 'validation.landline');
export const zPhone = zString().regex(PHONE, 'validation.phone');
export const zIdCard = zString().regex(ID_CARD, 'validation.idCard');
export const zIdCardStrict = zString().refine(isIdCardStrict, 'validation.idCard');
export const zDigits = zString().regex(DIGITS, 'validation.digits');
export const zPositiveInteger = zString().regex(POSITIVE_INTEGER, 'validation.positiveInteger');
export const zInteger = zString().regex(INTEGER, 'validation.integer');
export const zDecimal2 = zString().regex(DECIMAL_2, 'validation.decimal');
export const zUnsignedDecimal2 = zString().regex(UNSIGNED_DECIMAL_2, 'validation.decimal');
export const zSequence = zString().regex(SEQUENCE, 'validation.sequence');
export const zPersonName = zString().regex(PERSON_NAME, 'validation.personName');
export const zUsername = zString().regex(USERNAME, 'validation.username');
export const zNickname = zString().regex(NICKNAME, 'validation.nickname');
export const zCommonName = zString().regex(COMMON_NAME, 'validation.commonName');
export const zScale = zString().regex(SCALE, 'validation.scale');
/** Scale as a number: 0 to 100, at most 2 decimal places. */
export const zScaleNumber = z
  .number({
    error: (issue) => (issue.code !== 'invalid_type' ? undefined : issue.input === undefined ? 'validation.required' : 'validation.invalid'),
  })
  .min(0, 'validation.scale')
  .max(100, 'validation.scale')
  .refine((n) => hasAtMostDecimals(n, 2), 'validation.scale');
export const zEmail = zString().max(EMAIL_MAX, 'validation.email').regex(EMAIL, 'validation.email');
export const zAlphanumericUnderscore = zString().regex(ALPHANUMERIC_UNDERSCORE, 'validation.alphanumericUnderscore');
export const zCode = zString().regex(CODE, 'validation.code');
export const zUscc = zString().refine(isUscc, 'validation.uscc');

// ---------------------------------------------------------------------------------------------------
// Uploads (spec 5.3)
// ---------------------------------------------------------------------------------------------------

/** File types recognised by content. 'xlsx' means a zip container; 'xls' an OLE compound document. */
export type DetectedFileType = 'png' | 'jpg' | 'gif' | 'xlsx' | 'xls' | 'pdf';

export interface UploadRule {
  /** Allowed file-name extensions, lower case, without the dot. */
  extensions: readonly string[];
  /** Allowed types as detected from the content. */
  contentTypes: readonly DetectedFileType[];
  maxBytes: number;
  /** maxBytes for messages. */
  maxLabel: string;
}

const KB = 1024;
const MB = 1024 * KB;
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;
const IMAGE_CONTENT: readonly DetectedFileType[] = ['png', 'jpg', 'gif'];

/** Upload rules per place of use: the image limit depends on where the image is used. */
export const UPLOAD_RULES = {
  avatar: { extensions: IMAGE_EXTENSIONS, contentTypes: IMAGE_CONTENT, maxBytes: 500 * KB, maxLabel: '500 KB' },
  productImage: { extensions: IMAGE_EXTENSIONS, contentTypes: IMAGE_CONTENT, maxBytes: 4 * MB, maxLabel: '4 MB' },
  image: { extensions: IMAGE_EXTENSIONS, contentTypes: IMAGE_CONTENT, maxBytes: 8 * MB, maxLabel: '8 MB' },
  excel: { extensions: ['xls', 'xlsx'], contentTypes: ['xls', 'xlsx'], maxBytes: 10 * MB, maxLabel: '10 MB' },
} as const satisfies Record<string, UploadRule>;

export type UploadPlace = keyof typeof UPLOAD_RULES;
export const UPLOAD_PLACES = Object.keys(UPLOAD_RULES) as UploadPlace[];

export interface UploadProblem {
  key: ValidationKey;
  params?: Record<string, string>;
}

/** The `accept` attribute of a file input for a place: '.png,.jpg,.jpeg,.gif'. */
export function uploadAccept(place: UploadPlace): string {
  return UPLOAD_RULES[place].extensions.map((ext) => `.${ext}`).join(',');
}

/** The lower-case extension of a file name (after the last dot), or '' when there is none. */
export function fileExtension(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot === -1 ? '' : base.slice(dot + 1).toLowerCase();
}

/** Checks a file's name and size against the rules of its place; null when it may be uploaded. */
export function checkUploadName(place: UploadPlace, fileName: string, size: number): UploadProblem | null {
  const rule: UploadRule = UPLOAD_RULES[place];
  if (!rule.extensions.includes(fileExtension(fileName))) {
    return { key: 'validation.fileType', params: { types: rule.extensions.join(', ') } };
  }
  if (!(size > 0)) return { key: 'validation.fileEmpty' };
  if (size > rule.maxBytes) return { key: 'validation.fileSize', params: { max: rule.maxLabel } };
  return null;
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  if (bytes.length < signature.length) return false;
  return signature.every((b, i) => bytes[i] === b);
}

/**
 * The type of a file from its first bytes (magic numbers), or null when unknown.
 * A zip container is reported as 'xlsx' (its entries are checked when it is opened); an OLE compound
 * document as 'xls'.
 */
export function detectFileType(bytes: Uint8Array): DetectedFileType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif'; // GIF8
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx'; // PK\x03\x04
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) return 'xls';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return 'pdf'; // %PDF
  return null;
}

/** Checks a file's content against the types allowed at its place; null when it matches. */
export function checkUploadContent(place: UploadPlace, bytes: Uint8Array): UploadProblem | null {
  if (bytes.length === 0) return { key: 'validation.fileEmpty' };
  const type = detectFileType(bytes);
  const rule: UploadRule = UPLOAD_RULES[place];
  if (type === null || !rule.contentTypes.includes(type)) {
    return { key: 'validation.fileContent', params: { types: rule.extensions.join(', ') } };
  }
  return null;
}
