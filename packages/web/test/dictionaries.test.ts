import { describe, expect, it } from 'vitest';
import type { DeptNode, DictEntry } from '@rd/contract';
import { entryLabel, findOption, groupByType, labelOf } from '../src/dict/dictionaries';
import { allIds, toParentOptions, toTableRows } from '../src/pages/system/dept/deptTreeData';
import { deptTreeFilters } from '../src/pages/system/Dept';
import { appStore } from '../src/app/state/appStore';

const entry = (typeCode: string, dicCode: string, dicName: string, dicNameEn: string, sort: number): DictEntry => ({
  typeCode,
  dicCode,
  dicName,
  dicNameEn,
  sort,
  tagColor: '',
});

const ENTRIES: DictEntry[] = [
  entry('sys_user_sex', '2', '女', 'Female', 3),
  entry('sys_status', 'ENABLED', '启用', 'Enabled', 1),
  entry('sys_user_sex', '0', '未知', 'Unknown', 1),
  entry('sys_user_sex', '1', '男', '', 2),
  { ...entry('sys_status', 'DISABLED', '停用', 'Disabled', 2), tagColor: 'error' },
];

describe('dictionary grouping (spec 3.5)', () => {
  it('groups entries by typeCode into label/value options in sort order', () => {
    const groups = groupByType(ENTRIES, 'zh_CN');
    expect(Object.keys(groups).sort()).toEqual(['sys_status', 'sys_user_sex']);
    expect(groups.sys_user_sex?.map((o) => [o.value, o.label])).toEqual([
      ['0', '未知'],
      ['1', '男'],
      ['2', '女'],
    ]);
    expect(groups.sys_status?.[1]).toEqual({ value: 'DISABLED', label: '停用', color: 'error' });
  });

  it('labels in English, falling back to the Chinese label when an entry has no English one', () => {
    const groups = groupByType(ENTRIES, 'en_US');
    expect(groups.sys_user_sex?.map((o) => o.label)).toEqual(['Unknown', '男', 'Female']);
    expect(entryLabel({ dicName: '是', dicNameEn: '' }, 'en_US')).toBe('是');
    expect(entryLabel({ dicName: '是', dicNameEn: 'Yes' }, 'zh_CN')).toBe('是');
  });

  it('uses the current language when none is given', () => {
    const before = appStore.getState().language;
    appStore.setState({ language: 'en_US' });
    try {
      expect(groupByType(ENTRIES).sys_status?.[0]?.label).toBe('Enabled');
    } finally {
      appStore.setState({ language: before });
    }
  });

  it('keeps the server order among entries of equal sort', () => {
    const groups = groupByType([entry('t', 'b', 'B', '', 1), entry('t', 'a', 'A', '', 1)], 'zh_CN');
    expect(groups.t?.map((o) => o.value)).toEqual(['b', 'a']);
  });
});

describe('dictionary lookup', () => {
  const groups = groupByType(ENTRIES, 'zh_CN');

  it('finds the label of a value, numbers included', () => {
    expect(labelOf(groups, 'sys_user_sex', '1')).toBe('男');
    expect(labelOf(groups, 'sys_user_sex', 2)).toBe('女');
    expect(findOption(groups, 'sys_status', 'DISABLED')?.color).toBe('error');
  });

  it('falls back to the raw value when there is no match', () => {
    expect(labelOf(groups, 'sys_user_sex', '9')).toBe('9');
    expect(labelOf(groups, 'no_such_type', 'ENABLED')).toBe('ENABLED');
    expect(labelOf({}, 'sys_status', 0)).toBe('0');
    expect(labelOf(groups, 'sys_status', null)).toBe('');
    expect(labelOf(groups, 'sys_status', undefined)).toBe('');
  });
});

describe('department tree helpers', () => {
  const node = (id: string, children: DeptNode[] = []): DeptNode => ({
    id,
    parentId: null,
    deptName: id.toUpperCase(),
    sort: 0,
    leader: '',
    phone: '',
    email: '',
    status: 'ENABLED',
    children,
  });
  const tree = [node('a', [node('b', [node('c')]), node('d')]), node('e')];

  it('gives leaves no children array, so the table shows no expander for them', () => {
    const rows = toTableRows(tree);
    expect(rows[0]?.children?.map((r) => r.id)).toEqual(['b', 'd']);
    expect(rows[0]?.children?.[1]).not.toHaveProperty('children');
    expect(rows[1]).not.toHaveProperty('children');
    expect(allIds(tree)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('offers every department as parent, except the edited one and its descendants', () => {
    const flat = (options: ReturnType<typeof toParentOptions>): Array<[string, boolean]> =>
      options.flatMap((o) => [[o.value, o.disabled] as [string, boolean], ...flat(o.children)]);
    expect(flat(toParentOptions(tree, 'b'))).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
      ['d', false],
      ['e', false],
    ]);
    expect(flat(toParentOptions(tree)).every(([, disabled]) => !disabled)).toBe(true);
  });

  it('turns the search form into tree filters, leaving blanks out', () => {
    expect(deptTreeFilters({ deptName: '  ', status: undefined })).toEqual({});
    expect(deptTreeFilters({ deptName: ' 研发 ', status: 'DISABLED' })).toEqual({ deptName: '研发', status: 'DISABLED' });
  });
});
