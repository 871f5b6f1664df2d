import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import {
  isEmail,
  isMobile,
  USER_ACCOUNT,
  USER_AVATAR_URL,
  USER_JOB_TITLE_MAX,
  USER_NAME_MAX,
  USER_REMARK_MAX,
  type UserSex,
  type ValidationKey,
} from '@rd/contract';
import type { UserAddRequest, UserDetailView } from '../../../api/userinfo';
import { DATE_FORMAT } from '../../../utils/format';

/**
 * The user form: its values, the rules of each field (the contract's patterns and message keys, so the
 * form accepts exactly what the server accepts), and the conversions to and from the API.
 */

export interface UserFormValues {
  username?: string;
  name?: string;
  sex?: UserSex;
  deptId?: string | null;
  jobTitle?: string;
  phone?: string;
  email?: string;
  birthdate?: Dayjs | null;
  contractStart?: Dayjs | null;
  contractEnd?: Dayjs | null;
  roles?: string[];
  avatar?: string;
  remark?: string;
  /** Platform users adding a user: platform staff ('2') or a user of a company ('3'). */
  userType?: '2' | '3';
  companyId?: string | null;
}

export type UserFormField =
  | 'username'
  | 'name'
  | 'jobTitle'
  | 'phone'
  | 'email'
  | 'contractEnd'
  | 'avatar'
  | 'remark'
  | 'companyId';

export interface FieldProblem {
  key: ValidationKey;
  params?: Record<string, number>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const day = (value: Dayjs | null | undefined): string | undefined => (value && value.isValid() ? value.format(DATE_FORMAT) : undefined);

/** The first broken rule of a field, or null. Empty optional fields are fine. */
export function userFieldProblem(field: UserFormField, values: UserFormValues): FieldProblem | null {
  switch (field) {
    case 'username': {
      const v = text(values.username);
      if (!v) return { key: 'validation.required' };
      return USER_ACCOUNT.test(v) ? null : { key: 'validation.account' };
    }
    case 'name': {
      const v = text(values.name);
      if (!v) return { key: 'validation.required' };
      return v.length > USER_NAME_MAX ? { key: 'validation.tooLong', params: { max: USER_NAME_MAX } } : null;
    }
    case 'jobTitle':
      return text(values.jobTitle).length > USER_JOB_TITLE_MAX ? { key: 'validation.tooLong', params: { max: USER_JOB_TITLE_MAX } } : null;
    case 'remark':
      return text(values.remark).length > USER_REMARK_MAX ? { key: 'validation.tooLong', params: { max: USER_REMARK_MAX } } : null;
    case 'phone': {
      const v = text(values.phone);
      return v && !isMobile(v) ? { key: 'validation.mobile' } : null;
    }
    case 'email': {
      const v = text(values.email);
      return v && !isEmail(v) ? { key: 'validation.email' } : null;
    }
    case 'avatar': {
      const v = text(values.avatar);
      return v && !USER_AVATAR_URL.test(v) ? { key: 'validation.url' } : null;
    }
    case 'contractEnd': {
      const start = day(values.contractStart);
      const end = day(values.contractEnd);
      return start && end && end < start ? { key: 'validation.dateOrder' } : null;
    }
    case 'companyId':
      return values.userType === '3' && !values.companyId ? { key: 'validation.required' } : null;
  }
}

/** Fields whose rule reads another field: changing the key field rechecks them. */
export const DEPENDENT_FIELDS: Partial<Record<keyof UserFormValues, UserFormField[]>> = {
  contractStart: ['contractEnd'],
  userType: ['companyId'],
};

/**
 * Form values → the add / edit body. Blank optional texts are left out (the server stores them empty);
 * the picture is always sent so that clearing it clears it.
 */
export function userFormToBody(values: UserFormValues, options: { platform: boolean; adding: boolean }): UserAddRequest {
  const optional = (v: unknown) => text(v) || undefined;
  const body: UserAddRequest = {
    username: text(values.username),
    name: text(values.name),
    sex: values.sex ?? '0',
    deptId: values.deptId || undefined,
    jobTitle: optional(values.jobTitle),
    phone: optional(values.phone),
    email: optional(values.email),
    birthdate: day(values.birthdate),
    contractStart: day(values.contractStart),
    contractEnd: day(values.contractEnd),
    remark: optional(values.remark),
    avatar: text(values.avatar),
    roles: values.roles ?? [],
  };
  if (options.platform && options.adding) {
    body.userType = values.userType ?? '3';
    if (body.userType === '3' && values.companyId) body.companyId = values.companyId;
  }
  return body;
}

const asDay = (value: string | null): Dayjs | null => (value ? dayjs(value, DATE_FORMAT) : null);

/** A user from the API → the edit form's initial values. */
export function userDetailToForm(detail: UserDetailView): UserFormValues {
  return {
    username: detail.username,
    name: detail.name,
    sex: detail.sex,
    deptId: detail.deptId,
    jobTitle: detail.jobTitle,
    phone: detail.phone,
    email: detail.email,
    birthdate: asDay(detail.birthdate),
    contractStart: asDay(detail.contractStart),
    contractEnd: asDay(detail.contractEnd),
    roles: detail.roles.map((r) => r.id),
    avatar: detail.avatar,
    remark: detail.remark,
  };
}
