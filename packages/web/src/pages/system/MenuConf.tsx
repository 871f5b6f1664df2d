import { useState } from 'react';
import { Alert, App, Button, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type MenuConfNode } from '@rd/contract';
import { deleteMenu, fetchMenuConf } from '../../api/menuConf';
import { PermissionButton } from '../../components/PermissionButton';
import { useConfirmAction } from '../../components/useConfirmAction';
import { useNarrowTable } from '../../components/narrowTable';
import { MenuIcon } from '../../app/layout/menuIcons';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { MenuFormModal, type MenuFormTarget } from './menuConf/MenuFormModal';
import { allIds, displayName, findNode, toRows, type MenuRow } from './menuConf/menuTree';

const QUERY_KEY = ['menuConf', 'tree'] as const;

/**
 * Menu configuration (platform only): the tree of menu and button elements with add child, edit and
 * delete. Users see a change the next time their menus are loaded (sign-in or page reload).
 */
export default function MenuConf() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const queryClient = useQueryClient();
  const lang = useStore(appStore, (s) => s.language);
  const tree = useQuery({ queryKey: QUERY_KEY, queryFn: fetchMenuConf });
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  const [form, setForm] = useState<MenuFormTarget | null>(null);

  const nodes: readonly MenuConfNode[] = tree.data ?? [];
  // Everything is open until the user folds something.
  const expandedKeys = expanded ?? allIds(nodes);

  const remove = useMutation({
    mutationFn: (row: MenuRow) => deleteMenu(row.id),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
  });

  // A refusal (the element still has children) comes with the server's message.
  const confirmDelete = (row: MenuRow) =>
    confirm({
      title: t('menuConf.deleteTitle'),
      content: t('menuConf.deleteConfirm', { name: displayName(row, lang) }),
      action: () => remove.mutateAsync(row),
    });

  const edit = (row: MenuRow) => {
    const node = findNode(nodes, (n) => n.id === row.id);
    if (node) setForm({ kind: 'edit', node });
  };

  const columns: TableColumnsType<MenuRow> = [
    { key: 'menuName', title: t('menuConf.menuName'), render: (_, row) => displayName(row, lang), width: 220 },
    { key: 'menuCode', dataIndex: 'menuCode', title: t('menuConf.menuCode') },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('menuConf.type'),
      render: (type: MenuRow['type']) => <Tag color={type === 'MENU' ? 'blue' : 'orange'}>{t(`menuConf.type${type}`)}</Tag>,
    },
    {
      key: 'menuIcon',
      dataIndex: 'menuIcon',
      title: t('menuConf.menuIcon'),
      render: (icon: string) =>
        icon ? (
          <Space>
            <MenuIcon name={icon} />
            {icon}
          </Space>
        ) : null,
    },
    { key: 'menuUrl', dataIndex: 'menuUrl', title: t('menuConf.menuUrl') },
    { key: 'permission', dataIndex: 'permission', title: t('menuConf.permission') },
    { key: 'sort', dataIndex: 'sort', title: t('menuConf.sort') },
    {
      key: 'isShow',
      dataIndex: 'isShow',
      title: t('menuConf.isShow'),
      render: (isShow: MenuRow['isShow']) => (isShow === '1' ? <Tag color="success">{t('menuConf.shown')}</Tag> : <Tag>{t('menuConf.hidden')}</Tag>),
    },
    {
      key: 'scope',
      dataIndex: 'scope',
      title: t('menuConf.scope'),
      render: (scope: MenuRow['scope']) =>
        scope === 'ALL' ? null : <Tag color={scope === 'PLATFORM' ? 'purple' : 'blue'}>{t(`menuConf.scope${scope}`)}</Tag>,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          {row.type === 'MENU' && (
            <PermissionButton
              code={PERMISSIONS.menuEdit}
              type="link"
              size="small"
              data-testid={`menu-add-child-${row.menuCode}`}
              onClick={() => setForm({ kind: 'add', parentCode: row.menuCode })}
            >
              {t('menuConf.addChild')}
            </PermissionButton>
          )}
          <PermissionButton code={PERMISSIONS.menuEdit} type="link" size="small" data-testid={`menu-edit-${row.menuCode}`} onClick={() => edit(row)}>
            {t('menuConf.edit')}
          </PermissionButton>
          <PermissionButton
            code={PERMISSIONS.menuDelete}
            type="link"
            size="small"
            danger
            data-testid={`menu-delete-${row.menuCode}`}
            onClick={() => confirmDelete(row)}
          >
            {t('menuConf.delete')}
          </PermissionButton>
        </Space>
      ),
    },
  ];

  const shown = useNarrowTable(columns);

  return (
    <div className="paged-table">
      <Alert type="info" showIcon title={t('menuConf.reloadHint')} style={{ marginBottom: 12 }} />
      <div className="paged-table__toolbar">
        <Space wrap>
          <PermissionButton code={PERMISSIONS.menuEdit} type="primary" data-testid="menu-add-root" onClick={() => setForm({ kind: 'add', parentCode: null })}>
            {t('menuConf.addRoot')}
          </PermissionButton>
          <Button onClick={() => setExpanded(allIds(nodes))}>{t('menuConf.expandAll')}</Button>
          <Button onClick={() => setExpanded([])}>{t('menuConf.collapseAll')}</Button>
          <Button onClick={() => void tree.refetch()}>{t('menuConf.refresh')}</Button>
        </Space>
      </div>
      <Table<MenuRow>
        rowKey="id"
        columns={shown.columns}
        size={shown.narrow ? 'small' : undefined}
        dataSource={toRows(nodes)}
        loading={tree.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded(keys) }}
        data-testid="menu-table"
      />
      {form && (
        <MenuFormModal
          target={form}
          tree={nodes}
          onClose={() => setForm(null)}
          onSaved={() => {
            void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
            setForm(null);
          }}
        />
      )}
    </div>
  );
}
