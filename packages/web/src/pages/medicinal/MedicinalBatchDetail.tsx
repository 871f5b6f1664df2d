import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Empty, Input, List, Select, Space, Spin, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BATCH_FILE_KINDS, BATCH_FILE_NAME_MAX, DOSAGE_FORM_DICT, PERMISSIONS, type BatchFileKind, type MedicinalBatchDetail } from '@rd/contract';
import { downloadStoredFile } from '../../api/files';
import { usePermission } from '../../components/usePermission';
import { AuthImage } from '../../components/upload/AuthImage';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { useDictionaries } from '../../dict/useDictionaries';
import { EMPTY, formatDate } from '../../utils/format';
import { MEDICINAL_BATCHES_KEY, addMedicinalBatchFile, deleteMedicinalBatchFile, fetchMedicinalBatch } from './medicinalApi';

/** One batch with its product's facts and its attached files (inspection reports, certificates). */
export function MedicinalBatchDetailDrawer({ batchId, onClose }: { batchId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detailKey = [...MEDICINAL_BATCHES_KEY, 'detail', batchId];
  const detail = useQuery({ queryKey: detailKey, queryFn: () => fetchMedicinalBatch(batchId) });
  return (
    <Drawer open title={t('medicinal.batchDetail')} size={720} onClose={onClose} destroyOnHidden>
      {detail.data ? <BatchDetailBody batch={detail.data} detailKey={detailKey} /> : <Spin />}
    </Drawer>
  );
}

function BatchDetailBody({ batch, detailKey }: { batch: MedicinalBatchDetail; detailKey: unknown[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { dictLabel } = useDictionaries();
  const canEdit = usePermission(PERMISSIONS.medicinalBatchEdit);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<BatchFileKind>('INSPECTION');

  const refresh = async (next: MedicinalBatchDetail) => {
    queryClient.setQueryData(detailKey, next);
    await queryClient.invalidateQueries({ queryKey: MEDICINAL_BATCHES_KEY });
  };
  const attach = useMutation({
    mutationFn: (fileId: string) => addMedicinalBatchFile({ batchId: batch.id, fileId, name: name.trim(), kind }),
    onSuccess: async (next) => {
      void message.success(t('common.operationSuccess'));
      setName('');
      await refresh(next);
    },
  });
  const detach = useMutation({ mutationFn: deleteMedicinalBatchFile, onSuccess: refresh });

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions column={2} bordered size="small" data-testid="mb-detail">
        <Descriptions.Item label={t('medicinal.genericName')}>{batch.genericName}</Descriptions.Item>
        <Descriptions.Item label={t('medicinal.tradeName')}>{batch.tradeName || EMPTY}</Descriptions.Item>
        <Descriptions.Item label={t('medicinal.approvalNo')}>{batch.approvalNo}</Descriptions.Item>
        <Descriptions.Item label={t('medicinal.dosageForm')}>{dictLabel(DOSAGE_FORM_DICT, batch.dosageForm)}</Descriptions.Item>
        <Descriptions.Item label={t('medicinal.specification')}>{batch.specification || EMPTY}</Descriptions.Item>
        <Descriptions.Item label={t('medicinal.manufacturer')}>{batch.manufacturer}</Descriptions.Item>
        <Descriptions.Item label={t('medicinal.batchNo')}>{batch.batchNo}</Descriptions.Item>
        <Descriptions.Item label={t('medicinal.quantity')}>{batch.quantity.toLocaleString()}</Descriptions.Item>
        <Descriptions.Item label={t('medicinal.productionDate')}>{formatDate(batch.productionDate)}</Descriptions.Item>
        <Descriptions.Item label={t('medicinal.expiryDate')}>{formatDate(batch.expiryDate)}</Descriptions.Item>
        <Descriptions.Item label={t('medicinal.origin')}>{batch.origin || EMPTY}</Descriptions.Item>
        <Descriptions.Item label={t('medicinal.remark')}>{batch.remark || EMPTY}</Descriptions.Item>
      </Descriptions>

      <Typography.Title level={5}>{t('medicinal.files')}</Typography.Title>
      {batch.files.length === 0 ? (
        <Empty description={t('medicinal.noFiles')} />
      ) : (
        <List
          dataSource={batch.files}
          data-testid="mb-files"
          renderItem={(file) => (
            <List.Item
              actions={[
                <Button key="download" type="link" size="small" onClick={() => void downloadStoredFile(file.fileId, file.fileName).catch(() => undefined)}>
                  {t('medicinal.download')}
                </Button>,
                ...(canEdit
                  ? [
                      <Button key="remove" type="link" size="small" danger onClick={() => detach.mutate(file.id)}>
                        {t('medicinal.removeFile')}
                      </Button>,
                    ]
                  : []),
              ]}
            >
              <List.Item.Meta
                avatar={file.contentType.startsWith('image/') ? <AuthImage fileId={file.fileId} width={48} height={48} alt={file.name} /> : undefined}
                title={file.name}
                description={`${t(`medicinal.kinds.${file.kind}`)} · ${file.fileName}`}
              />
            </List.Item>
          )}
        />
      )}

      {canEdit && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text strong>{t('medicinal.addFile')}</Typography.Text>
          <Typography.Text type="secondary">{t('medicinal.addFileHint')}</Typography.Text>
          <Space wrap>
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={BATCH_FILE_NAME_MAX}
              placeholder={t('medicinal.fileName')}
              style={{ width: 240 }}
              data-testid="mb-file-name"
            />
            <Select<BatchFileKind>
              value={kind}
              onChange={setKind}
              style={{ width: 160 }}
              options={BATCH_FILE_KINDS.map((k) => ({ value: k, label: t(`medicinal.kinds.${k}`) }))}
            />
          </Space>
          {name.trim() !== '' && (
            // a fresh upload control after each attachment: the new file joins the list above
            <ImageUpload key={batch.files.length} place="image" onChange={(fileId) => fileId && attach.mutate(fileId)} />
          )}
        </Space>
      )}
    </Space>
  );
}
