import { useState } from 'react';
import { DatePicker, Form, Input, Select, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import {
  PERMISSIONS,
  PROVINCES,
  SCAN_CLIENT_TYPES,
  SCAN_VERDICTS,
  type ScanRecordFilters,
  type ScanRecordRow,
} from '@rd/contract';
import { placeLabel } from '@rd/contract/places';
import { STATISTICS_QUERY_KEY, exportScanRecords, fetchScanRecordPage } from '../../api/statistics';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { PagedTable } from '../../components/PagedTable';
import { PermissionButton } from '../../components/PermissionButton';
import { ProductBatchFields } from '../../components/ProductBatchFields';
import { dateRangePresets } from '../../utils/dateShortcuts';
import { businessNow } from './businessNow';
import { CompanyPicker, useCompanyPicking } from './CompanyPicker';
import { DATE_FORMAT, EMPTY, formatDateTime } from '../../utils/format';

export type RecordFilters = Partial<ScanRecordFilters>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The search form's values → list filters (the date range becomes begin / end days). */
export function recordFilters(values: Record<string, unknown>): RecordFilters {
  const range = values.dateRange as [Dayjs | null, Dayjs | null] | null | undefined;
  const suspicious = values.suspicious;
  return {
    beginDate: range?.[0]?.format(DATE_FORMAT),
    endDate: range?.[1]?.format(DATE_FORMAT),
    productId: text(values.productId),
    batchId: text(values.batchId),
    areaCode: text(values.areaCode),
    clientType: text(values.clientType) as RecordFilters['clientType'],
    verdict: text(values.verdict) as RecordFilters['verdict'],
    suspicious: suspicious === 'true' ? true : suspicious === 'false' ? false : undefined,
    code: text(values.code),
    companyId: text(values.companyId),
  };
}

/** Scan records (spec 7.7; never cached): filters, paged list newest first, and the .xlsx export of what is filtered. */
export default function Record() {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  const [searched, setSearched] = useState<RecordFilters>({});
  const picking = useCompanyPicking();
  const exporting = useMutation({ mutationFn: () => exportScanRecords(searched, t('statistics.record.exportFileName')) });

  // in the reader's language: the province by its area code (the IP database's spelling varies), the city, Intranet
  const place = (r: ScanRecordRow) => placeLabel(r, lang) || EMPTY;
  const columns: TableColumnsType<ScanRecordRow> = [
    { key: 'scannedAt', dataIndex: 'scannedAt', title: t('statistics.record.scannedAt'), width: 170, className: 'cell-nowrap', render: (v: string) => formatDateTime(v) },
    { key: 'code', dataIndex: 'code', title: t('statistics.record.code'), ellipsis: true },
    { key: 'product', dataIndex: 'productName', title: t('statistics.record.product'), render: (v: string) => v || EMPTY },
    { key: 'batch', dataIndex: 'batchNo', title: t('statistics.record.batch'), render: (v: string) => v || EMPTY },
    {
      key: 'verdict',
      dataIndex: 'verdict',
      title: t('statistics.record.verdict'),
      render: (v: ScanRecordRow['verdict']) => (v ? <Tag color={v === 'GENUINE' ? 'green' : 'orange'}>{t(`statistics.verdict.${v}`)}</Tag> : EMPTY),
    },
    { key: 'scanSeq', dataIndex: 'scanSeq', title: t('statistics.record.scanSeq'), align: 'right', render: (v: number | null) => v ?? EMPTY },
    {
      key: 'suspicious',
      dataIndex: 'suspicious',
      title: t('statistics.record.suspicious'),
      render: (v: boolean) => (v ? <Tag color="red">{t('statistics.record.yes')}</Tag> : t('statistics.record.no')),
    },
    { key: 'clientType', dataIndex: 'clientType', title: t('statistics.record.clientType'), render: (v: ScanRecordRow['clientType']) => t(`statistics.clientType.${v}`) },
    { key: 'os', dataIndex: 'os', title: t('statistics.record.os'), render: (v: string) => v || EMPTY },
    { key: 'place', title: t('statistics.record.place'), render: (_, r) => place(r) },
    { key: 'ip', dataIndex: 'ip', title: t('statistics.record.ip'), render: (v: string) => v || EMPTY },
  ];

  return (
    <PagedTable<ScanRecordRow, RecordFilters>
      queryKey={[...STATISTICS_QUERY_KEY, 'records']}
      fetchPage={fetchScanRecordPage}
      columns={columns}
      rowKey="id"
      toFilters={(values) => {
        const filters = recordFilters(values);
        setSearched(filters);
        return filters;
      }}
      searchFields={
        <>
          {picking && (
            <Form.Item name="companyId" label={t('statistics.company')}>
              <CompanyPicker testId="record-search-company" />
            </Form.Item>
          )}
          <Form.Item name="dateRange" label={t('statistics.record.dateRange')}>
            <DatePicker.RangePicker
              format={DATE_FORMAT}
              allowEmpty={[true, true]}
              presets={dateRangePresets((shortcut) => t(`dateShortcut.${shortcut}`), businessNow)}
              placeholder={[t('statistics.beginDate'), t('statistics.endDate')]}
              data-testid="record-search-range"
            />
          </Form.Item>
          <ProductBatchFields testIdPrefix="record-search" />
          <Form.Item name="areaCode" label={t('statistics.area')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 140 }}
              placeholder={t('common.all')}
              options={PROVINCES.map((p) => ({ value: p.code, label: lang === 'en_US' ? p.nameEn : p.shortName }))}
              data-testid="record-search-area"
            />
          </Form.Item>
          <Form.Item name="clientType" label={t('statistics.record.clientType')}>
            <Select
              allowClear
              style={{ width: 130 }}
              placeholder={t('common.all')}
              options={SCAN_CLIENT_TYPES.map((c) => ({ value: c, label: t(`statistics.clientType.${c}`) }))}
              data-testid="record-search-client"
            />
          </Form.Item>
          <Form.Item name="verdict" label={t('statistics.record.verdict')}>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('common.all')}
              options={SCAN_VERDICTS.map((v) => ({ value: v, label: t(`statistics.verdict.${v}`) }))}
              data-testid="record-search-verdict"
            />
          </Form.Item>
          <Form.Item name="suspicious" label={t('statistics.record.suspicious')}>
            <Select
              allowClear
              style={{ width: 100 }}
              placeholder={t('common.all')}
              options={[
                { value: 'true', label: t('statistics.record.yes') },
                { value: 'false', label: t('statistics.record.no') },
              ]}
              data-testid="record-search-suspicious"
            />
          </Form.Item>
          <Form.Item name="code" label={t('statistics.record.code')}>
            <Input allowClear maxLength={128} data-testid="record-search-code" />
          </Form.Item>
        </>
      }
      toolbar={
        <PermissionButton
          code={PERMISSIONS.recordExport}
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
          data-testid="record-export"
        >
          {t('statistics.record.export')}
        </PermissionButton>
      }
    />
  );
}
