import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CodeRecordRow } from '@rd/contract';
import { formatCount } from './formatCount';
import { useLiveJob } from './useLiveJob';

const PROGRESS_STATUS: Record<CodeRecordRow['status'], 'normal' | 'active' | 'success' | 'exception'> = {
  QUEUED: 'normal',
  RUNNING: 'active',
  DONE: 'success',
  FAILED: 'exception',
  CANCELLED: 'normal',
};

const TAG_COLOR: Record<CodeRecordRow['status'], string> = {
  QUEUED: 'default',
  RUNNING: 'processing',
  DONE: 'success',
  FAILED: 'error',
  CANCELLED: 'warning',
};

/** The job's progress bar with the count of codes written, refreshed while the job runs. */
export function JobProgress({ row }: { row: CodeRecordRow }) {
  const { t } = useTranslation();
  const job = useLiveJob(row);
  return (
    <div className="job-progress" data-testid={`job-progress-${job.id}`}>
      <Progress percent={job.percent} status={PROGRESS_STATUS[job.status]} size="small" />
      <div className="job-progress__count">
        {t('tagGenerate.progressText', { progress: formatCount(job.progress), quantity: formatCount(job.quantity) })}
      </div>
    </div>
  );
}

/** The job's status as a tag; a failed job says why on hover. */
export function JobStatusTag({ row }: { row: CodeRecordRow }) {
  const { t } = useTranslation();
  const job = useLiveJob(row);
  return (
    <Tag color={TAG_COLOR[job.status]} title={job.error || undefined} data-testid={`job-status-${job.id}`}>
      {t(`tagGenerate.statuses.${job.status}`)}
    </Tag>
  );
}
