import { describe, expect, it } from 'vitest';
import {
  allIds,
  fitsLinkedTree,
  grantedFromLinked,
  linkedCheckedKeys,
  toggleStrict,
  type GrantNode,
} from '../src/pages/system/userRole/grantTree';

const node = (id: string, children: GrantNode[] = []): GrantNode => ({ id, children });

/** portal → system → (users → add, edit), (roles → grant); portal → log */
const TREE: GrantNode[] = [
  node('portal', [node('system', [node('users', [node('add'), node('edit')]), node('roles', [node('grant')])]), node('log')]),
];

const set = (...ids: string[]) => new Set(ids);

describe('grant tree: linked mode', () => {
  it('checks only elements whose whole subtree is granted, leaving partial parents to antd’s half-check', () => {
    const granted = set('portal', 'system', 'users', 'add', 'roles', 'grant');
    expect(linkedCheckedKeys(TREE, granted).sort()).toEqual(['add', 'grant', 'roles'].sort());
    expect(linkedCheckedKeys(TREE, set(...allIds(TREE))).sort()).toEqual([...allIds(TREE)].sort());
    expect(linkedCheckedKeys(TREE, set())).toEqual([]);
  });

  it('saves the checked keys together with the half-checked parents', () => {
    // antd: checking "add" checks it; users, system and portal become half-checked.
    expect([...grantedFromLinked(['add'], ['users', 'system', 'portal'])].sort()).toEqual(['add', 'portal', 'system', 'users']);
    expect([...grantedFromLinked(['log', 'portal'])].sort()).toEqual(['log', 'portal']);
  });

  it('round-trips a grant set through the linked display', () => {
    const granted = set('portal', 'system', 'users', 'add');
    const checked = linkedCheckedKeys(TREE, granted);
    // The parents antd would show half-checked: granted, but not fully.
    const half = [...granted].filter((id) => !checked.includes(id));
    expect(half.sort()).toEqual(['portal', 'system', 'users']);
    expect(grantedFromLinked(checked, half)).toEqual(granted);
  });

  it('knows when a grant set cannot be shown linked: a screen granted without any of its buttons', () => {
    expect(fitsLinkedTree(TREE, set('portal', 'system', 'users', 'add'))).toBe(true);
    expect(fitsLinkedTree(TREE, set('portal', 'system', 'users'))).toBe(false);
    expect(fitsLinkedTree(TREE, set('portal', 'log'))).toBe(true);
    expect(fitsLinkedTree(TREE, set())).toBe(true);
  });
});

describe('grant tree: strict mode', () => {
  it('checking an element checks its ancestors', () => {
    expect([...toggleStrict(TREE, set(), 'grant', true)].sort()).toEqual(['grant', 'portal', 'roles', 'system']);
  });

  it('unchecking an element unchecks everything below it and nothing above', () => {
    const granted = set('portal', 'system', 'users', 'add', 'edit', 'roles');
    expect([...toggleStrict(TREE, granted, 'users', false)].sort()).toEqual(['portal', 'roles', 'system']);
  });

  it('can hold a screen without its buttons', () => {
    const granted = toggleStrict(TREE, set(), 'users', true);
    expect([...granted].sort()).toEqual(['portal', 'system', 'users']);
    expect(fitsLinkedTree(TREE, granted)).toBe(false);
  });
});
