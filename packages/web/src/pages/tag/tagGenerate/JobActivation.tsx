import { useEffect, useRef } from 'react';
import { Progress, Tooltip } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type CodeRecordRow } from '@rd/contract';
import { fetchJobActivation, jobActivationKey, requestJobActivation } from '../../../api/codeActivation';
import { CODE_RECORD_LIST_KEY } from '../../../api/codeRecord';
import { CODES_QUERY_KEY } from '../../../api/code';
import { BATCHES_QUERY_KEY } from '../../../api/productBatch';
import { PermissionButton } from '../../../components/PermissionButton';
import { useConfirmAction } from '../../../components/useConfirmAction';
import { usePermission } from '../../../components/usePermission';
import { formatCount } from './formatCount';
import { JOB_POLL_MS } from './useLiveJob';

const isUnderWay = (status: string | undefined) => status === 'QUEUED' || status === 'RUNNING';

/** Codes of the job not in force yet and not voided: what activating the whole job would change. */
export const codesLeftToActivate = (job: Pick<CodeRecordRow, 'progress' | 'activatedCount' | 'voidedCount'>) =>
  Math.max(0, job.progress - job.activatedCount - job.voidedCount);

/**
 * "Activate all" for a finished job: asks first (how many codes, voided ones stay voided), then follows the
 * background activation every second with a bar of the job's codes in force (from its tallies, so the bar
 * is right after a reload too). Disabled while nothing is left to activate or an activation is under way.
 */
export function JobActivation({ job }: { job: CodeRecordRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirmAction = useConfirmAction();
  const mayActivate = usePermission(PERMISSIONS.codeActivate);
  const state = useQuery({
    queryKey: jobActivationKey(job.id),
    queryFn: () => fetchJobActivation(job.id),
    enabled: mayActivate && job.status === 'DONE',
    refetchInterval: (query) => (isUnderWay(query.state.data?.activation?.status) ? JOB_POLL_MS : false),
  });
  const activation = state.data?.activation ?? null;
  const live = state.data?.job ?? job;
  const underWay = isUnderWay(activation?.status);
  const left = codesLeftToActivate(live);

  // when an activation ends, the lists' counts follow
  const wasUnderWay = useRef(underWay);
  useEffect(() => {
    if (wasUnderWay.current && !underWay) {
      for (const queryKey of [CODE_RECORD_LIST_KEY, CODES_QUERY_KEY, BATCHES_QUERY_KEY]) void queryClient.invalidateQueries({ queryKey });
    }
    wasUnderWay.current = underWay;
  }, [underWay, queryClient]);

  const start = useMutation({
    mutationFn: () => requestJobActivation(job.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobActivationKey(job.id) }),
  });

  if (job.status !== 'DONE' || job.progress === 0) return null;
  if (underWay) {
    const inForce = live.activatedCount;
    const total = Math.max(1, live.progress - live.voidedCount);
    return (
      <div className="job-progress" data-testid={`job-activation-progress-${job.id}`}>
        <Progress percent={Math.floor((inForce * 100) / total)} status="active" size="small" />
        <div className="job-progress__count">{t('tagGenerate.activating', { done: formatCount(inForce), total: formatCount(total) })}</div>
      </div>
    );
  }
  return (
    <Tooltip title={left === 0 ? t('tagGenerate.nothingToActivate') : undefined}>
      <span>
        <PermissionButton
          code={PERMISSIONS.codeActivate}
          type="link"
          size="small"
          disabled={left === 0 || state.isLoading}
          onClick={() =>
            confirmAction({
              title: t('tagGenerate.activateTitle'),
              danger: false,
              content: t('tagGenerate.activateConfirm', { n: formatCount(left), voided: formatCount(live.voidedCount) }),
              action: () => start.mutateAsync(),
            })
          }
          data-testid={`job-activate-${job.id}`}
        >
          {t('tagGenerate.activateAll')}
        </PermissionButton>
      </span>
    </Tooltip>
  );
}
