import { useTranslation } from 'react-i18next';
import type { ScanGrower } from '@rd/contract';
import { InfoList, ScanSection } from './InfoList';
import { ScanImages } from './ScanImages';

/** The grower of the batch, public fields only (the phone comes masked from the server). */
export function GrowerSection({ grower }: { grower: ScanGrower }) {
  const { t } = useTranslation();
  return (
    <ScanSection title={t('scan.section.grower')} testId="scan-grower">
      <div className="scan-party">
        {grower.photo && <ScanImages images={[grower.photo]} variant="thumbs" alt={grower.name} />}
        <InfoList
          items={[
            { label: t('scan.grower.name'), value: grower.name, testId: 'grower-name' },
            { label: t('scan.grower.phone'), value: grower.phoneMasked },
            { label: t('scan.grower.region'), value: grower.regionName },
            { label: t('scan.grower.base'), value: grower.plantingBase },
            { label: t('scan.grower.area'), value: grower.plantingArea ?? '' },
            { label: t('scan.grower.varieties'), value: grower.varieties },
            { label: t('scan.grower.certifications'), value: grower.certifications },
          ]}
        />
      </div>
    </ScanSection>
  );
}
