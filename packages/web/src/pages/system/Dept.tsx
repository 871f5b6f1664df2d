import { useMemo, useState } from 'react';
import { App, Button, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEPT_NAME_MAX, DEPT_STATUSES, PERMISSIONS, type DeptTreeQuery } from '@rd/contract';
import { deleteDept, fetchDeptTree } from '../../api/dept';
import { PermissionButton } from '../../components/PermissionButton';
import { useConfirmAction } from '../../components/useConfirmAction';
import { DictTag } from '../../dict/DictTag';
import { StatusFilterItem } from '../../dict/StatusFilterItem';
import { EMPTY } from '../../utils/format';
import { DeptFormModal, type DeptFormTarget } from './dept/DeptFormModal';
import { allIds, toTableRows, type DeptTableRow } from './dept/deptTreeData';

const QUERY_KEY = ['deptTree'] as const;

/** The search form's values → tree filters; blanks are no filter. */
export function deptTreeFilters(values: { deptName?: string; status?: DeptTreeQuery['status'] }): DeptTreeQuery {
  const deptName = values.deptName?.trim();
  return { ...(deptName ? { deptName } : {}), ...(values.status ? { status: values.status } : {}) };
}

/** Departments: a tree table with search; add at the top or under a department, edit, delete. */
export default function Dept() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm<{ deptName?: string; status?: DeptTreeQuery['status'] }>();
  const [filters, setFilters] = useState<DeptTreeQuery>({});
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [formTarget, setFormTarget] = useState<DeptFormTarget | null>(null);

  const shown = useQuery({ queryKey: [...QUERY_KEY, filters], queryFn: () => fetchDeptTree(filters), placeholderData: keepPreviousData });
  // The parent selector always offers the whole tree, whatever the search shows.
  const whole = useQuery({ queryKey: [...QUERY_KEY, {}], queryFn: () => fetchDeptTree({}) });

  const nodes = useMemo(() => shown.data ?? [], [shown.data]);
  const rows = useMemo(() => toTableRows(nodes), [nodes]);
  const expandedRowKeys = useMemo(() => allIds(nodes).filter((id) => !collapsed.has(id)), [nodes, collapsed]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });

  const remove = useMutation({
    mutationFn: (row: DeptTableRow) => deleteDept(row.id),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await refresh();
    },
  });

  const confirmDelete = (row: DeptTableRow) =>
    confirm({
      title: t('dept.deleteTitle'),
      content: t('dept.deleteConfirm', { name: row.deptName }),
      action: () => remove.mutateAsync(row),
    });

  const columns: TableColumnsType<DeptTableRow> = [
    { key: 'deptName', dataIndex: 'deptName', title: t('dept.deptName') },
    { key: 'sort', dataIndex: 'sort', title: t('dept.sort'), width: 80 },
    { key: 'leader', dataIndex: 'leader', title: t('dept.leader'), render: (v: string) => v || EMPTY },
    { key: 'phone', dataIndex: 'phone', title: t('dept.phone'), render: (v: string) => v || EMPTY },
    { key: 'email', dataIndex: 'email', title: t('dept.email'), render: (v: string) => v || EMPTY },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('dept.status'),
      width: 100,
      render: (status: string) => <DictTag typeCode="sys_status" value={status} />,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      className: 'cell-nowrap',
      render: (_, row) => (
        <Space size={0}>
          <PermissionButton
            code={PERMISSIONS.deptEdit}
            type="link"
            size="small"
            data-testid={`dept-add-child-${row.id}`}
            onClick={() => setFormTarget({ mode: 'add', parentId: row.id })}
          >
            {t('dept.addChild')}
          </PermissionButton>
          <PermissionButton
            code={PERMISSIONS.deptEdit}
            type="link"
            size="small"
            data-testid={`dept-edit-${row.id}`}
            onClick={() => setFormTarget({ mode: 'edit', dept: row })}
          >
            {t('dept.edit')}
          </PermissionButton>
          <PermissionButton
            code={PERMISSIONS.deptDelete}
            type="link"
            size="small"
            danger
            data-testid={`dept-delete-${row.id}`}
            onClick={() => confirmDelete(row)}
          >
            {t('dept.delete')}
          </PermissionButton>
        </Space>
      ),
    },
  ];

  const reset = () => {
    searchForm.resetFields();
    setFilters({});
  };

  return (
    <div className="paged-table">
      <Form form={searchForm} layout="inline" className="paged-table__search" onFinish={(values) => setFilters(deptTreeFilters(values))}>
        <Form.Item name="deptName" label={t('dept.deptName')}>
          <Input allowClear maxLength={DEPT_NAME_MAX} data-testid="dept-search-name" />
        </Form.Item>
        <StatusFilterItem label={t('dept.status')} statuses={DEPT_STATUSES} />
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="dept-search">
              {t('common.search')}
            </Button>
            <Button onClick={reset}>{t('common.reset')}</Button>
          </Space>
        </Form.Item>
      </Form>
      <div className="paged-table__toolbar">
        <Space>
          <PermissionButton code={PERMISSIONS.deptEdit} type="primary" data-testid="dept-add" onClick={() => setFormTarget({ mode: 'add', parentId: null })}>
            {t('dept.add')}
          </PermissionButton>
          <Button onClick={() => setCollapsed(new Set())}>{t('dept.expandAll')}</Button>
          <Button onClick={() => setCollapsed(new Set(allIds(nodes)))}>{t('dept.collapseAll')}</Button>
        </Space>
      </div>
      <Table<DeptTableRow>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={shown.isFetching}
        pagination={false}
        expandable={{
          expandedRowKeys,
          onExpand: (expanded, row) =>
            setCollapsed((current) => {
              const next = new Set(current);
              if (expanded) next.delete(row.id);
              else next.add(row.id);
              return next;
            }),
        }}
      />
      {formTarget && (
        <DeptFormModal
          target={formTarget}
          tree={whole.data ?? []}
          onClose={() => setFormTarget(null)}
          onSaved={() => {
            setFormTarget(null);
            void refresh();
          }}
        />
      )}
    </div>
  );
}
