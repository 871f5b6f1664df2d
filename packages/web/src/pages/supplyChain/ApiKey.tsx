import { useState } from 'react';
import { Alert, App, Button, Checkbox, DatePicker, Form, Input, Modal, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { API_KEY_NAME_MAX, API_KEY_PERMISSIONS, PERMISSIONS, type ApiKeyAddBody, type ApiKeyCreated, type ApiKeyRow } from '@rd/contract';
import { API_KEYS_QUERY_KEY, addApiKey, fetchApiKeyPage, revokeApiKey } from '../../api/supplyChain';
import { useFieldRules } from '../../components/fieldRules';
import { FormModal } from '../../components/FormModal';
import { PagedTable } from '../../components/PagedTable';
import { PersonName } from '../../components/PersonName';
import { PermissionButton } from '../../components/PermissionButton';
import { useConfirmAction } from '../../components/useConfirmAction';
import { DATE_FORMAT, EMPTY, formatDateTime } from '../../utils/format';

type KeyFilters = { name?: string; state?: ApiKeyRow['state'] };
const STATE_COLORS: Record<ApiKeyRow['state'], string> = { ACTIVE: 'success', REVOKED: 'default', EXPIRED: 'warning' };

/**
 * API keys for machine clients of the EPCIS interface: made with some of the maker's permissions, shown
 * once, listed by their first characters, revoked at once.
 */
export default function ApiKey() {
  const { t } = useTranslation();
  const rules = useFieldRules();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirmAction = useConfirmAction();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [form] = Form.useForm<{ name: string; permissions: string[]; expiresOn?: Dayjs | null }>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });

  const add = useMutation({
    mutationFn: (values: { name: string; permissions: string[]; expiresOn?: Dayjs | null }) =>
      addApiKey({ name: values.name, permissions: values.permissions as ApiKeyAddBody['permissions'], expiresOn: values.expiresOn ? values.expiresOn.format(DATE_FORMAT) : null }),
    onSuccess: (key) => {
      setAdding(false);
      setCreated(key);
    },
  });

  const columns: TableColumnsType<ApiKeyRow> = [
    { key: 'name', dataIndex: 'name', title: t('supply.apiKey.name'), sorter: true },
    { key: 'keyPrefix', dataIndex: 'keyPrefix', title: t('supply.apiKey.prefix'), render: (v: string) => <Typography.Text code>{`${v}…`}</Typography.Text> },
    {
      key: 'permissions',
      title: t('supply.apiKey.permissions'),
      render: (_, row) => (
        <Space size={4} wrap>
          {row.permissions.map((p) => (
            <Tag key={p}>{t(`supply.apiKey.permissionNames.${p}` as 'supply.apiKey.permissionNames.supply:epcis:list')}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'state', dataIndex: 'state', title: t('supply.apiKey.state'), render: (s: ApiKeyRow['state']) => <Tag color={STATE_COLORS[s]}>{t(`supply.apiKey.states.${s}`)}</Tag> },
    { key: 'createdBy', title: t('supply.apiKey.createdBy'), render: (_, row) => <PersonName name={row.createdByName} username={row.createdByUsername} /> },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('supply.apiKey.createdAt'), sorter: true, className: 'cell-nowrap', render: (v: string) => formatDateTime(v) },
    { key: 'lastUsedAt', dataIndex: 'lastUsedAt', title: t('supply.apiKey.lastUsedAt'), sorter: true, className: 'cell-nowrap', render: (v: string | null) => (v ? formatDateTime(v) : EMPTY) },
    { key: 'expiresOn', dataIndex: 'expiresOn', title: t('supply.apiKey.expiresOn'), render: (v: string | null) => v ?? t('supply.apiKey.untilRevoked') },
    {
      key: 'operation',
      title: t('common.operation'),
      fixed: 'right',
      render: (_, row) =>
        row.state === 'ACTIVE' ? (
          <PermissionButton
            code={PERMISSIONS.apiKeyRevoke}
            type="link"
            size="small"
            danger
            data-testid={`apikey-revoke-${row.keyPrefix}`}
            onClick={() =>
              confirmAction({
                title: t('supply.apiKey.revokeTitle'),
                content: t('supply.apiKey.revokeConfirm', { name: row.name }),
                action: async () => {
                  await revokeApiKey(row.id);
                  void message.success(t('common.operationSuccess'));
                  await refresh();
                },
              })
            }
          >
            {t('supply.apiKey.revoke')}
          </PermissionButton>
        ) : (
          EMPTY
        ),
    },
  ];

  return (
    <>
      <PagedTable<ApiKeyRow, KeyFilters>
        queryKey={API_KEYS_QUERY_KEY}
        fetchPage={fetchApiKeyPage}
        columns={columns}
        rowKey="id"
        searchFields={
          <>
            <Form.Item name="name" label={t('supply.apiKey.name')}>
              <Input allowClear maxLength={API_KEY_NAME_MAX} />
            </Form.Item>
            <Form.Item name="state" label={t('supply.apiKey.state')}>
              <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={(['ACTIVE', 'REVOKED', 'EXPIRED'] as const).map((s) => ({ value: s, label: t(`supply.apiKey.states.${s}`) }))} />
            </Form.Item>
          </>
        }
        toolbar={
          <PermissionButton code={PERMISSIONS.apiKeyAdd} type="primary" onClick={() => setAdding(true)} data-testid="apikey-add">
            {t('supply.apiKey.add')}
          </PermissionButton>
        }
      />
      {adding && (
        <FormModal title={t('supply.apiKey.addTitle')} form={form} saving={add.isPending} onClose={() => setAdding(false)}>
          <Form form={form} layout="vertical" initialValues={{ permissions: [PERMISSIONS.epcisEventList] }} onFinish={(values) => add.mutate(values)}>
            <Form.Item name="name" label={t('supply.apiKey.name')} rules={[rules.required(t('supply.apiKey.name'))]}>
              <Input maxLength={API_KEY_NAME_MAX} data-testid="apikey-name" />
            </Form.Item>
            <Form.Item name="permissions" label={t('supply.apiKey.permissions')} rules={[rules.requiredChoice(t('supply.apiKey.permissions'))]}>
              <Checkbox.Group
                options={API_KEY_PERMISSIONS.map((p) => ({ value: p, label: t(`supply.apiKey.permissionNames.${p}` as 'supply.apiKey.permissionNames.supply:epcis:list') }))}
              />
            </Form.Item>
            <Form.Item name="expiresOn" label={t('supply.apiKey.expiresOn')} extra={t('supply.apiKey.untilRevoked')}>
              <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
            </Form.Item>
          </Form>
        </FormModal>
      )}
      {created && (
        <Modal
          open
          title={t('supply.apiKey.createdTitle')}
          closable={false}
          maskClosable={false}
          footer={
            <Button
              type="primary"
              onClick={() => {
                setCreated(null);
                void refresh();
              }}
              data-testid="apikey-created-close"
            >
              {t('common.confirm')}
            </Button>
          }
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="warning" showIcon message={t('supply.apiKey.createdWarning')} />
            <Typography.Paragraph copyable={{ text: created.key, tooltips: [t('supply.apiKey.copy'), t('supply.apiKey.copied')] }} code data-testid="apikey-secret">
              {created.key}
            </Typography.Paragraph>
            <Typography.Text type="secondary">{t('supply.apiKey.usage')}</Typography.Text>
          </Space>
        </Modal>
      )}
    </>
  );
}
