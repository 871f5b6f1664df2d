import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Table, Upload, type TableColumnsType } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkUploadName, fileExtension, type ImportError, type ImportResult, type UploadProblem } from '@rd/contract';
import { PermissionButton } from '../../components/PermissionButton';
import { usePermission } from '../../components/usePermission';
import { uploadProblemText } from '../../components/upload/uploadProblemText';
import { MEDICINAL_BATCHES_KEY, MEDICINAL_PRODUCTS_KEY, downloadTemplate, importSpreadsheet, type ImportTarget } from './medicinalApi';

/** The excel place's name and size rules, and only .xlsx: the server's reader cannot take the old binary .xls. */
function importProblem(file: File): UploadProblem | null {
  if (fileExtension(file.name) !== 'xlsx') return { key: 'validation.fileType', params: { types: 'xlsx' } };
  return checkUploadName('excel', file.name, file.size);
}

interface ImportButtonsProps {
  target: ImportTarget;
  /** The import permission: both buttons carry it, as the routes behind them check it. */
  permission: string;
}

/**
 * "Download template" and "Import" for a medicinal list. The import answer is shown in a dialog: the
 * number of rows written, or (nothing written) a table of the wrong cells by row, column and message.
 */
export function ImportButtons({ target, permission }: ImportButtonsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canImport = usePermission(permission);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  const send = async (file: File) => {
    setBusy(true);
    try {
      const answer = await importSpreadsheet(target, file);
      setResult(answer);
      if (answer.imported > 0) {
        await queryClient.invalidateQueries({ queryKey: MEDICINAL_PRODUCTS_KEY });
        await queryClient.invalidateQueries({ queryKey: MEDICINAL_BATCHES_KEY });
      }
    } catch {
      // the HTTP client has shown the server's reason (file refused, not the template, too many rows)
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<ImportError> = [
    { key: 'row', dataIndex: 'row', title: t('medicinal.import.row'), width: 80 },
    {
      key: 'column',
      title: t('medicinal.import.column'),
      width: 200,
      render: (_, e) => (e.columnLetter ? `${e.columnLetter} · ${e.column}` : e.column),
    },
    { key: 'message', dataIndex: 'message', title: t('medicinal.import.message') },
  ];

  const templateName = target === 'product' ? t('medicinal.import.productTemplateName') : t('medicinal.import.batchTemplateName');
  return (
    <>
      <PermissionButton
        code={permission}
        icon={<DownloadOutlined />}
        onClick={() => void downloadTemplate(target, templateName).catch(() => undefined)}
        data-testid={`${target}-template`}
      >
        {t('medicinal.import.downloadTemplate')}
      </PermissionButton>
      {canImport && (
        <Upload
          accept=".xlsx"
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            const problem = importProblem(file);
            if (problem) void message.error(uploadProblemText(problem, t));
            else void send(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} data-testid={`${target}-import`}>
            {busy ? t('medicinal.import.importing') : t('medicinal.import.import')}
          </Button>
        </Upload>
      )}
      {result && (
        <Modal
          open
          width={760}
          title={result.errorCount === 0 ? t('medicinal.import.successTitle') : t('medicinal.import.failedTitle')}
          onCancel={() => setResult(null)}
          footer={<Button onClick={() => setResult(null)}>{t('common.confirm')}</Button>}
        >
          {result.errorCount === 0 ? (
            <Alert type="success" showIcon title={t('medicinal.import.success', { count: result.imported })} data-testid="import-success" />
          ) : (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Alert type="error" showIcon title={t('medicinal.import.failed', { rows: result.rowCount, count: result.errorCount })} />
              {result.errors.length < result.errorCount && <Alert type="warning" title={t('medicinal.import.shownFirst', { shown: result.errors.length })} />}
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
