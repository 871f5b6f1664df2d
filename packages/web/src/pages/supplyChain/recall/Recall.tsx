import { useState } from 'react';
import { Form, Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, RECALL_LEVELS, RECALL_STATES, type RecallRow, type RecallState } from '@rd/contract';
import { RECALLS_QUERY_KEY, fetchRecallPage, type RecallFilters } from '../../../api/recall';
import { PagedTable } from '../../../components/PagedTable';
import { PersonName } from '../../../components/PersonName';
import { PermissionButton } from '../../../components/PermissionButton';
import { EMPTY, formatDateTime } from '../../../utils/format';
import { RecallActions } from './RecallActions';
import { RecallDetailDrawer } from './RecallDetailDrawer';
import { RecallFormModal } from './RecallFormModal';
import { RECALL_LEVEL_COLORS, RECALL_STATE_COLORS } from './recallColors';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function recallFilters(values: Record<string, unknown>): RecallFilters {
  return { recallNo: text(values.recallNo), state: values.state as RecallState | undefined, level: values.level as number | undefined };
}

/**
 * Recalls (产品召回): the company's recalls by number, state and class; a new draft opens its view, where its
 * codes are counted, and from where it is activated, followed and closed.
 */
export default function Recall() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);

  const columns: TableColumnsType<RecallRow> = [
    { key: 'recallNo', dataIndex: 'recallNo', title: t('recall.recallNo'), sorter: true, className: 'cell-nowrap' },
    {
      key: 'level',
      dataIndex: 'level',
      title: t('recall.level'),
      sorter: true,
      render: (level: 1 | 2 | 3) => <Tag color={RECALL_LEVEL_COLORS[level]}>{t(`recall.levels.${level}`)}</Tag>,
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('recall.state'),
      sorter: true,
      render: (state: RecallState) => <Tag color={RECALL_STATE_COLORS[state]}>{t(`recall.states.${state}`)}</Tag>,
    },
    {
      key: 'reason',
      dataIndex: 'reason',
      title: t('recall.reason'),
      render: (v: string) => (
        <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 260 }}>
          {v}
        </Typography.Text>
      ),
    },
    { key: 'selectionKind', dataIndex: 'selectionKind', title: t('recall.selection'), render: (k: RecallRow['selectionKind']) => t(`recall.selectionKinds.${k}`) },
    {
      key: 'codeCount',
      dataIndex: 'codeCount',
      title: t('recall.codeCount'),
      sorter: true,
      render: (count: number, row) => (row.resolvedAt ? count.toLocaleString() : t('recall.counting', { count })),
    },
    { key: 'startedAt', dataIndex: 'startedAt', title: t('recall.startedAt'), sorter: true, className: 'cell-nowrap', render: (v: string | null) => (v ? formatDateTime(v) : EMPTY) },
    { key: 'createdBy', title: t('recall.createdBy'), render: (_, row) => <PersonName name={row.createdByName} username={row.createdByUsername} /> },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('recall.createdAt'), sorter: true, className: 'cell-nowrap', render: (v: string) => formatDateTime(v) },
    {
      key: 'operation',
      title: t('common.operation'),
      fixed: 'right',
      className: 'cell-nowrap',
      render: (_, row) => <RecallActions recall={row} onOpen={setOpen} />,
    },
  ];

  return (
    <>
      <PagedTable<RecallRow, RecallFilters>
        queryKey={RECALLS_QUERY_KEY}
        fetchPage={fetchRecallPage}
        columns={columns}
        rowKey="id"
        toFilters={recallFilters}
        searchFields={
          <>
            <Form.Item name="recallNo" label={t('recall.recallNo')}>
              <Input allowClear maxLength={40} />
            </Form.Item>
            <Form.Item name="state" label={t('recall.state')}>
              <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={RECALL_STATES.map((s) => ({ value: s, label: t(`recall.states.${s}`) }))} />
            </Form.Item>
            <Form.Item name="level" label={t('recall.level')}>
              <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={RECALL_LEVELS.map((l) => ({ value: l, label: t(`recall.levels.${l}`) }))} />
            </Form.Item>
          </>
        }
        toolbar={
          <PermissionButton code={PERMISSIONS.recallAdd} type="primary" onClick={() => setCreating(true)} data-testid="recall-add">
            {t('recall.add')}
          </PermissionButton>
        }
      />
      {creating && (
        <RecallFormModal
          recall={null}
          onClose={() => setCreating(false)}
          onSaved={(saved) => {
            setCreating(false);
            setOpen(saved.id);
          }}
        />
      )}
      {open && <RecallDetailDrawer recallId={open} onClose={() => setOpen(null)} />}
    </>
  );
}
