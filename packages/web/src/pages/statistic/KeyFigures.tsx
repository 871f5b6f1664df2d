import { Card, Col, Row, Statistic as Figure } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QuantityDisplay, StatRange } from '@rd/contract';
import { STATISTICS_QUERY_KEY, fetchQuantityDisplay } from '../../api/statistics';

const FIGURES: Array<keyof QuantityDisplay> = [
  'codesIssued',
  'codesActivated',
  'scans',
  'todayScans',
  'suspiciousScans',
  'recalledScans',
  'expiredScans',
  'checkFailedScans',
];

/** Figures that call for attention when above zero, and their colour. */
const ALERTING: Partial<Record<keyof QuantityDisplay, string>> = { suspiciousScans: '#d4380d', recalledScans: '#cf1322', expiredScans: '#d48806' };

/** The key figures of quantityDisplayList as a row of cards (the statistics screen and the home page). */
export function KeyFigures({ range, testId = 'key-figures' }: { range: StatRange; testId?: string }) {
  const { t } = useTranslation();
  const figures = useQuery({
    queryKey: [...STATISTICS_QUERY_KEY, range.beginDate, range.endDate, range.companyId ?? '', 'figures'],
    queryFn: () => fetchQuantityDisplay(range),
  });
  return (
    <Row gutter={[12, 12]} data-testid={testId}>
      {FIGURES.map((name) => (
        <Col key={name} xs={12} lg={6}>
          <Card size="small">
            <Figure
              title={t(`statistics.${name}`)}
              value={figures.data?.[name] ?? 0}
              loading={figures.isLoading}
              valueStyle={ALERTING[name] && (figures.data?.[name] ?? 0) > 0 ? { color: ALERTING[name] } : undefined}
              data-testid={`${testId}-${name}`}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
