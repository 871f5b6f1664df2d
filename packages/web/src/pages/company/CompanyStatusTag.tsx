import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompanyInfoStatusValue } from '@rd/contract';

const COLORS: Record<CompanyInfoStatusValue | 'NONE', string> = {
  NONE: 'default',
  DRAFT: 'default',
  SUBMITTED: 'processing',
  APPROVED: 'success',
  REJECTED: 'error',
};

/** The state of a company's report as a coloured tag; null means not reported yet. */
export function CompanyStatusTag({ status }: { status: CompanyInfoStatusValue | null }) {
  const { t } = useTranslation();
  const key = status ?? 'NONE';
  return (
    <Tag color={COLORS[key]} data-testid="company-status">
      {t(`company.status.${key}`)}
    </Tag>
  );
}
