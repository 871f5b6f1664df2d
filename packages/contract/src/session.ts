import { z } from 'zod';
import { supportViewSchema } from './api/supportView.js';

/** POST /acc/user/login (spec 3.2): the username is trimmed; openid is accepted and ignored. */
export const loginBodySchema = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  openid: z.string().max(128).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResultSchema = z.object({ token: z.string() });
export type LoginResult = z.infer<typeof loginResultSchema>;

/** A node of the user's menu tree (spec 2.4). isShow '0' hides the item. */
export interface MenuNode {
  menuCode: string;
  title: string;
  titleEn: string;
  url: string;
  menuIcon: string;
  isShow: '0' | '1';
  level: number;
  sort: number;
  children: MenuNode[];
}
export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    menuCode: z.string(),
    title: z.string(),
    titleEn: z.string(),
    url: z.string(),
    menuIcon: z.string(),
    isShow: z.enum(['0', '1']),
    level: z.number(),
    sort: z.number(),
    children: z.array(menuNodeSchema),
  }),
);
// a named component of the OpenAPI document: a tree refers to itself, which only a named schema can
z.globalRegistry.add(menuNodeSchema, { id: 'MenuNode' });

/** User types: '1' is the platform super user (passes every check); '2' platform staff; '3' enterprise staff. */
export const USER_TYPE = { SUPER: '1', PLATFORM: '2', ENTERPRISE: '3' } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

/** GET /acc/user/loginUser (spec 3.1 and 7.1). */
export const loginUserSchema = z.object({
  userId: z.string(),
  usercode: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  userType: z.enum(['1', '2', '3']),
  platformUserType: z.enum(['1', '2', '3']),
  merchantCode: z.string(),
  companyName: z.string(),
  projectInfo: z.string(),
  roles: z.array(z.string()),
  menus: z.array(menuNodeSchema),
  permissionList: z.array(z.string()),
  /** IANA zone whose calendar days the statistics count in (BUSINESS_TIME_ZONE): "today" is today there. */
  timeZone: z.string(),
  /** The company a platform account is looking at read-only (support view), or null. */
  supportView: supportViewSchema.nullable(),
});
export type LoginUser = z.infer<typeof loginUserSchema>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** POST /acc/userinfo/changePassword (spec 5.1, checked again on the server). */
export const changePasswordBodySchema = z
  .object({
    oldPassword: z.string().min(1).max(128),
    newPassword: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
    confirmPsw: z.string().min(1).max(PASSWORD_MAX),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword === v.oldPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'validation.passwordSameAsOld' });
    }
    if (v.confirmPsw !== v.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPsw'], message: 'validation.passwordMismatch' });
    }
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** GET /acc/userinfo/checkUserPassWord: must the signed-in user change the password now, and why. */
export const passwordCheckSchema = z.object({
  mustChange: z.boolean(),
  reason: z.enum(['INITIAL', 'EXPIRED']).nullable(),
});
export type PasswordCheck = z.infer<typeof passwordCheckSchema>;
