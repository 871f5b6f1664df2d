import FileTextOutlined from '@ant-design/icons-svg/es/asn/FileTextOutlined';
import { useTranslation } from 'react-i18next';
import type { ScanBatch } from '@rd/contract';
import { openImageViewer } from '../../app/state/imageViewerStore';
import { Icon } from '../ui/Icon';
import { InfoList, ScanSection } from './InfoList';
import { ScanImages } from './ScanImages';

/** The batch: number, dates, origin, then its farming records as a timeline and its inspection reports. */
export function BatchSection({ batch }: { batch: ScanBatch }) {
  const { t } = useTranslation();
  // Oldest first: the story of the crop from sowing to picking.
  const records = [...batch.farmingRecords].sort((a, b) => a.date.localeCompare(b.date));
  return (
    <>
      <ScanSection title={t('scan.section.batch')} testId="scan-batch">
        <InfoList
          items={[
            { label: t('scan.batch.batchNo'), value: batch.batchNo, testId: 'batch-no' },
            { label: t('scan.batch.productionDate'), value: batch.productionDate ?? '' },
            { label: t('scan.batch.expiryDate'), value: batch.expiryDate ?? '' },
            { label: t('scan.batch.harvestDate'), value: batch.harvestDate ?? '' },
            { label: t('scan.batch.origin'), value: batch.origin },
          ]}
        />
      </ScanSection>
      {records.length > 0 && (
        <ScanSection title={t('scan.section.farming')} testId="scan-farming">
          <ol className="scan-timeline">
            {records.map((record, index) => (
              <li key={`${record.date}-${index}`} className="scan-timeline__item">
                <div className="scan-record" data-testid="farming-record">
                  <div className="scan-record__head">
                    <strong>{t(`scan.batch.kind.${record.kind}`)}</strong>
                    <span className="scan-muted">{record.date}</span>
                  </div>
                  {record.operator && <div>{t('scan.batch.operator', { name: record.operator })}</div>}
                  {record.material && <div>{t('scan.batch.material', { material: record.material })}</div>}
                  <ScanImages images={record.images} variant="thumbs" alt={t(`scan.batch.kind.${record.kind}`)} />
                </div>
              </li>
            ))}
          </ol>
        </ScanSection>
      )}
      {batch.inspectionReports.length > 0 && (
        <ScanSection title={t('scan.section.inspection')} testId="scan-inspection">
          <ul className="scan-reports">
            {batch.inspectionReports.map((report, index) => (
              <li key={report.file.fileId}>
                <button
                  type="button"
                  className="scan-link"
                  onClick={() => openImageViewer(batch.inspectionReports.map((r) => r.file.url), index)}
                >
                  <Icon icon={FileTextOutlined} /> {report.name}
                </button>
                {report.date && <span className="scan-muted"> {report.date}</span>}
              </li>
            ))}
          </ul>
        </ScanSection>
      )}
    </>
  );
}
