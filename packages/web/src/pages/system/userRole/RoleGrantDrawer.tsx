import { useMemo, useState } from 'react';
import { Alert, App, Button, Drawer, Space, Spin, Switch, Tag, Tooltip, Tree, type TreeDataNode, type TreeProps } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GrantableMenuNode } from '@rd/contract';
import { useStore } from '../../../app/state/createStore';
import { appStore } from '../../../app/state/appStore';
import { fetchGrantableMenus, fetchRoleGrants, saveRoleMenus, type RoleRow } from '../../../api/userRole';
import { allIds, fitsLinkedTree, grantedFromLinked, linkedCheckedKeys, toggleStrict } from './grantTree';

export interface RoleGrantDrawerProps {
  role: RoleRow;
  onClose: () => void;
}

export const GRANTABLE_KEY = ['userRole', 'grantable'] as const;
export const grantsKey = (roleCode: string) => ['userRole', 'grants', roleCode] as const;

/** Menus and buttons of a role as a checkable tree; read-only for roles the caller may not change. */
export function RoleGrantDrawer({ role, onClose }: RoleGrantDrawerProps) {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  const grantable = useQuery({ queryKey: [...GRANTABLE_KEY], queryFn: fetchGrantableMenus });
  const grants = useQuery({ queryKey: [...grantsKey(role.roleCode)], queryFn: () => fetchRoleGrants(role.roleCode), staleTime: 0 });
  const title = t('userRole.grantTitle', { name: lang === 'en_US' && role.roleNameEn ? role.roleNameEn : role.roleName });

  return (
    <Drawer open title={title} size={520} onClose={onClose} destroyOnHidden data-testid="role-grant-drawer">
      {grantable.data && grants.data ? (
        <GrantEditor role={role} tree={grantable.data} initial={grants.data.menuIds} onDone={onClose} />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}

function GrantEditor({ role, tree, initial, onDone }: { role: RoleRow; tree: GrantableMenuNode[]; initial: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const lang = useStore(appStore, (s) => s.language);
  const [granted, setGranted] = useState<Set<string>>(() => new Set(initial));
  // A screen granted without any of its buttons cannot be shown in a linked tree: start unlinked then.
  const [linked, setLinked] = useState(() => fitsLinkedTree(tree, new Set(initial)));
  const [expanded, setExpanded] = useState<string[]>(() => allIds(tree));
  const readOnly = !role.editable;
  const blockedScope = outOfScope(role);

  const treeData = useMemo(() => {
    const toNode = (n: GrantableMenuNode): TreeDataNode => ({
      key: n.id,
      title: (
        <span data-testid={`grant-node-${n.menuCode}`}>
          {lang === 'en_US' ? n.menuNameEn || n.menuName : n.menuName}{' '}
          {n.type === 'BUTTON' && <Tag color="blue">{t('userRole.button')}</Tag>}
          {n.scope === 'PLATFORM' && <Tag color="purple">{t('userRole.platformOnly')}</Tag>}
          {n.scope === 'COMPANY' && <Tag color="cyan">{t('userRole.companyOnly')}</Tag>}
        </span>
      ),
      // Platform-only elements are never granted to enterprise roles, company-only ones to platform roles.
      disableCheckbox: readOnly || n.scope === blockedScope,
      children: n.children.map(toNode),
    });
    return tree.map(toNode);
  }, [tree, lang, t, readOnly, blockedScope]);

  const save = useMutation({
    mutationFn: () => saveRoleMenus(role.id, [...granted]),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: grantsKey(role.roleCode) });
      onDone();
    },
  });

  const onCheck: TreeProps['onCheck'] = (checked, info) => {
    if (linked) {
      setGranted(grantedFromLinked(checked as React.Key[], info.halfCheckedKeys ?? []));
    } else {
      setGranted(toggleStrict(tree, granted, String(info.node.key), info.checked));
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {readOnly && <Alert type="info" showIcon title={t('userRole.readOnly')} />}
      <Space wrap>
        <Tooltip title={t('userRole.linkedHelp')}>
          <Space>
            <Switch checked={linked} onChange={setLinked} disabled={readOnly} data-testid="grant-linked" />
            {t('userRole.linked')}
          </Space>
        </Tooltip>
        <Button size="small" onClick={() => setExpanded(allIds(tree))}>
          {t('userRole.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('userRole.collapseAll')}
        </Button>
        <Button size="small" disabled={readOnly} onClick={() => setGranted(new Set(allIds(tree).filter((id) => !isBlocked(tree, id, role))))}>
          {t('userRole.checkAll')}
        </Button>
        <Button size="small" disabled={readOnly} onClick={() => setGranted(new Set())}>
          {t('userRole.uncheckAll')}
        </Button>
      </Space>
      <Tree
        checkable
        selectable={false}
        checkStrictly={!linked}
        treeData={treeData}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        checkedKeys={linked ? linkedCheckedKeys(tree, granted) : { checked: [...granted], halfChecked: [] }}
        onCheck={onCheck}
        data-testid="grant-tree"
      />
      {!readOnly && (
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate()} data-testid="grant-save">
          {t('userRole.save')}
        </Button>
      )}
    </Space>
  );
}

/** Elements a role of this scope never holds: platform-only ones for enterprise roles, company-only ones for platform roles. */
function outOfScope(role: RoleRow): GrantableMenuNode['scope'] {
  return role.scope === 'ENTERPRISE' ? 'PLATFORM' : 'COMPANY';
}

function isBlocked(tree: readonly GrantableMenuNode[], id: string, role: RoleRow): boolean {
  const find = (nodes: readonly GrantableMenuNode[]): GrantableMenuNode | undefined =>
    nodes.reduce<GrantableMenuNode | undefined>((hit, n) => hit ?? (n.id === id ? n : find(n.children)), undefined);
  return find(tree)?.scope === outOfScope(role);
}
