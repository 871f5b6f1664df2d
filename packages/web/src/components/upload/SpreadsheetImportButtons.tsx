import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Table, Tooltip, Upload, type TableColumnsType } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FILE_FIELD, checkUploadName, type ImportError, type ImportResult, type UploadProblem } from '@rd/contract';
import { apiDownload, apiPost } from '../../api/http';
import { PermissionButton } from '../PermissionButton';
import { usePermission } from '../usePermission';
import { uploadProblemText } from './uploadProblemText';

/** The excel place's name and size rules: .xlsx or Excel 97–2003 .xls, at most its size. */
const importProblem = (file: File): UploadProblem | null => checkUploadName('excel', file.name, file.size);

interface SpreadsheetImportButtonsProps {
  /** The list's API path: the template is `${api}/exportTemplate`, the import `${api}/importData`. */
  api: string;
  /** The import permission: both buttons carry it, as the routes behind them check it. */
  permission: string;
  /** The template's file name when the server's answer names none. */
  templateName: string;
  /** Lists to read again once rows were written. */
  invalidate: readonly QueryKey[];
  /** Prefix of the buttons' test ids: `${testId}-template`, `${testId}-import`. */
  testId: string;
}

/** Sends a filled template; the answer tells what was imported or which rows and columns are wrong. */
export function importSpreadsheet(api: string, file: Blob & { name?: string }): Promise<ImportResult> {
  const form = new FormData();
  form.append(FILE_FIELD, file, file.name ?? 'import.xlsx');
  return apiPost<ImportResult>(`${api}/importData`, form);
}

/**
 * "Download template" and "Import" for a list filled from spreadsheets. The import answer is shown in a
 * dialog: the number of rows written, or (nothing written) a table of the wrong cells by row, column and
 * message.
 */
export function SpreadsheetImportButtons({ api, permission, templateName, invalidate, testId }: SpreadsheetImportButtonsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canImport = usePermission(permission);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  const send = async (file: File) => {
    setBusy(true);
    try {
      const answer = await importSpreadsheet(api, file);
      setResult(answer);
      if (answer.imported > 0) {
        for (const queryKey of invalidate) await queryClient.invalidateQueries({ queryKey });
      }
    } catch {
      // the HTTP client has shown the server's reason (file refused, not the template, too many rows)
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<ImportError> = [
    { key: 'row', dataIndex: 'row', title: t('spreadsheetImport.row'), width: 80 },
    {
      key: 'column',
      title: t('spreadsheetImport.column'),
      width: 200,
      render: (_, e) => (e.columnLetter ? `${e.columnLetter} · ${e.column}` : e.column),
    },
    { key: 'message', dataIndex: 'message', title: t('spreadsheetImport.message') },
  ];

  return (
    <>
      <PermissionButton
        code={permission}
        icon={<DownloadOutlined />}
        onClick={() => void apiDownload({ url: `${api}/exportTemplate` }, templateName).catch(() => undefined)}
        data-testid={`${testId}-template`}
      >
        {t('spreadsheetImport.downloadTemplate')}
      </PermissionButton>
      {canImport && (
        <Upload
          accept=".xlsx,.xls"
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            const problem = importProblem(file);
            if (problem) void message.error(uploadProblemText(problem, t));
            else void send(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Tooltip title={t('spreadsheetImport.hint')}>
            <Button icon={<UploadOutlined />} loading={busy} data-testid={`${testId}-import`}>
              {busy ? t('spreadsheetImport.importing') : t('spreadsheetImport.import')}
            </Button>
          </Tooltip>
        </Upload>
      )}
      {result && (
        <Modal
          open
          width={760}
          title={result.errorCount === 0 ? t('spreadsheetImport.successTitle') : t('spreadsheetImport.failedTitle')}
          onCancel={() => setResult(null)}
          footer={<Button onClick={() => setResult(null)}>{t('common.confirm')}</Button>}
        >
          {result.errorCount === 0 ? (
            <Alert type="success" showIcon title={t('spreadsheetImport.success', { count: result.imported })} data-testid="import-success" />
          ) : (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Alert type="error" showIcon title={t('spreadsheetImport.failed', { rows: result.rowCount, count: result.errorCount })} />
              {result.errors.length < result.errorCount && <Alert type="warning" title={t('spreadsheetImport.shownFirst', { shown: result.errors.length })} />}
              <Table<ImportError>
                size="small"
                rowKey={(e) => `${e.row}-${e.columnLetter}-${e.message}`}
                columns={columns}
                dataSource={result.errors}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                data-testid="import-errors"
              />
            </Space>
          )}
        </Modal>
      )}
    </>
  );
}
