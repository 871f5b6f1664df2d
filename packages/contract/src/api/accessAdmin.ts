import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../paging.js';
import { zString } from '../validators.js';

/**
 * Access administration: roles (/acc/userRole/*), menu configuration (/acc/menuConf/*) and direct user
 * permissions (/acc/userpermission/*). Messages are validation keys; the server translates them.
 */

export const ROLE_NAME_MAX = 50;
export const ROLE_NAME_EN_MAX = 100;
export const ROLE_REMARK_MAX = 500;
export const MENU_NAME_MAX = 50;
export const MENU_NAME_EN_MAX = 100;
export const ACCESS_SORT_MAX = 9999;
/** Elements one grant may name; the whole menu table is far smaller. */
export const GRANT_IDS_MAX = 2000;
/** Users one role assignment may name. */
export const ROLE_USERS_MAX = 1000;
/** Roles one user may be given at once. */
export const USER_ROLE_IDS_MAX = 50;

export const ROLE_STATUS_VALUES = ['ENABLED', 'DISABLED'] as const;
export type RoleStatus = (typeof ROLE_STATUS_VALUES)[number];
/** PLATFORM roles are for platform staff; ENTERPRISE roles for users of a company. */
export const ROLE_SCOPES = ['PLATFORM', 'ENTERPRISE'] as const;
export type RoleScope = (typeof ROLE_SCOPES)[number];
export const MENU_TYPES = ['MENU', 'BUTTON'] as const;
export type MenuType = (typeof MENU_TYPES)[number];
/**
 * PLATFORM elements are never granted to enterprise roles or users; COMPANY elements (a company's own
 * data) are never shown or granted to platform accounts, which belong to no company.
 */
export const MENU_SCOPES = ['ALL', 'PLATFORM', 'COMPANY'] as const;
export type MenuScope = (typeof MENU_SCOPES)[number];
export const RELATION_TYPES = ['MENU', 'BUTTON', 'ALL'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/** Menu element codes: letters, digits, underscore, colon and dot (buttons use their permission code). */
export const MENU_CODE = /^[A-Za-z0-9_:.]{1,64}$/;
/** Permission codes read area:entity:action, e.g. system:user:add. */
export const PERMISSION_CODE = /^[A-Za-z][A-Za-z0-9_-]{0,31}:[A-Za-z][A-Za-z0-9_-]{0,31}:[A-Za-z][A-Za-z0-9_-]{0,31}$/;
/** A screen's url is the name of the web route that renders it; an icon is an icon component's name. */
export const ROUTE_NAME = /^[A-Za-z0-9_]{0,64}$/;

/** '' and null mean "not given" for optional inputs (forms send empty fields). */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const zUuid = z.uuid({ error: 'validation.invalid' });
const zTrimmed = (max: number) => zString().trim().max(max, 'validation.tooLong');
const zRequiredText = (max: number) => zTrimmed(max).min(1, 'validation.required');
const zSort = z.coerce.number({ error: 'validation.integer' }).int('validation.integer').min(0).max(ACCESS_SORT_MAX);
const zIds = (max: number) => z.array(zUuid, { error: 'validation.required' }).max(max, 'validation.tooBig');

// ---------------------------------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------------------------------

/** GET /acc/userRole/queryUserRoleInfo */
export const roleListQuerySchema = pageQuerySchema.extend({
  roleName: z.preprocess(blankToUndefined, zTrimmed(ROLE_NAME_MAX).optional()),
  status: z.preprocess(blankToUndefined, z.enum(ROLE_STATUS_VALUES, { error: 'validation.oneOf' }).optional()),
});
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;

export const roleItemSchema = z.object({
  id: z.string(),
  roleCode: z.string(),
  roleName: z.string(),
  roleNameEn: z.string(),
  scope: z.enum(ROLE_SCOPES),
  builtin: z.boolean(),
  /** null: shared (built-in, or kept by the platform) */
  companyId: z.string().nullable(),
  sort: z.number(),
  status: z.enum(ROLE_STATUS_VALUES),
  remark: z.string(),
  /** Whether the caller may edit, delete and grant this role (shared roles are read-only to companies). */
  editable: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type RoleItem = z.infer<typeof roleItemSchema>;
export const roleListResultSchema = pageResultSchema(roleItemSchema);

const roleFields = {
  roleName: zRequiredText(ROLE_NAME_MAX),
  roleNameEn: zTrimmed(ROLE_NAME_EN_MAX).default(''),
  sort: zSort.default(0),
  status: z.enum(ROLE_STATUS_VALUES, { error: 'validation.oneOf' }).default('ENABLED'),
  remark: zTrimmed(ROLE_REMARK_MAX).default(''),
};

/** POST /acc/userRole/addRole. The role code is generated; enterprise users always create roles of their company. */
export const roleAddBodySchema = z.object({
  ...roleFields,
  /** Platform users only; left out, a platform user creates a PLATFORM role. */
  scope: z.preprocess(blankToUndefined, z.enum(ROLE_SCOPES, { error: 'validation.oneOf' }).optional()),
});
export type RoleAddBody = z.infer<typeof roleAddBodySchema>;

/** PUT /acc/userRole/editRole/{guid}: scope, company and code never change. */
export const roleEditBodySchema = z.object(roleFields);
export type RoleEditBody = z.infer<typeof roleEditBodySchema>;

export const roleGuidParamsSchema = z.object({ guid: zUuid });
export const roleIdParamsSchema = z.object({ id: zUuid });
export const roleCodeParamsSchema = z.object({ roleCode: zRequiredText(64) });

/** GET /acc/userRole/checkRoleName?roleName=&id= → true when the name is free (id: the role being edited). */
export const roleNameCheckQuerySchema = z.object({
  roleName: zRequiredText(ROLE_NAME_MAX),
  id: z.preprocess(blankToUndefined, zUuid.optional()),
});
export type RoleNameCheckQuery = z.infer<typeof roleNameCheckQuerySchema>;

/** POST /acc/userRole/batchSaveRoleMenu: the role's grants become exactly these elements (and their ancestors). */
export const roleMenuSaveBodySchema = z.object({ roleId: zUuid, menuIds: zIds(GRANT_IDS_MAX) });
export type RoleMenuSaveBody = z.infer<typeof roleMenuSaveBodySchema>;

/** A node of the tree of elements a caller may grant (GET /acc/userRole/queryAccMenusList). */
export interface GrantableMenuNode {
  id: string;
  menuCode: string;
  menuName: string;
  menuNameEn: string;
  type: MenuType;
  permission: string | null;
  scope: MenuScope;
  children: GrantableMenuNode[];
}
export const grantableMenuNodeSchema: z.ZodType<GrantableMenuNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    menuCode: z.string(),
    menuName: z.string(),
    menuNameEn: z.string(),
    type: z.enum(MENU_TYPES),
    permission: z.string().nullable(),
    scope: z.enum(MENU_SCOPES),
    children: z.array(grantableMenuNodeSchema),
  }),
);
// a named component of the OpenAPI document: a tree refers to itself, which only a named schema can
z.globalRegistry.add(grantableMenuNodeSchema, { id: 'GrantableMenuNode' });

/** GET /acc/userRole/queryAccMenus/{roleCode}?relationType= */
export const roleGrantsQuerySchema = z.object({
  relationType: z.preprocess(blankToUndefined, z.enum(RELATION_TYPES, { error: 'validation.oneOf' }).default('ALL')),
});
export const roleGrantsSchema = z.object({ menuIds: z.array(z.string()), menuCodes: z.array(z.string()) });
export type RoleGrants = z.infer<typeof roleGrantsSchema>;

/** A user holding a role (GET /acc/userRole/queryUserInfoWithRoleCode/{id}); status '1' enabled, '0' disabled. */
export const roleUserSchema = z.object({
  id: z.string(),
  usercode: z.string(),
  username: z.string(),
  name: z.string(),
  status: z.enum(['1', '0']),
  companyName: z.string(),
});
export type RoleUser = z.infer<typeof roleUserSchema>;

/** POST /acc/userRole/batchSaveUserRole: exactly these users of the caller's reach hold the role. */
export const roleUsersSaveBodySchema = z.object({ roleId: zUuid, userIds: zIds(ROLE_USERS_MAX) });
export type RoleUsersSaveBody = z.infer<typeof roleUsersSaveBodySchema>;

/** POST /acc/userRole/batchSaveUserRoleInfo: exactly these roles (of those the caller sees) for one user. */
export const userRolesSaveBodySchema = z.object({ userId: zUuid, roleIds: zIds(USER_ROLE_IDS_MAX) });
export type UserRolesSaveBody = z.infer<typeof userRolesSaveBodySchema>;

/** GET /acc/userRole/queryUserRoleInfoWithUserCode?userCode= */
export const userRolesQuerySchema = z.object({ userCode: zRequiredText(64) });

/** A role as a choice (the user's roles, the company's assignable roles). */
export const roleRefSchema = z.object({
  id: z.string(),
  roleCode: z.string(),
  roleName: z.string(),
  roleNameEn: z.string(),
  scope: z.enum(ROLE_SCOPES),
  builtin: z.boolean(),
  status: z.enum(ROLE_STATUS_VALUES),
});
export type RoleRef = z.infer<typeof roleRefSchema>;

// ---------------------------------------------------------------------------------------------------
// Menu configuration
// ---------------------------------------------------------------------------------------------------

/** A node of GET /acc/menuConf/queryList: every element with all of its fields. */
export interface MenuConfNode {
  id: string;
  menuCode: string;
  parentMenuCode: string | null;
  menuName: string;
  menuNameEn: string;
  menuIcon: string;
  menuUrl: string;
  type: MenuType;
  permission: string | null;
  isShow: '0' | '1';
  sort: number;
  scope: MenuScope;
  children: MenuConfNode[];
}
export const menuConfNodeSchema: z.ZodType<MenuConfNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    menuCode: z.string(),
    parentMenuCode: z.string().nullable(),
    menuName: z.string(),
    menuNameEn: z.string(),
    menuIcon: z.string(),
    menuUrl: z.string(),
    type: z.enum(MENU_TYPES),
    permission: z.string().nullable(),
    isShow: z.enum(['0', '1']),
    sort: z.number(),
    scope: z.enum(MENU_SCOPES),
    children: z.array(menuConfNodeSchema),
  }),
);
// a named component of the OpenAPI document: a tree refers to itself, which only a named schema can
z.globalRegistry.add(menuConfNodeSchema, { id: 'MenuConfNode' });

/** POST /acc/menuConf/saveOrUpdateMenu: creates without id, else updates that element. */
export const menuSaveBodySchema = z
  .object({
    id: z.preprocess(blankToUndefined, zUuid.optional()),
    menuName: zRequiredText(MENU_NAME_MAX),
    menuNameEn: zRequiredText(MENU_NAME_EN_MAX),
    menuCode: zString().trim().regex(MENU_CODE, 'validation.menuCode'),
    menuIcon: zString().trim().regex(ROUTE_NAME, 'validation.alphanumericUnderscore').default(''),
    sort: zSort.default(0),
    menuUrl: zString().trim().regex(ROUTE_NAME, 'validation.alphanumericUnderscore').default(''),
    type: z.enum(MENU_TYPES, { error: 'validation.oneOf' }),
    /** Left out or empty: a top-level element. */
    parentMenuCode: z.preprocess(blankToUndefined, zString().trim().regex(MENU_CODE, 'validation.menuCode').optional()),
    isShow: z.enum(['0', '1'], { error: 'validation.oneOf' }).default('1'),
    /** Required for buttons; optional for menus (a screen's list permission). */
    permission: z.preprocess(blankToUndefined, zString().trim().regex(PERMISSION_CODE, 'validation.permissionCode').optional()),
    /** Left out: kept (or ALL for a new element). Under a PLATFORM parent an element is always PLATFORM. */
    scope: z.preprocess(blankToUndefined, z.enum(MENU_SCOPES, { error: 'validation.oneOf' }).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'BUTTON' && !v.permission) {
      ctx.addIssue({ code: 'custom', path: ['permission'], message: 'validation.required' });
    }
  });
export type MenuSaveBody = z.infer<typeof menuSaveBodySchema>;

export const menuIdParamsSchema = z.object({ id: zUuid });

// ---------------------------------------------------------------------------------------------------
// Direct user permissions
// ---------------------------------------------------------------------------------------------------

/** POST /acc/userpermission/info */
export const userPermissionInfoBodySchema = z.object({ userId: zUuid });
export const userPermissionInfoSchema = z.object({
  userId: z.string(),
  /** Elements granted to the user directly (user_menu). */
  menuIds: z.array(z.string()),
  /** Elements the user holds through enabled roles. */
  roleMenuIds: z.array(z.string()),
});
export type UserPermissionInfo = z.infer<typeof userPermissionInfoSchema>;

/** POST /acc/userpermission/save: the user's direct grants become exactly these elements (and their ancestors). */
export const userPermissionSaveBodySchema = z.object({ userId: zUuid, menuIds: zIds(GRANT_IDS_MAX) });
export type UserPermissionSaveBody = z.infer<typeof userPermissionSaveBodySchema>;

/** POST /acc/userpermission/permissions: the signed-in user's own codes of one element type. */
export const ownPermissionsBodySchema = z.object({ type: z.enum(MENU_TYPES, { error: 'validation.oneOf' }) });
