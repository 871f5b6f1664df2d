import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { validationMessage } from '@rd/contract';
import { userDetailToForm, userFieldProblem, userFormToBody, type UserFormValues } from '../src/pages/system/userInfo/userForm';
import { userSearchFilters } from '../src/pages/system/userInfo/userSearch';
import { timeFilter } from '../src/utils/format';
import { deptTreeOptions, optionLabel, roleLabel } from '../src/pages/system/userInfo/display';
import type { UserDetailView } from '../src/api/userinfo';

const problem = (field: Parameters<typeof userFieldProblem>[0], values: UserFormValues) => userFieldProblem(field, values)?.key ?? null;

describe('user form rules (the contract patterns and keys)', () => {
  it('requires a username of 2 to 64 Chinese characters, letters, digits or underscores', () => {
    expect(problem('username', {})).toBe('validation.required');
    expect(problem('username', { username: '   ' })).toBe('validation.required');
    expect(problem('username', { username: 'a' })).toBe('validation.account');
    expect(problem('username', { username: 'bad name' })).toBe('validation.account');
    expect(problem('username', { username: 'x'.repeat(65) })).toBe('validation.account');
    expect(problem('username', { username: 'zhang_san' })).toBeNull();
    expect(problem('username', { username: '张三丰' })).toBeNull();
    expect(problem('username', { username: ' li_si ' })).toBeNull();
  });

  it('requires a name of at most 64 characters', () => {
    expect(problem('name', { name: '' })).toBe('validation.required');
    expect(userFieldProblem('name', { name: 'n'.repeat(65) })).toEqual({ key: 'validation.tooLong', params: { max: 64 } });
    expect(problem('name', { name: '张三' })).toBeNull();
  });

  it('checks mobile phone, email and picture address only when filled', () => {
    expect(problem('phone', {})).toBeNull();
    expect(problem('phone', { phone: '12345678901' })).toBe('validation.mobile');
    expect(problem('phone', { phone: '1381234567' })).toBe('validation.mobile');
    expect(problem('phone', { phone: '13812345678' })).toBeNull();
    expect(problem('email', { email: 'a@b' })).toBe('validation.email');
    expect(problem('email', { email: 'a@example.com' })).toBeNull();
    expect(problem('avatar', { avatar: 'javascript:alert(1)' })).toBe('validation.url');
    expect(problem('avatar', { avatar: '//evil.example/x.png' })).toBe('validation.url');
    expect(problem('avatar', { avatar: '/api/inner/acc/file/downloadFile/1' })).toBeNull();
    expect(problem('avatar', { avatar: 'https://cdn.example.com/a.png' })).toBeNull();
  });

  it('refuses a contract that ends before it starts, and needs a company for enterprise users', () => {
    const start = dayjs('2025-06-01');
    expect(problem('contractEnd', { contractStart: start, contractEnd: dayjs('2025-05-31') })).toBe('validation.dateOrder');
    expect(problem('contractEnd', { contractStart: start, contractEnd: dayjs('2025-06-01') })).toBeNull();
    expect(problem('contractEnd', { contractEnd: dayjs('2025-05-31') })).toBeNull();
    expect(problem('companyId', { userType: '3' })).toBe('validation.required');
    expect(problem('companyId', { userType: '2' })).toBeNull();
  });

  it('shows the texts the server would send', () => {
    expect(validationMessage('validation.account', 'zh_CN')).toBe('请输入2至64位汉字、字母、数字或下划线');
    expect(validationMessage('validation.dateOrder', 'en_US')).toBe('The end date cannot be earlier than the start date');
  });
});

describe('user form values and the API', () => {
  it('builds the body: trimmed texts, blank ones left out, dates as YYYY-MM-DD, the picture always sent', () => {
    const body = userFormToBody(
      {
        username: ' wang ',
        name: ' 王五 ',
        phone: '',
        email: ' w@example.com ',
        jobTitle: '  ',
        birthdate: dayjs('1990-01-02'),
        contractStart: null,
        roles: ['r1'],
        userType: '2',
        companyId: 'c1',
      },
      { platform: false, adding: true },
    );
    expect(body).toEqual({
      username: 'wang',
      name: '王五',
      sex: '0',
      deptId: undefined,
      jobTitle: undefined,
      phone: undefined,
      email: 'w@example.com',
      birthdate: '1990-01-02',
      contractStart: undefined,
      contractEnd: undefined,
      remark: undefined,
      avatar: '',
      roles: ['r1'],
    });
  });

  it('sends the user type and company only when a platform user adds a user', () => {
    const values: UserFormValues = { username: 'u1', name: 'n', userType: '3', companyId: 'c1' };
    expect(userFormToBody(values, { platform: true, adding: true })).toMatchObject({ userType: '3', companyId: 'c1' });
    expect(userFormToBody({ ...values, userType: '2' }, { platform: true, adding: true })).not.toHaveProperty('companyId');
    expect(userFormToBody(values, { platform: true, adding: false })).not.toHaveProperty('userType');
  });

  it('fills the edit form from a user, and search filters from the search form', () => {
    const detail = {
      username: 'u',
      name: 'n',
      sex: '2',
      deptId: 'd1',
      jobTitle: '',
      phone: '',
      email: '',
      birthdate: '1990-01-02',
      contractStart: null,
      contractEnd: '2026-12-31',
      roles: [{ id: 'r1', roleCode: 'X', roleName: 'x', roleNameEn: '' }],
      avatar: '',
      remark: '',
    } as unknown as UserDetailView;
    const form = userDetailToForm(detail);
    expect(form.roles).toEqual(['r1']);
    expect(form.birthdate?.format('YYYY-MM-DD')).toBe('1990-01-02');
    expect(form.contractStart).toBeNull();

    expect(
      userSearchFilters({ username: ' zh ', status: '0', deptId: '', createdRange: [dayjs('2025-01-01'), dayjs('2025-01-31')] }),
    ).toEqual({
      username: 'zh',
      name: undefined,
      phone: undefined,
      status: '0',
      deptId: undefined,
      roleCode: undefined,
      companyId: undefined,
      // whole days: from the first millisecond of the first to the last of the last
      beginTime: timeFilter(dayjs('2025-01-01T00:00:00.000')),
      endTime: timeFilter(dayjs('2025-01-31T23:59:59.999')),
    });
  });

  it('shows coded values by their labels, unknown ones as they are', () => {
    expect(optionLabel([{ value: '1', label: '男' }], '1')).toBe('男');
    expect(optionLabel([{ value: '1', label: '男' }], '9')).toBe('9');
    expect(roleLabel({ roleName: '企业管理员', roleNameEn: 'Enterprise administrator' }, 'en_US')).toBe('Enterprise administrator');
    expect(roleLabel({ roleName: '自定义', roleNameEn: '' }, 'en_US')).toBe('自定义');
    const tree = deptTreeOptions([
      { id: 'a', parentId: null, deptName: 'A', status: 'ENABLED', children: [{ id: 'b', parentId: 'a', deptName: 'B', status: 'DISABLED', children: [] }] },
    ]);
    expect(tree).toEqual([{ value: 'a', title: 'A', disabled: false, children: [{ value: 'b', title: 'B', disabled: true, children: [] }] }]);
  });
});
