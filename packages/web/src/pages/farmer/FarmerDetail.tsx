import { Alert, Button, Card, Descriptions, Empty, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FARMER_DETAIL_BATCHES_MAX, type FarmerBatch } from '@rd/contract';
import { FARMERS_QUERY_KEY, fetchFarmer } from '../../api/farmer';
import { useBackToList } from '../../app/router/useBackToList';
import { DetailLoadState } from '../../components/DetailLoadState';
import { AuthImage } from '../../components/upload/AuthImage';
import { EMPTY, formatDate, formatDateTime } from '../../utils/format';
import { previewStoredImages } from '../product/product/previewStoredImages';

/** One grower, read-only (farmerDetail?id=..., hidden, returns to farmerInfo): profile, photo, products, batches. */
export default function FarmerDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const back = useBackToList('farmerInfo');
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: [...FARMERS_QUERY_KEY, 'detail', id], queryFn: () => fetchFarmer(id), enabled: id !== '' });
  const farmer = detail.data;

  if (!farmer) {
    return <DetailLoadState loading={id !== '' && detail.isLoading} backLabel={t('farmer.back')} notFoundLabel={t('farmer.notFound')} onBack={back} />;
  }

  const text = (value: string) => value || EMPTY;
  const batchColumns: TableColumnsType<FarmerBatch> = [
    { key: 'batchNo', dataIndex: 'batchNo', title: t('farmer.batch.batchNo') },
    { key: 'productName', dataIndex: 'productName', title: t('farmer.batch.product') },
    { key: 'productionDate', dataIndex: 'productionDate', title: t('farmer.batch.productionDate'), render: (v: string | null) => formatDate(v) },
    { key: 'harvestDate', dataIndex: 'harvestDate', title: t('farmer.batch.harvestDate'), render: (v: string | null) => formatDate(v) },
    { key: 'quantity', dataIndex: 'quantity', title: t('farmer.batch.quantity'), render: (v: number) => v.toLocaleString() },
  ];

  return (
    <Card
      title={`${t('farmer.detailTitle')} · ${farmer.name}`}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="farmer-detail-back">
          {t('farmer.back')}
        </Button>
      }
    >
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {farmer.idCardMasked && <Alert type="info" showIcon title={t('farmer.hints.idCardMasked')} />}
        <Space align="start" size="large" wrap>
          {farmer.photoFileId ? (
            <AuthImage
              fileId={farmer.photoFileId}
              width={120}
              height={120}
              alt={farmer.name}
              onClick={() => void previewStoredImages(queryClient, [farmer.photoFileId as string]).catch(() => undefined)}
            />
          ) : null}
          <Descriptions bordered column={{ xs: 1, md: 2 }} size="small" title={t('farmer.sections.profile')} data-testid="farmer-detail">
            <Descriptions.Item label={t('farmer.name')}>{farmer.name}</Descriptions.Item>
            <Descriptions.Item label={t('farmer.phone')}>{text(farmer.phone)}</Descriptions.Item>
            <Descriptions.Item label={t('farmer.idCard')}>
              <span data-testid="farmer-detail-idCard">{text(farmer.idCard)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('farmer.region')}>{farmer.regionCode ? `${farmer.regionName}（${farmer.regionCode}）` : EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('farmer.address')} span={2}>
              {text(farmer.address)}
            </Descriptions.Item>
            <Descriptions.Item label={t('farmer.plantingBase')}>{text(farmer.plantingBase)}</Descriptions.Item>
            <Descriptions.Item label={t('farmer.plantingArea')}>{farmer.plantingArea ?? EMPTY}</Descriptions.Item>
            <Descriptions.Item label={t('farmer.varieties')}>{text(farmer.varieties)}</Descriptions.Item>
            <Descriptions.Item label={t('farmer.certifications')}>{text(farmer.certifications)}</Descriptions.Item>
            <Descriptions.Item label={t('farmer.status')}>
              <Tag color={farmer.status === 'ENABLED' ? 'success' : 'default'}>{t(`farmer.statuses.${farmer.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('farmer.updatedAt')}>{formatDateTime(farmer.updatedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('farmer.remark')} span={2}>
              <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{text(farmer.remark)}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </Space>

        <Descriptions title={t('farmer.sections.products')} size="small" column={1}>
          <Descriptions.Item>
            {farmer.products.length ? (
              <Space size={4} wrap data-testid="farmer-detail-products">
                {farmer.products.map((p) => (
                  <Tag key={p.id}>{p.name}</Tag>
                ))}
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('farmer.noProducts')}</Typography.Text>
            )}
          </Descriptions.Item>
        </Descriptions>

        <div>
          <Typography.Title level={5}>{t('farmer.sections.batches')}</Typography.Title>
          {farmer.batchCount > farmer.batches.length && (
            <Typography.Paragraph type="secondary">{t('farmer.batchesLimited', { max: FARMER_DETAIL_BATCHES_MAX })}</Typography.Paragraph>
          )}
          <Table<FarmerBatch>
            rowKey="id"
            size="small"
            columns={batchColumns}
            dataSource={farmer.batches}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('farmer.noBatches')} /> }}
            data-testid="farmer-detail-batches"
          />
        </div>
      </Space>
    </Card>
  );
}
