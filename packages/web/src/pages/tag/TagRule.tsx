import { App, Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PERMISSIONS, RULE_KINDS, RULE_MODES, RULE_STATUSES, type RulePageQuery, type RuleRow } from '@rd/contract';
import { RULES_QUERY_KEY, deleteRule, fetchRulePage } from '../../api/rule';
import { PagedTable } from '../../components/PagedTable';
import { PermissionButton } from '../../components/PermissionButton';
import { RowDeleteButton } from '../../components/RowDeleteButton';
import { EMPTY, formatDateTime } from '../../utils/format';
import './tagRule/tagRule.css';

type RuleFilters = Pick<RulePageQuery, 'ruleName' | 'kind' | 'mode' | 'status'>;

/** How a rule's codes are built, at a glance: prefix, alphabet × length, check character. */
function CodeFormat({ row }: { row: RuleRow }) {
  const { t } = useTranslation();
  return (
    <span className="cell-nowrap">
      {row.prefix && (
        <>
          <span className="rule-code rule-code__prefix">{row.prefix}</span> +{' '}
        </>
      )}
      {t(`tagRule.alphabetsShort.${row.alphabet}`)} × {row.bodyLength}
      {row.checkScheme !== 'NONE' && <> + {t(`tagRule.checkSchemes.${row.checkScheme}`)}</>}
    </span>
  );
}

/**
 * Tag rules (spec 7.6): search, paged list, and the add / edit / view page (tagRuleDetail); delete asks
 * first and is offered only while no generation job uses the rule.
 */
export default function TagRule() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const openDetail = (row: RuleRow | null, mode?: 'view') => {
    const query = new URLSearchParams();
    if (row) query.set('id', row.id);
    if (mode) query.set('mode', mode);
    const search = query.toString();
    void navigate({ pathname: '../tagRuleDetail', search: search ? `?${search}` : '' }, { relative: 'path' });
  };

  const removal = useMutation({
    mutationFn: (row: RuleRow) => deleteRule(row.id),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: RULES_QUERY_KEY });
    },
  });

  const columns: TableColumnsType<RuleRow> = [
    { key: 'ruleName', dataIndex: 'ruleName', title: t('tagRule.ruleName'), sorter: true },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('tagRule.kind'),
      sorter: true,
      render: (kind: RuleRow['kind']) => <Tag>{t(`tagRule.kinds.${kind}`)}</Tag>,
    },
    {
      key: 'mode',
      dataIndex: 'mode',
      title: t('tagRule.mode'),
      sorter: true,
      render: (mode: RuleRow['mode']) => <Tag color={mode === 'SEQUENTIAL' ? 'orange' : 'blue'}>{t(`tagRule.modes.${mode}`)}</Tag>,
    },
    { key: 'codeFormat', title: t('tagRule.codeFormat'), render: (_, row) => <CodeFormat row={row} /> },
    {
      key: 'hiddenLength',
      dataIndex: 'hiddenLength',
      title: t('tagRule.hiddenLength'),
      render: (n: number) => (n === 0 ? EMPTY : n),
    },
    {
      key: 'urlForm',
      dataIndex: 'urlForm',
      title: t('tagRule.urlForm'),
      render: (form: RuleRow['urlForm']) => t(`tagRule.urlForms.${form}`),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('tagRule.status'),
      sorter: true,
      render: (status: RuleRow['status']) => (
        <Tag color={status === 'ENABLED' ? 'success' : 'default'}>{t(`tagRule.statuses.${status}`)}</Tag>
      ),
    },
    { key: 'jobCount', dataIndex: 'jobCount', title: t('tagRule.jobCount') },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('tagRule.updatedAt'),
      sorter: true,
      className: 'cell-nowrap',
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'operation',
      title: t('common.operation'),
      fixed: 'right',
      className: 'cell-nowrap',
      render: (_, row) => (
        <Space size={0}>
          <PermissionButton code={PERMISSIONS.ruleList} type="link" size="small" onClick={() => openDetail(row, 'view')} data-testid={`rule-view-${row.id}`}>
            {t('tagRule.view')}
          </PermissionButton>
          <PermissionButton code={PERMISSIONS.ruleEdit} type="link" size="small" onClick={() => openDetail(row)} data-testid={`rule-edit-${row.id}`}>
            {t('tagRule.edit')}
          </PermissionButton>
          <RowDeleteButton
            code={PERMISSIONS.ruleDelete}
            blockedReason={row.jobCount > 0 ? t('tagRule.inUse') : undefined}
            confirmTitle={t('tagRule.deleteTitle')}
            confirmContent={t('tagRule.deleteConfirm', { name: row.ruleName })}
            onConfirm={() => removal.mutateAsync(row)}
            testId={`rule-delete-${row.id}`}
          >
            {t('tagRule.delete')}
          </RowDeleteButton>
        </Space>
      ),
    },
  ];

  return (
    <PagedTable<RuleRow, RuleFilters>
      queryKey={RULES_QUERY_KEY}
      fetchPage={fetchRulePage}
      columns={columns}
      rowKey="id"
      toFilters={(values) => ({
        ruleName: typeof values.ruleName === 'string' && values.ruleName.trim() ? values.ruleName.trim() : undefined,
        kind: values.kind as RuleFilters['kind'],
        mode: values.mode as RuleFilters['mode'],
        status: values.status as RuleFilters['status'],
      })}
      searchFields={
        <>
          <Form.Item name="ruleName" label={t('tagRule.ruleName')}>
            <Input allowClear maxLength={50} data-testid="rule-search-name" />
          </Form.Item>
          <Form.Item name="kind" label={t('tagRule.kind')}>
            <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={RULE_KINDS.map((k) => ({ value: k, label: t(`tagRule.kinds.${k}`) }))} />
          </Form.Item>
          <Form.Item name="mode" label={t('tagRule.mode')}>
            <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={RULE_MODES.map((m) => ({ value: m, label: t(`tagRule.modes.${m}`) }))} />
          </Form.Item>
          <Form.Item name="status" label={t('tagRule.status')}>
            <Select allowClear style={{ width: 110 }} placeholder={t('common.all')} options={RULE_STATUSES.map((s) => ({ value: s, label: t(`tagRule.statuses.${s}`) }))} />
          </Form.Item>
        </>
      }
      toolbar={
        <PermissionButton code={PERMISSIONS.ruleAdd} type="primary" onClick={() => openDetail(null)} data-testid="rule-add">
          {t('tagRule.add')}
        </PermissionButton>
      }
    />
  );
}
