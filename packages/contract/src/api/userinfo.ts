import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../paging.js';
import { zEmail, zMobile, zString } from '../validators.js';

/**
 * Users (spec 7.2, /acc/userinfo/*): request and response schemas shared by the server and the web form.
 * Messages are validation keys; the server translates them, the web form shows the same texts.
 */

/** Sign-in name of a user: 2 to 64 Chinese characters, letters, digits or underscores. */
export const USER_ACCOUNT = /^[\p{Script=Han}A-Za-z0-9_]{2,64}$/u;
export const USER_NAME_MAX = 64;
export const USER_JOB_TITLE_MAX = 64;
export const USER_REMARK_MAX = 500;
export const USER_AVATAR_MAX = 1000;
/** How many roles one user may hold; a guard against oversized requests, far above real use. */
export const USER_ROLES_MAX = 50;
/** Ids a client may name in one export. */
export const USER_EXPORT_IDS_MAX = 1000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD (2024-02-30 is not). */
export function isIsoDateText(value: unknown): boolean {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An avatar is a path on this site or an http(s) address; never javascript: or data: URLs. */
export const USER_AVATAR_URL = /^(?:\/(?!\/)|https?:\/\/)\S*$/;

/** Sex: '0' unknown, '1' male, '2' female. */
export const USER_SEX_VALUES = ['0', '1', '2'] as const;
export type UserSex = (typeof USER_SEX_VALUES)[number];
/** Account status as the API shows it: '1' enabled, '0' disabled (isResetStatus/{id}/{value}). */
export const USER_STATUS_VALUES = ['1', '0'] as const;
export type UserStatus = (typeof USER_STATUS_VALUES)[number];

/** '' and null mean "not given" for optional inputs (forms send empty fields). */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

const zUuid = z.uuid({ error: 'validation.invalid' });
const zDate = zString().refine(isIsoDateText, 'validation.date');
const zAvatar = zString()
  .trim()
  .max(USER_AVATAR_MAX, 'validation.tooLong')
  .refine((v) => v === '' || USER_AVATAR_URL.test(v), 'validation.url');
const zTrimmed = (max: number) => zString().trim().max(max, 'validation.tooLong');

/** The fields of a user an administrator fills in (add and edit). Nothing else is ever written. */
const userFields = {
  username: zString().trim().regex(USER_ACCOUNT, 'validation.account'),
  name: zString().trim().min(1, 'validation.required').max(USER_NAME_MAX, 'validation.tooLong'),
  sex: z.enum(USER_SEX_VALUES, { error: 'validation.oneOf' }).default('0'),
  deptId: optional(zUuid),
  jobTitle: optional(zTrimmed(USER_JOB_TITLE_MAX)),
  email: optional(zEmail),
  phone: optional(zMobile),
  birthdate: optional(zDate),
  contractStart: optional(zDate),
  contractEnd: optional(zDate),
  remark: optional(zTrimmed(USER_REMARK_MAX)),
  /** Left out on edit, the picture stays; '' removes it. */
  avatar: zAvatar.optional(),
  /** Ids of the roles the user holds; left out on edit, the roles stay as they are. */
  roles: z.array(zUuid).max(USER_ROLES_MAX, 'validation.tooBig').optional(),
};

/**
 * The contract cannot end before it starts. Checked even when other fields fail, so a form learns about
 * every problem at once; skipped while a date itself is malformed.
 */
function contractDatesInOrder(value: { contractStart?: string; contractEnd?: string }): boolean {
  return !(value.contractStart && value.contractEnd && value.contractEnd < value.contractStart);
}
const CONTRACT_ORDER = {
  message: 'validation.dateOrder',
  path: ['contractEnd'],
  // only on an object whose two dates passed their own checks (`when` runs the check despite other issues)
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => issue.path?.[0] === 'contractStart' || issue.path?.[0] === 'contractEnd'),
};

/** PUT /acc/userinfo/edit/{id}: the editable fields; the type and company of a user never change. */
export const userEditBodySchema = z.object(userFields).refine(contractDatesInOrder, CONTRACT_ORDER);
export type UserEditBody = z.infer<typeof userEditBodySchema>;

/**
 * POST /acc/userinfo/add. Enterprise administrators create enterprise users ('3') of their own company;
 * platform users may create platform staff ('2', no company) or enterprise users of `companyId`.
 */
export const userAddBodySchema = z
  .object({
    ...userFields,
    userType: z.enum(['2', '3'], { error: 'validation.oneOf' }).optional(),
    companyId: optional(zUuid),
  })
  .refine(contractDatesInOrder, CONTRACT_ORDER);
export type UserAddBody = z.infer<typeof userAddBodySchema>;

/** Filters of the user list and the export (all optional; the company always comes from the session). */
export const userFiltersShape = {
  username: optional(zTrimmed(64)),
  name: optional(zTrimmed(64)),
  phone: optional(zTrimmed(20)),
  status: optional(z.enum(USER_STATUS_VALUES, { error: 'validation.oneOf' })),
  /** The department and every department below it. */
  deptId: optional(zUuid),
  roleCode: optional(zTrimmed(64)),
  /** Platform users only; enterprise users always see their own company. */
  companyId: optional(zUuid),
  beginTime: optional(z.coerce.date({ error: 'validation.invalid' })),
  endTime: optional(z.coerce.date({ error: 'validation.invalid' })),
};

/** POST /acc/userinfo/queryList */
export const userListQuerySchema = pageQuerySchema.extend(userFiltersShape);
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** POST /acc/userinfo/export: the listed ids when given, else every user matching the filters. */
export const userExportBodySchema = z.object({
  ...userFiltersShape,
  ids: z.array(zUuid).max(USER_EXPORT_IDS_MAX, 'validation.tooBig').optional(),
  orderName: z.string().max(64).optional(),
  orderType: z.enum(['asc', 'desc']).optional(),
});
export type UserExportBody = z.infer<typeof userExportBodySchema>;

export const userRoleRefSchema = z.object({
  id: z.string(),
  roleCode: z.string(),
  roleName: z.string(),
  roleNameEn: z.string(),
});
export type UserRoleRef = z.infer<typeof userRoleRefSchema>;

export const userListItemSchema = z.object({
  id: z.string(),
  userCode: z.string(),
  username: z.string(),
  name: z.string(),
  sex: z.enum(USER_SEX_VALUES),
  userType: z.enum(['1', '2', '3']),
  companyId: z.string().nullable(),
  companyName: z.string(),
  deptId: z.string().nullable(),
  deptName: z.string(),
  jobTitle: z.string(),
  phone: z.string(),
  email: z.string(),
  avatar: z.string(),
  status: z.enum(USER_STATUS_VALUES),
  birthdate: z.string().nullable(),
  contractStart: z.string().nullable(),
  contractEnd: z.string().nullable(),
  roles: z.array(userRoleRefSchema),
  lastLoginAt: z.date().nullable(),
  createdAt: z.date(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userListResultSchema = pageResultSchema(userListItemSchema);

/** GET /acc/userinfo/queryUserDetail/{id} */
export const userDetailSchema = userListItemSchema.extend({
  remark: z.string(),
  mustChangePassword: z.boolean(),
  lastLoginIp: z.string().nullable(),
  updatedAt: z.date(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export interface UserDeptNode {
  id: string;
  parentId: string | null;
  deptName: string;
  status: 'ENABLED' | 'DISABLED';
  children: UserDeptNode[];
}
export const userDeptNodeSchema: z.ZodType<UserDeptNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string().nullable(),
    deptName: z.string(),
    status: z.enum(['ENABLED', 'DISABLED']),
    children: z.array(userDeptNodeSchema),
  }),
);
// a named component of the OpenAPI document: a tree refers to itself, which only a named schema can
z.globalRegistry.add(userDeptNodeSchema, { id: 'UserDeptNode' });

export const userOptionSchema = z.object({ value: z.string(), label: z.string() });
export type UserOption = z.infer<typeof userOptionSchema>;

export const userAssignableRoleSchema = userRoleRefSchema.extend({
  scope: z.enum(['PLATFORM', 'ENTERPRISE']),
  builtin: z.boolean(),
  /** False when the role grants permissions the caller does not hold (saving it would be refused). */
  grantable: z.boolean(),
});
export type UserAssignableRole = z.infer<typeof userAssignableRoleSchema>;

/** GET /acc/userinfo/queryUserInit?companyId=: what the user form offers. */
export const userInitQuerySchema = z.object({
  /** Platform users preparing a user of a company; ignored for enterprise users. */
  companyId: optional(zUuid),
  lang: z.string().optional(),
});

export const userInitSchema = z.object({
  depts: z.array(userDeptNodeSchema),
  roles: z.array(userAssignableRoleSchema),
  sexOptions: z.array(userOptionSchema),
  statusOptions: z.array(userOptionSchema),
  /** Companies a platform user may create users in; empty for enterprise users. */
  companies: z.array(userOptionSchema),
});
export type UserInit = z.infer<typeof userInitSchema>;

/** The generated password, shown once (add and resetPassword). */
export const userPasswordResultSchema = z.object({ id: z.string(), password: z.string() });
export type UserPasswordResult = z.infer<typeof userPasswordResultSchema>;

export const userIdParamsSchema = z.object({ id: zUuid });
export const userStatusParamsSchema = z.object({ id: zUuid, value: z.enum(USER_STATUS_VALUES, { error: 'validation.oneOf' }) });

/** POST /acc/userinfo/addUserPictureUrl: the caller's own avatar, or with system:user:edit another user's. */
export const userPictureBodySchema = z.object({
  id: optional(zUuid),
  avatar: zAvatar,
});
export type UserPictureBody = z.infer<typeof userPictureBodySchema>;

/** POST /acc/userinfo/queryListForRole: users a role can be given to. */
export const userForRoleQuerySchema = pageQuerySchema.extend({
  keyword: optional(zTrimmed(64)),
  /** Platform users choosing users of a company; without it, platform staff. Ignored for enterprise users. */
  companyId: optional(zUuid),
});
export type UserForRoleQuery = z.infer<typeof userForRoleQuerySchema>;

export const userForRoleSchema = z.object({
  id: z.string(),
  usercode: z.string(),
  username: z.string(),
  name: z.string(),
  status: z.enum(USER_STATUS_VALUES),
});
export type UserForRole = z.infer<typeof userForRoleSchema>;
export const userForRoleResultSchema = pageResultSchema(userForRoleSchema);
