import { useTranslation } from 'react-i18next';
import type { ScanCompany } from '@rd/contract';
import { InfoList, ScanSection } from './InfoList';
import { ScanImages } from './ScanImages';

/** The company's last approved info: what passed the platform's audit, nothing else. */
export function CompanySection({ company }: { company: ScanCompany }) {
  const { t } = useTranslation();
  const phone = company.contactPhone;
  return (
    <ScanSection title={t('scan.section.company')} testId="scan-company">
      <div className="scan-party">
        {company.logo && <ScanImages images={[company.logo]} variant="thumbs" alt={company.fullName} />}
        <InfoList
          items={[
            { label: t('scan.company.name'), value: company.fullName, testId: 'company-name' },
            { label: t('scan.company.address'), value: company.address || company.registerAddress, wide: true },
            {
              label: t('scan.company.phone'),
              // A tap dials: the quickest way for a worried buyer to reach the manufacturer.
              value: phone ? <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a> : '',
            },
            { label: t('scan.company.website'), value: safeWebsite(company.website), wide: true },
            {
              label: t('scan.company.introduction'),
              value: company.introduction ? <span className="scan-text">{company.introduction}</span> : '',
              wide: true,
            },
          ]}
        />
      </div>
    </ScanSection>
  );
}

/** A website becomes a link only when it is plain http(s); anything else (javascript:, data:) stays text. */
function safeWebsite(website: string) {
  if (!website) return '';
  const href = /^https?:\/\//i.test(website) ? website : `https://${website}`;
  try {
    const url = new URL(href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return website;
    return (
      <a href={url.href} target="_blank" rel="noopener noreferrer">
        {website}
      </a>
    );
  } catch {
    return website;
  }
}
