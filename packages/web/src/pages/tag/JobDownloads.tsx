import { useState } from 'react';
import { App, Button, Dropdown, Modal, Radio, Space, Typography, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  LABEL_LAYOUTS,
  PERMISSIONS,
  QR_DOWNLOAD_MAX_CODES,
  type CodeFileFormat,
  type LabelLayoutName,
  type QrDownloadFormat,
} from '@rd/contract';
import { downloadJobCodes, downloadJobQrCodes } from '../../api/code';
import { usePermission } from '../../components/usePermission';

export interface JobDownloadsProps {
  jobId: string;
  /** Codes the job holds: formats with a limit are offered only within it. */
  codeCount: number;
  /** While the job is still writing codes nothing can be downloaded. */
  disabled?: boolean;
  /** After a download has been handed to the browser (the job's download count has grown). */
  onDownloaded?: () => void;
}

type Choice = { kind: 'file'; format: CodeFileFormat } | { kind: 'qr'; format: QrDownloadFormat; layout: LabelLayoutName };

/**
 * The downloads of a generation job, for the jobs list's actions column: the codes as an Excel file for
 * people, or CSV / TXT for inkjet coders and other machines, each choice saying what it is for; their QR
 * images as a ZIP of SVG or PNG, or a PDF label sheet in a chosen layout. Not rendered without the
 * download permission.
 */
export function JobDownloads({ jobId, codeCount, disabled = false, onDownloaded }: JobDownloadsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const allowed = usePermission(PERMISSIONS.codeRecordDownload);
  const [choosingLayout, setChoosingLayout] = useState(false);
  const [layout, setLayout] = useState<LabelLayoutName>('A4_3x8');

  const download = useMutation({
    mutationFn: (choice: Choice) =>
      choice.kind === 'file'
        ? downloadJobCodes(jobId, choice.format, `codes.${choice.format}`)
        : downloadJobQrCodes(jobId, choice.format, choice.layout, choice.format === 'pdf' ? 'labels.pdf' : 'qrcodes.zip'),
    onSuccess: (name) => {
      void message.success(t('tagDetail.downloads.started', { name }));
      onDownloaded?.();
    },
  });

  if (!allowed) return null;

  const tooManyForImages = codeCount > QR_DOWNLOAD_MAX_CODES;
  const limitNote = tooManyForImages ? (
    <Typography.Text type="secondary"> — {t('tagDetail.downloads.tooManyForImages', { max: QR_DOWNLOAD_MAX_CODES })}</Typography.Text>
  ) : null;
  // People read Excel files (codes kept as text); coders and printers take the raw CSV or TXT.
  const items: MenuProps['items'] = (['xlsx', 'csv', 'txt'] as const).map((format) => ({
    key: format,
    label: (
      <div style={{ maxWidth: 420, whiteSpace: 'normal' }}>
        <div>{t(`tagDetail.downloads.${format}`)}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`tagDetail.downloads.${format}Hint`)}
        </Typography.Text>
      </div>
    ),
  }));
  items.push(
    { type: 'divider' },
    ...(['svg', 'png', 'pdf'] as const).map((format) => ({
      key: format,
      disabled: tooManyForImages,
      label: (
        <>
          {t(`tagDetail.downloads.${format}`)}
          {limitNote}
        </>
      ),
    })),
  );

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'pdf') setChoosingLayout(true);
    else if (key === 'svg' || key === 'png') download.mutate({ kind: 'qr', format: key, layout });
    else download.mutate({ kind: 'file', format: key as CodeFileFormat });
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} disabled={disabled || download.isPending}>
        <Button type="link" size="small" loading={download.isPending} data-testid={`job-downloads-${jobId}`}>
          <Space size={4}>
            {t('tagDetail.downloads.menu')}
            <DownOutlined />
          </Space>
        </Button>
      </Dropdown>
      <Modal
        open={choosingLayout}
        title={t('tagDetail.downloads.layoutTitle')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onCancel={() => setChoosingLayout(false)}
        onOk={() => {
          setChoosingLayout(false);
          download.mutate({ kind: 'qr', format: 'pdf', layout });
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('tagDetail.downloads.layoutHint')}</Typography.Paragraph>
        <Radio.Group
          value={layout}
          onChange={(e) => setLayout(e.target.value as LabelLayoutName)}
          aria-label={t('tagDetail.downloads.layout')}
          data-testid="job-downloads-layout"
        >
          <Space orientation="vertical">
            {LABEL_LAYOUTS.map((name) => (
              <Radio key={name} value={name}>
                {t(`tagDetail.downloads.layouts.${name}`)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Modal>
    </>
  );
}
