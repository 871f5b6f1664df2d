import { useTranslation } from 'react-i18next';
import type { ScanAttribute, ScanProduct } from '@rd/contract';
import { InfoList, ScanSection, type InfoItem } from './InfoList';
import { ScanImages } from './ScanImages';

/** The product: pictures, name, spec, brand, GTIN, and the template attributes marked for the scan page. */
export function ProductSection({ product }: { product: ScanProduct }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const items: InfoItem[] = [
    { label: t('scan.product.name'), value: product.name, testId: 'product-name' },
    { label: t('scan.product.spec'), value: product.spec },
    { label: t('scan.product.unit'), value: product.unit },
    { label: t('scan.product.brand'), value: product.brand },
    { label: t('scan.product.gtin'), value: product.gtin ?? '' },
    ...product.attributes.map((attribute) => ({
      label: (lang === 'en_US' && attribute.labelEn) || attribute.label,
      value: <AttributeValue attribute={attribute} />,
      wide: attribute.type === 'RICH_TEXT' || attribute.type === 'IMAGE',
      testId: `product-attr-${attribute.key}`,
    })),
    { label: t('scan.product.description'), value: product.description ? <span className="scan-text">{product.description}</span> : '', wide: true },
  ];
  return (
    <ScanSection title={t('scan.section.product')} testId="scan-product">
      <ScanImages images={product.images} alt={product.name} />
      <InfoList items={items} />
    </ScanSection>
  );
}

/** Values are text whatever their type: rich text keeps its line breaks but its markup is never interpreted. */
function AttributeValue({ attribute }: { attribute: ScanAttribute }) {
  if (attribute.type === 'IMAGE') {
    return attribute.image ? <ScanImages images={[attribute.image]} variant="thumbs" alt={attribute.label} /> : null;
  }
  return <span className={attribute.type === 'RICH_TEXT' ? 'scan-text' : undefined}>{attribute.value}</span>;
}
