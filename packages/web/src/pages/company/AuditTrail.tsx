import { Empty, Timeline, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import type { CompanyInfoTrailEntry } from '@rd/contract';
import { PersonName } from '../../components/PersonName';
import { formatDateTime } from '../../utils/format';
import { CompanyStatusTag } from './CompanyStatusTag';

/** Every transition of a report, newest first: when, who, what, the state it led to and the comment. */
export function AuditTrail({ entries }: { entries: readonly CompanyInfoTrailEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('company.info.noTrail')} />;
  return (
    <Timeline
      data-testid="company-trail"
      items={[...entries].reverse().map((entry) => ({
        key: entry.id,
        color: entry.action === 'REJECT' ? 'red' : entry.action === 'PASS' ? 'green' : 'blue',
        children: (
          <div data-testid="trail-entry">
            <Typography.Text type="secondary">{formatDateTime(entry.createdAt)}</Typography.Text>{' '}
            <Typography.Text>
              <Trans
                i18nKey="company.info.trailEntry"
                values={{ action: t(`company.action.${entry.action}`) }}
                components={{ actor: <PersonName name={entry.actorName} username={entry.actorUsername} testId="trail-actor" /> }}
              />
            </Typography.Text>{' '}
            <CompanyStatusTag status={entry.toStatus} />{' '}
            <Typography.Text type="secondary">{t('company.info.revision', { revision: entry.revision })}</Typography.Text>
            {entry.comment ? <Typography.Paragraph className="company-trail__comment">{entry.comment}</Typography.Paragraph> : null}
          </div>
        ),
      }))}
    />
  );
}
