import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables in migrations/. Keep in step with the SQL there. */
/** A timestamp with a database default: optional on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** Set by the database when the row is created, never written afterwards. */
type CreatedAt = ColumnType<Date, never, never>;

export interface CompanyTable {
  id: Generated<string>;
  merchant_code: string;
  full_name: string;
  simple_name: Generated<string>;
  register_address: Generated<string>;
  license_number: Generated<string>;
  business_term: Generated<string>;
  business_scope: Generated<string>;
  status: Generated<'ENABLED' | 'DISABLED'>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

type NullableDate = ColumnType<string | null, string | null | undefined, string | null>;

export interface AppUserTable {
  id: Generated<string>;
  user_code: string;
  username: string;
  name: Generated<string>;
  password_hash: string;
  user_type: '1' | '2' | '3';
  company_id: string | null;
  avatar: Generated<string>;
  status: Generated<'ENABLED' | 'DISABLED'>;
  must_change_password: Generated<boolean>;
  password_changed_at: Timestamp;
  last_login_at: NullableTimestamp;
  last_login_ip: string | null;
  deleted: Generated<boolean>;
  sex: Generated<'0' | '1' | '2'>;
  dept_id: string | null;
  job_title: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  /** Dates travel as 'YYYY-MM-DD' text (see the DATE type parser in database.ts). */
  birthdate: NullableDate;
  contract_start: NullableDate;
  contract_end: NullableDate;
  remark: Generated<string>;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RoleTable {
  id: Generated<string>;
  role_code: string;
  role_name: string;
  role_name_en: Generated<string>;
  company_id: string | null;
  scope: 'PLATFORM' | 'ENTERPRISE';
  builtin: Generated<boolean>;
  sort: Generated<number>;
  status: Generated<'ENABLED' | 'DISABLED'>;
  remark: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface MenuTable {
  id: Generated<string>;
  menu_code: string;
  parent_code: string | null;
  menu_name: string;
  menu_name_en: string;
  menu_icon: Generated<string>;
  menu_url: Generated<string>;
  type: 'MENU' | 'BUTTON';
  permission: string | null;
  is_show: Generated<'0' | '1'>;
  sort: Generated<number>;
  scope: Generated<'ALL' | 'PLATFORM' | 'COMPANY'>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RoleMenuTable {
  role_id: string;
  menu_id: string;
}

export interface UserRoleTable {
  user_id: string;
  role_id: string;
}

export interface UserSessionTable {
  id: Generated<string>;
  token_hash: Buffer;
  user_id: string;
  company_id: string | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: RequiredTimestamp;
  revoked_at: NullableTimestamp;
  revoke_reason: string | null;
  /** The company a platform session is looking at read-only, until support_until. */
  support_company_id: string | null;
  support_until: NullableTimestamp;
}

export interface LoginLogTable {
  id: Generated<string>;
  username: string;
  user_id: string | null;
  company_id: string | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
  result: 'SUCCESS' | 'FAILURE';
  reason: Generated<string>;
  created_at: CreatedAt;
}

export interface AppSecretTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface DepartmentTable {
  id: Generated<string>;
  company_id: string | null;
  parent_id: string | null;
  ancestors: Generated<string>;
  dept_name: string;
  sort: Generated<number>;
  leader: Generated<string>;
  phone: Generated<string>;
  email: Generated<string>;
  status: Generated<'ENABLED' | 'DISABLED'>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UserMenuTable {
  user_id: string;
  menu_id: string;
}

export interface DictTypeTable {
  id: Generated<string>;
  type_code: string;
  type_name: string;
  type_name_en: Generated<string>;
  sort: Generated<number>;
  status: Generated<'ENABLED' | 'DISABLED'>;
  remark: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface DictItemTable {
  id: Generated<string>;
  type_code: string;
  dic_code: string;
  dic_name: string;
  dic_name_en: Generated<string>;
  sort: Generated<number>;
  status: Generated<'ENABLED' | 'DISABLED'>;
  is_default: Generated<boolean>;
  tag_color: Generated<string>;
  remark: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface OperationLogTable {
  id: Generated<string>;
  user_id: string | null;
  username: Generated<string>;
  company_id: string | null;
  module: string;
  action: string;
  target: Generated<string>;
  method: string;
  url: string;
  ip: Generated<string>;
  user_agent: Generated<string>;
  params: Generated<string>;
  result: 'SUCCESS' | 'FAILURE';
  error_code: Generated<string>;
  duration_ms: Generated<number>;
  created_at: CreatedAt;
}

export interface StoredFileTable {
  id: Generated<string>;
  company_id: string | null;
  owner_id: string | null;
  sha256: string;
  /** bigint, read as text by both drivers */
  size_bytes: ColumnType<string, number | string, number | string>;
  content_type: string;
  extension: string;
  original_name: string;
  place: string;
  created_at: CreatedAt;
}

export interface CompanySecretTable {
  company_id: string;
  secret: Buffer;
  created_at: CreatedAt;
}

export type RuleKind = 'ITEM' | 'BOX';
export type RuleMode = 'RANDOM' | 'SEQUENTIAL';
export type RuleAlphabet = 'DIGITS' | 'CROCKFORD32' | 'NO_LOOKALIKE';
export type RuleCheckScheme = 'NONE' | 'LUHN' | 'DAMM' | 'MOD37_36';

export interface TagRuleTable {
  id: Generated<string>;
  company_id: string;
  rule_name: string;
  kind: Generated<RuleKind>;
  mode: Generated<RuleMode>;
  prefix: Generated<string>;
  body_length: number;
  alphabet: RuleAlphabet;
  check_scheme: Generated<RuleCheckScheme>;
  hidden_length: Generated<number>;
  url_form: Generated<'SCAN' | 'GS1'>;
  repeat_threshold: Generated<number>;
  /** bigint, read as text */
  next_serial: ColumnType<string, number | string | undefined, number | string>;
  status: Generated<'ENABLED' | 'DISABLED'>;
  remark: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type CodeRecordStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED';

export interface CodeRecordTable {
  id: Generated<string>;
  company_id: string;
  rule_id: string;
  quantity: number;
  product_id: string | null;
  batch_id: string | null;
  status: Generated<CodeRecordStatus>;
  progress: Generated<number>;
  error: Generated<string>;
  remark: Generated<string>;
  worker_id: string | null;
  heartbeat_at: NullableTimestamp;
  download_count: Generated<number>;
  created_by: string | null;
  created_at: CreatedAt;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** An Idempotency-Key a company sent with a creating request, kept 24 hours (migration 0033). */
export interface IdempotencyKeyTable {
  company_id: string;
  key: string;
  fingerprint: string;
  resource_id: string | null;
  created_at: Generated<Date>;
}

export type CodeStatus = 'NOT_ACTIVATED' | 'ACTIVATED' | 'VOIDED';

export interface CodeTable {
  /** bigserial, read as text */
  id: ColumnType<string, never, never>;
  code: string;
  company_id: string;
  rule_id: string;
  record_id: string;
  serial: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  status: Generated<CodeStatus>;
  product_id: string | null;
  batch_id: string | null;
  activated_at: NullableTimestamp;
  voided_at: NullableTimestamp;
  void_reason: Generated<string>;
  created_at: CreatedAt;
}

export type CatalogueStatus = 'ENABLED' | 'DISABLED';
export type AttributeType = 'TEXT' | 'NUMBER' | 'DATE' | 'IMAGE' | 'RICH_TEXT';
/** jsonb: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface ProductCategoryTable {
  id: Generated<string>;
  company_id: string;
  parent_id: string | null;
  name: string;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ProductTemplateTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  remark: Generated<string>;
  status: Generated<CatalogueStatus>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TemplateAttributeTable {
  id: Generated<string>;
  template_id: string;
  attr_key: string;
  label: string;
  label_en: Generated<string>;
  type: AttributeType;
  required: Generated<boolean>;
  sort: Generated<number>;
  show_on_scan: Generated<boolean>;
}

export interface ProductTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  category_id: string | null;
  template_id: string | null;
  gtin: string | null;
  spec: Generated<string>;
  unit: Generated<string>;
  brand: Generated<string>;
  images: Json<string[]>;
  description: Generated<string>;
  status: Generated<CatalogueStatus>;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ProductAttrValueTable {
  product_id: string;
  attr_key: string;
  value: string;
}

export interface FarmingRecordJson {
  kind: 'SOWING' | 'FERTILISING' | 'SPRAYING' | 'PICKING' | 'INSPECTION';
  date: string;
  operator: string;
  material: string;
  images: string[];
}

export interface InspectionReportJson {
  name: string;
  fileId: string;
  date: string | null;
}

export interface ProductBatchTable {
  id: Generated<string>;
  company_id: string;
  product_id: string;
  batch_no: string;
  production_date: NullableDate;
  expiry_date: NullableDate;
  quantity: Generated<number>;
  farmer_id: string | null;
  origin: Generated<string>;
  harvest_date: NullableDate;
  farming_records: Json<FarmingRecordJson[]>;
  inspection_reports: Json<InspectionReportJson[]>;
  remark: Generated<string>;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type CompanyInfoStatus = 'DRAFT' | 'SUBMITTED' | 'APPROVED' | 'REJECTED';

/** The approved copy of a company's info kept in `company_info.approved`; the public pages show only this. */
export interface CompanyInfoSnapshot {
  fullName: string;
  simpleName: string;
  licenseNumber: string;
  legalPerson: string;
  registerAddress: string;
  businessTerm: string;
  businessScope: string;
  contactName: string;
  contactPhone: string;
  address: string;
  website: string;
  introduction: string;
  logoFileId: string | null;
  licenseFileId: string | null;
}

export interface CompanyInfoTable {
  company_id: string;
  status: Generated<CompanyInfoStatus>;
  revision: Generated<number>;
  full_name: string;
  simple_name: Generated<string>;
  license_number: string;
  legal_person: Generated<string>;
  register_address: Generated<string>;
  business_term: Generated<string>;
  business_scope: Generated<string>;
  contact_name: Generated<string>;
  contact_phone: Generated<string>;
  address: Generated<string>;
  website: Generated<string>;
  introduction: Generated<string>;
  logo_file_id: string | null;
  license_file_id: string | null;
  reject_reason: Generated<string>;
  submitted_at: NullableTimestamp;
  submitted_by: string | null;
  audited_at: NullableTimestamp;
  audited_by: string | null;
  approved: ColumnType<CompanyInfoSnapshot | null, string | null | undefined, string | null>;
  approved_at: NullableTimestamp;
  approved_revision: number | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CompanyInfoAuditTable {
  /** bigserial, read as text */
  id: ColumnType<string, never, never>;
  company_id: string;
  revision: number;
  action: 'REPORT' | 'EDIT' | 'SUBMIT' | 'UNSUBMIT' | 'PASS' | 'REJECT';
  from_status: CompanyInfoStatus | null;
  to_status: CompanyInfoStatus;
  actor_id: string | null;
  comment: Generated<string>;
  created_at: CreatedAt;
}

export interface FarmerTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  phone: Generated<string>;
  id_card: Generated<string>;
  region_code: Generated<string>;
  region_name: Generated<string>;
  address: Generated<string>;
  planting_base: Generated<string>;
  /** numeric(12,2), read as text */
  planting_area: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  varieties: Generated<string>;
  certifications: Generated<string>;
  photo_file_id: string | null;
  remark: Generated<string>;
  status: Generated<CatalogueStatus>;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface FarmerProductTable {
  farmer_id: string;
  product_id: string;
  company_id: string;
  created_at: CreatedAt;
}

/** Material types of farming records (0021), shared by every company; codes are hierarchical. */
export interface MaterialTypeTable {
  type_code: string;
  parent_code: string | null;
  type_name: string;
  type_name_en: Generated<string>;
  sort: Generated<number>;
  status: Generated<'ENABLED' | 'DISABLED'>;
  created_at: CreatedAt;
}

export type ScanVerdict = 'GENUINE' | 'REPEATED' | 'NOT_FOUND' | 'NOT_ACTIVATED' | 'VOIDED' | 'SECURITY_CODE_MISMATCH' | 'CHECK_FAILED';
export type ScanClientType = 'WXWORK' | 'WECHAT' | 'DINGTALK' | 'ALIPAY' | 'QQ' | 'QQ_BROWSER' | 'BROWSER' | 'OTHER';

export interface CodeScanTable {
  /** bigint, read as text */
  code_id: ColumnType<string, string | number, string | number>;
  company_id: string;
  scan_count: Generated<number>;
  first_scan_at: Timestamp;
  first_province: Generated<string>;
  first_city: Generated<string>;
  last_scan_at: Timestamp;
  last_province: Generated<string>;
  recent_provinces: ColumnType<string[], string[] | undefined, string[]>;
  suspicious: Generated<boolean>;
  /** Start of the window `recent_provinces` covers (0020). */
  recent_since: Timestamp;
  first_country: Generated<string>;
}

export interface ScanRecordTable {
  /** bigserial, read as text */
  id: ColumnType<string, never, never>;
  company_id: string | null;
  code_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  code_text: string;
  product_id: string | null;
  batch_id: string | null;
  source: Generated<'CHECK' | 'SCAN' | 'TEST'>;
  verdict: ScanVerdict | null;
  scan_seq: number | null;
  suspicious: Generated<boolean>;
  ip: Generated<string>;
  country: Generated<string>;
  province: Generated<string>;
  city: Generated<string>;
  isp: Generated<string>;
  area_code: Generated<string>;
  client_type: Generated<ScanClientType>;
  os: Generated<string>;
  user_agent: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  scanned_at: Timestamp;
  /** One-time secret to attach the browser's position through scanCodeRecord/add (0020). */
  attach_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** The active recall the scanned item was under, written by the check (0031); null otherwise. */
  recall_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MedicinalProductTable {
  id: Generated<string>;
  company_id: string;
  generic_name: string;
  trade_name: Generated<string>;
  approval_no: string;
  drug_standard_code: Generated<string>;
  dosage_form: string;
  specification: Generated<string>;
  package_specification: Generated<string>;
  manufacturer: string;
  storage: Generated<string>;
  status: Generated<CatalogueStatus>;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface MedicinalBatchTable {
  id: Generated<string>;
  company_id: string;
  product_id: string;
  batch_no: string;
  production_date: ColumnType<string, string, string>;
  expiry_date: ColumnType<string, string, string>;
  quantity: Generated<number>;
  origin: Generated<string>;
  remark: Generated<string>;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface MedicinalBatchFileTable {
  id: Generated<string>;
  batch_id: string;
  file_id: string;
  name: string;
  kind: Generated<'INSPECTION' | 'CERTIFICATE' | 'OTHER'>;
  created_by: string | null;
  created_at: CreatedAt;
}

// statistics rollups (0018)
export interface ScanStatStateTable {
  id: Generated<boolean>;
  /** bigint, read as text */
  rolled_up_to: ColumnType<string, string | number | undefined, string | number>;
  time_zone: Generated<string>;
  updated_at: Timestamp;
}

export type ScanStatDim = 'TOTAL' | 'AREA' | 'CLIENT' | 'PRODUCT';

export interface ScanStatDayTable {
  company_id: string;
  dim: ScanStatDim;
  /** 'YYYY-MM-DD' */
  day: string;
  key: string;
  scans: ColumnType<string, string | number, string | number>;
  suspicious: ColumnType<string, string | number, string | number>;
  /** dim TOTAL: counted checks of expired items, of recalled items, and typing mistakes (not in scans) */
  expired: Generated<string>;
  recalled: Generated<string>;
  check_failed: Generated<string>;
}

export interface ScanStatCodeTable {
  company_id: string;
  code_id: ColumnType<string, string | number, string | number>;
  scans: ColumnType<string, string | number, string | number>;
}

// 0044: a code's rolled-up scans of a business month and the next, with running totals by day
export interface ScanStatCodeMonthTable {
  company_id: string;
  /** The first day of the row's first month. */
  month: ColumnType<string, string, string>;
  code_id: ColumnType<string, string | number, string | number>;
  scans: ColumnType<string, string | number, string | number>;
  days: string[];
  totals: ColumnType<string[], Array<string | number>, Array<string | number>>;
}

// 0016: aggregation (box codes) and code binding to a batch
/** bigint code ids, read as text. */
type CodeId = ColumnType<string, string | number, string | number>;

export interface BoxItemTable {
  item_code_id: CodeId;
  box_code_id: CodeId;
  company_id: string;
  packed_by: string | null;
  packed_at: Timestamp;
}

export type BoxEventAction = 'PACK' | 'UNPACK' | 'MOVE';

export interface BoxEventTable {
  id: ColumnType<string, never, never>;
  company_id: string;
  action: BoxEventAction;
  box_code_id: CodeId;
  item_code_id: CodeId;
  from_box_code_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  user_id: string | null;
  created_at: CreatedAt;
}

export type EpcisEventType = 'ObjectEvent' | 'AggregationEvent' | 'TransactionEvent' | 'TransformationEvent' | 'AssociationEvent';

export interface DealerTable {
  id: Generated<string>;
  company_id: string;
  code: string;
  name: string;
  contact: Generated<string>;
  phone: Generated<string>;
  level: number;
  parent_id: string | null;
  area_codes: string[];
  address: Generated<string>;
  remark: Generated<string>;
  name_public: Generated<boolean>;
  status: Generated<CatalogueStatus>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ShipmentTable {
  id: Generated<string>;
  company_id: string;
  order_no: string;
  kind: 'OUTBOUND' | 'RETURN';
  dealer_id: string;
  status: Generated<'OPEN' | 'COMPLETED' | 'RECEIVED' | 'CANCELLED'>;
  item_count: Generated<number>;
  box_count: Generated<number>;
  remark: Generated<string>;
  created_by: string;
  created_at: CreatedAt;
  completed_by: string | null;
  completed_at: NullableTimestamp;
  received_by: string | null;
  received_at: NullableTimestamp;
  cancelled_by: string | null;
  cancelled_at: NullableTimestamp;
}

export interface ShipmentLineTable {
  shipment_id: string;
  code_id: CodeId;
  is_box: boolean;
  via_box_id: ColumnType<string | null, string | null | undefined, string | null>;
  added_at: Timestamp;
}

export interface OpenLineTable {
  code_id: CodeId;
  shipment_id: string;
}

export interface CodeShipmentTable {
  code_id: CodeId;
  company_id: string;
  dealer_id: string;
  shipment_id: string;
  shipped_at: RequiredTimestamp;
}

export interface ChannelConflictTable {
  id: ColumnType<string, never, never>;
  company_id: string;
  scan_record_id: string;
  scanned_at: RequiredTimestamp;
  code_id: CodeId;
  product_id: string | null;
  batch_id: string | null;
  dealer_id: string;
  shipment_id: string;
  dealer_area_codes: string[];
  scan_area_code: string;
  scan_city_code: string;
  province: string;
  city: string;
  ip: string;
  located_by: ColumnType<'IP' | 'POSITION', 'IP' | 'POSITION' | undefined, never>;
}

/** Codes of a job per batch and status, kept by triggers on `code` (0034); never written by the application. */
export interface CodeTallyTable {
  record_id: string;
  batch_id: string | null;
  status: CodeStatus;
  codes: ColumnType<string, never, never>;
}

export interface CodeActivationTable {
  id: Generated<string>;
  company_id: string;
  record_id: string;
  status: Generated<'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED'>;
  quantity: number;
  progress: Generated<number>;
  cursor: ColumnType<string, string | number | undefined, string | number>;
  error: Generated<string>;
  created_by: string | null;
  worker_id: string | null;
  heartbeat_at: NullableTimestamp;
  created_at: CreatedAt;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  updated_at: Timestamp;
  /** 0038: what the job does to the codes; a void keeps its reason on every code. */
  action: Generated<'ACTIVATE' | 'VOID'>;
  void_reason: string | null;
}

export interface EpcisCaptureTable {
  id: ColumnType<string, never, never>;
  company_id: string;
  user_id: string | null;
  api_key_id: string | null;
  event_count: number;
  duplicates: Generated<number>;
  created_at: CreatedAt;
  finished_at: Timestamp;
  /** 0040: GS1-Capture-Error-Behaviour of the capture; a failing event refuses a 'rollback' document whole. */
  error_behaviour: Generated<'rollback' | 'proceed'>;
  /** 0040: false when events of the document were not stored (failed > 0). */
  success: Generated<boolean>;
  failed: Generated<number>;
  /** 0040: the refused events' problems (where in the document, the message key), translated when read. */
  errors: Json<Array<{ pointer: string; key: string; params?: Record<string, string | number> }>>;
}

export interface ApiKeyTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  key_prefix: string;
  key_hash: Buffer;
  permissions: string[];
  created_by: string;
  created_at: CreatedAt;
  expires_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  revoked_by: string | null;
  last_used_at: NullableTimestamp;
}

export interface EpcisEventTable {
  id: ColumnType<string, never, never>;
  company_id: string;
  event_id: string;
  event_type: EpcisEventType;
  action: 'ADD' | 'OBSERVE' | 'DELETE' | null;
  biz_step: string | null;
  disposition: string | null;
  read_point: string | null;
  biz_location: string | null;
  event_time: RequiredTimestamp;
  record_time: Timestamp;
  body: ColumnType<Record<string, unknown>, string, never>;
  origin: 'PORTAL' | 'CAPTURE';
  capture_id: string | null;
  /** The append (one call, one transaction) the event came in: its place in the subscription feed. */
  append_id: ColumnType<string | null, string | null | undefined, never>;
}

/** E: epcList or childEPCs, P: parentID, I: inputEPCList, O: outputEPCList; e, i, o: the EPC classes of the matching quantity lists. */
export type EpcRole = 'E' | 'P' | 'I' | 'O' | 'e' | 'i' | 'o';

export interface EpcisEventEpcTable {
  event_pk: string;
  role: EpcRole;
  epc: string;
}

/** A query-able value of an event (modules/epcis/eventFields.ts names them). */
export interface EpcisEventFieldTable {
  event_pk: string;
  name: string;
  text_value: string | null;
  num_value: number | null;
  time_value: NullableTimestamp;
}

export interface EpcisNamedQueryTable {
  company_id: string;
  name: string;
  query: ColumnType<Record<string, unknown>, string, string>;
  created_by: string | null;
  api_key_id: string | null;
  created_at: Generated<Date>;
}

export interface EpcisAppendTable {
  id: Generated<string>;
  company_id: string;
  feed_seq: string | null;
}

export interface EpcisFieldBackfillTable {
  only_row: Generated<boolean>;
  next_id: string;
  last_id: string;
}

export interface EpcisSubscriptionTable {
  id: Generated<string>;
  company_id: string;
  query_name: string;
  dest: string;
  signature_token: string | null;
  stream: boolean;
  schedule: ColumnType<Record<string, string> | null, string | null, string | null>;
  report_if_empty: boolean;
  delivered_seq: string;
  range_seq: string | null;
  range_after_id: string | null;
  backlog_from: NullableTimestamp;
  backlog_after_id: string | null;
  next_run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  attempts: Generated<number>;
  last_error: string | null;
  last_notified_at: NullableTimestamp;
  leased_until: NullableTimestamp;
  leased_by: string | null;
  created_by: string | null;
  api_key_id: string | null;
  created_at: Generated<Date>;
}

export interface EpcisNamespaceTable {
  company_id: string;
  prefix: string;
  namespace: string;
}

/** Master data partners sent: an element of a vocabulary (a location, …), its attributes and its children. */
export interface EpcisVocabularyElementTable {
  company_id: string;
  vocabulary: string;
  element_id: string;
  attributes: ColumnType<Record<string, unknown>, string | undefined, string>;
  children: ColumnType<string[], string[] | undefined, string[]>;
  updated_at: Generated<Date>;
}

export interface CodeBindingTable {
  code_id: CodeId;
  company_id: string;
  product_id: string;
  batch_id: string;
  bound_by: string | null;
  bound_at: Timestamp;
  prior_status: 'NOT_ACTIVATED' | 'ACTIVATED';
  prior_product_id: string | null;
  prior_batch_id: string | null;
  prior_activated_at: NullableTimestamp;
}

export type RecallState = 'DRAFT' | 'ACTIVE' | 'CLOSED';
export type RecallSelectionKind = 'BATCH' | 'SHIPMENT' | 'RANGE' | 'LIST';
export type RecallCloseDisposition = 'destroyed' | 'active' | 'non_sellable_other';

export interface RecallTable {
  id: Generated<string>;
  company_id: string;
  recall_no: string;
  state: Generated<RecallState>;
  level: number;
  reason: string;
  instruction: string;
  contact: string;
  started_at: NullableTimestamp;
  selection_kind: RecallSelectionKind;
  batch_ids: ColumnType<string[], string[] | undefined, string[]>;
  shipment_id: string | null;
  rule_id: string | null;
  /** bigint, read as text */
  serial_from: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  serial_to: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  range_from_code: Generated<string>;
  range_to_code: Generated<string>;
  code_count: Generated<number>;
  resolved_at: NullableTimestamp;
  close_disposition: RecallCloseDisposition | null;
  close_summary: Generated<string>;
  created_by: string;
  created_at: CreatedAt;
  updated_by: string | null;
  updated_at: Timestamp;
  activated_by: string | null;
  closed_by: string | null;
  closed_at: NullableTimestamp;
}

export interface RecallCodeTable {
  recall_id: string;
  code_id: CodeId;
  company_id: string;
}

export interface RecallListedCodeTable {
  recall_id: string;
  code_id: CodeId;
}

export interface RecallJobTable {
  id: Generated<string>;
  company_id: string;
  recall_id: string;
  kind: 'RESOLVE' | 'RECALLED' | 'CLOSED';
  status: Generated<'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED'>;
  phase: Generated<'CLEAR' | 'GATHER'>;
  part: Generated<number>;
  cursor: ColumnType<string, string | number | undefined, string | number>;
  progress: Generated<number>;
  disposition: string | null;
  error: Generated<string>;
  created_by: string | null;
  worker_id: string | null;
  heartbeat_at: NullableTimestamp;
  created_at: CreatedAt;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  updated_at: Timestamp;
}

export interface DB {
  company: CompanyTable;
  app_user: AppUserTable;
  role: RoleTable;
  menu: MenuTable;
  role_menu: RoleMenuTable;
  user_role: UserRoleTable;
  user_session: UserSessionTable;
  login_log: LoginLogTable;
  app_secret: AppSecretTable;
  department: DepartmentTable;
  user_menu: UserMenuTable;
  dict_type: DictTypeTable;
  dict_item: DictItemTable;
  operation_log: OperationLogTable;
  stored_file: StoredFileTable;
  company_secret: CompanySecretTable;
  tag_rule: TagRuleTable;
  code_record: CodeRecordTable;
  idempotency_key: IdempotencyKeyTable;
  code: CodeTable;
  product_category: ProductCategoryTable;
  product_template: ProductTemplateTable;
  template_attribute: TemplateAttributeTable;
  product: ProductTable;
  product_attr_value: ProductAttrValueTable;
  product_batch: ProductBatchTable;
  company_info: CompanyInfoTable;
  company_info_audit: CompanyInfoAuditTable;
  farmer: FarmerTable;
  farmer_product: FarmerProductTable;
  material_type: MaterialTypeTable;
  code_scan: CodeScanTable;
  scan_record: ScanRecordTable;
  scan_stat_state: ScanStatStateTable;
  scan_stat_day: ScanStatDayTable;
  scan_stat_code: ScanStatCodeTable;
  scan_stat_code_month: ScanStatCodeMonthTable;
  medicinal_product: MedicinalProductTable;
  medicinal_batch: MedicinalBatchTable;
  medicinal_batch_file: MedicinalBatchFileTable;
  box_item: BoxItemTable;
  box_event: BoxEventTable;
  code_binding: CodeBindingTable;
  epcis_capture: EpcisCaptureTable;
  epcis_event: EpcisEventTable;
  api_key: ApiKeyTable;
  dealer: DealerTable;
  shipment: ShipmentTable;
  shipment_line: ShipmentLineTable;
  open_line: OpenLineTable;
  code_shipment: CodeShipmentTable;
  channel_conflict: ChannelConflictTable;
  code_activation: CodeActivationTable;
  code_tally: CodeTallyTable;
  epcis_event_epc: EpcisEventEpcTable;
  epcis_event_field: EpcisEventFieldTable;
  epcis_namespace: EpcisNamespaceTable;
  epcis_named_query: EpcisNamedQueryTable;
  epcis_append: EpcisAppendTable;
  epcis_field_backfill: EpcisFieldBackfillTable;
  epcis_subscription: EpcisSubscriptionTable;
  epcis_vocabulary_element: EpcisVocabularyElementTable;
  recall: RecallTable;
  recall_code: RecallCodeTable;
  recall_listed_code: RecallListedCodeTable;
  recall_job: RecallJobTable;
}
