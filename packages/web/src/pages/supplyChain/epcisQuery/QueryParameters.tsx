import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QueryParameters as Parameters } from '../../../api/epcisQueries';
import { formatDateTime } from '../../../utils/format';
import { BIZ_STEPS, bareCbvValue, parameterValues } from './eventFilters';

const NAMED = [
  'eventType',
  'EQ_bizStep',
  'EQ_action',
  'EQ_disposition',
  'MATCH_anyEPC',
  'MATCH_epc',
  'MATCH_parentID',
  'GE_eventTime',
  'LT_eventTime',
  'GE_recordTime',
  'LT_recordTime',
  'EQ_readPoint',
  'EQ_bizLocation',
] as const;
type Named = (typeof NAMED)[number];
const TIMES = new Set<string>(['GE_eventTime', 'LT_eventTime', 'GE_recordTime', 'LT_recordTime']);

/**
 * A saved query's parameters in words, one tag each: "Business step: Shipping". Parameters the portal has
 * no words for (a partner's query) keep the standard's name, which partners read.
 */
export function QueryParameters({ query, testId }: { query: Parameters; testId?: string }) {
  const { t } = useTranslation();
  const entries = Object.entries(query).filter(([name]) => name !== '@context');
  if (entries.length === 0) return <Typography.Text type="secondary">{t('epcisQuery.allEvents')}</Typography.Text>;

  const valueText = (name: string, value: string) => {
    if (TIMES.has(name)) return formatDateTime(value);
    if (name === 'EQ_bizStep') {
      const step = bareCbvValue(value);
      return (BIZ_STEPS as readonly string[]).includes(step) ? t(`supply.event.bizSteps.${step as (typeof BIZ_STEPS)[number]}`) : value;
    }
    return value;
  };

  return (
    <Space size={[4, 4]} wrap data-testid={testId}>
      {entries.map(([name, value]) => {
        const label = (NAMED as readonly string[]).includes(name) ? t(`epcisQuery.parameters.${name as Named}`) : name;
        const values = parameterValues(value).map((v) => valueText(name, v));
        return (
          <Tag key={name} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere', marginInlineEnd: 0 }}>
            {t('epcisQuery.parameter', { label, value: values.join(' | ') })}
          </Tag>
        );
      })}
    </Space>
  );
}
