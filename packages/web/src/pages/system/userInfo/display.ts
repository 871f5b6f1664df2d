import type { Lang, UserDeptNode, UserOption, UserRoleRef } from '@rd/contract';

/** How users' coded values are shown on the users screens. */

/** A role's name in the reader's language (the Chinese name when no English one was given). */
export function roleLabel(role: Pick<UserRoleRef, 'roleName' | 'roleNameEn'>, lang: Lang): string {
  return lang === 'en_US' && role.roleNameEn ? role.roleNameEn : role.roleName;
}

/** The label of a coded value; a value with no option is shown as it is. */
export function optionLabel(options: readonly UserOption[] | undefined, value: string): string {
  return options?.find((o) => o.value === value)?.label ?? value;
}

export interface DeptTreeOption {
  value: string;
  title: string;
  disabled: boolean;
  children: DeptTreeOption[];
}

/** Departments for a TreeSelect; disabled departments stay visible (users may still be in them) but cannot be chosen. */
export function deptTreeOptions(nodes: readonly UserDeptNode[]): DeptTreeOption[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.deptName,
    disabled: n.status === 'DISABLED',
    children: deptTreeOptions(n.children),
  }));
}
